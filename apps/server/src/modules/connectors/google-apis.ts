import type { zGaAccountSummary, zGadsCustomer, zGscSite } from '@app/contract/connectors/metadata';
import type { z } from 'zod';
import type { Platform } from '../../platform/platform';
import type { BindingRow } from './bindings.repo';
import type { GoogleClient } from './google-client';
import { callGoogle, GoogleApiError, jsonBody } from './google-http';
import { withAccess } from './tokens';

/**
 * The Google reads the connectors make, one function each, in Google's request and response
 * shapes: Analytics Admin `accountSummaries`, Analytics Data `runReport`, Search Console `sites`
 * and `searchAnalytics/query`, Google Ads `listAccessibleCustomers` and `searchStream` (GAQL).
 * Every call goes through `callGoogle` (logged) with the binding's live token.
 */

export type GaAccountSummary = z.infer<typeof zGaAccountSummary>;
export type GscSite = z.infer<typeof zGscSite>;
export type GadsCustomer = z.infer<typeof zGadsCustomer>;

export type Day = string;
export interface Window {
  start: Day;
  end: Day;
}

const rec = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const str = (value: unknown): string =>
  typeof value === 'string' ? value : value == null ? '' : String(value);
const numOf = (value: unknown): number => {
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : 0;
};

const meta = (binding: BindingRow, api: Parameters<typeof callGoogle>[1]['api']) => ({
  api,
  service: binding.service,
  teamId: binding.teamId,
  bindingId: binding.id,
});

const bearer = (token: string, extra: Record<string, string> = {}) => ({
  authorization: `Bearer ${token}`,
  ...extra,
});

// --- what the account offers (metadata) ---------------------------------------------------------

export async function gaAccountSummaries(
  platform: Platform,
  client: GoogleClient,
  binding: BindingRow,
): Promise<GaAccountSummary[]> {
  const out: GaAccountSummary[] = [];
  let pageToken = '';
  // Google pages at most 200 accounts; a hundred pages is far beyond any real account.
  for (let page = 0; page < 100; page += 1) {
    const query = new URLSearchParams({ pageSize: '200', ...(pageToken ? { pageToken } : {}) });
    const answer = await withAccess(platform, client, binding, (token) =>
      callGoogle(
        platform,
        meta(binding, 'analytics_admin.account_summaries'),
        `${client.analyticsAdminUrl}/accountSummaries?${query}`,
        {
          headers: bearer(token),
        },
      ),
    );
    const body = rec(answer.body);
    for (const item of list(body.accountSummaries)) {
      const account = rec(item);
      out.push({
        name: str(account.name),
        account: str(account.account),
        displayName: str(account.displayName),
        propertySummaries: list(account.propertySummaries).map((p) => {
          const property = rec(p);
          return {
            property: str(property.property),
            displayName: str(property.displayName),
            propertyType: str(property.propertyType),
            parent: str(property.parent),
          };
        }),
      });
    }
    pageToken = str(body.nextPageToken);
    if (!pageToken) break;
  }
  return out;
}

export async function gscSites(
  platform: Platform,
  client: GoogleClient,
  binding: BindingRow,
): Promise<GscSite[]> {
  const answer = await withAccess(platform, client, binding, (token) =>
    callGoogle(platform, meta(binding, 'search_console.sites'), `${client.searchConsoleUrl}/sites`, {
      headers: bearer(token),
    }),
  );
  return list(rec(answer.body).siteEntry).map((item) => {
    const site = rec(item);
    return { siteUrl: str(site.siteUrl), permissionLevel: str(site.permissionLevel) };
  });
}

function adsHeaders(client: GoogleClient, token: string, loginCustomerId: string | null) {
  if (!client.developerToken) {
    throw new GoogleApiError('config', 'Google Ads needs a developer token', null, 'DEVELOPER_TOKEN_MISSING');
  }
  return bearer(token, {
    'developer-token': client.developerToken,
    ...(loginCustomerId ? { 'login-customer-id': loginCustomerId } : {}),
  });
}

/** `searchStream` answers a JSON array of batches, each with `results`. */
async function searchStream(
  platform: Platform,
  client: GoogleClient,
  binding: BindingRow,
  {
    customerId,
    loginCustomerId,
    query,
  }: { customerId: string; loginCustomerId: string | null; query: string },
): Promise<Record<string, unknown>[]> {
  const answer = await withAccess(platform, client, binding, (token) =>
    callGoogle(
      platform,
      meta(binding, 'google_ads.search_stream'),
      `${client.adsUrl}/customers/${customerId}/googleAds:searchStream`,
      jsonBody({ query }, adsHeaders(client, token, loginCustomerId)),
    ),
  );
  return list(answer.body).flatMap((batch) => list(rec(batch).results).map(rec));
}

/**
 * The Ads customers the account reaches: each accessible one with its name and manager flag, and
 * for a manager its client customers (what `customer_hierarchy` can name: manager, then child).
 */
export async function adsCustomers(
  platform: Platform,
  client: GoogleClient,
  binding: BindingRow,
): Promise<GadsCustomer[]> {
  const answer = await withAccess(platform, client, binding, (token) =>
    callGoogle(
      platform,
      meta(binding, 'google_ads.list_accessible_customers'),
      `${client.adsUrl}/customers:listAccessibleCustomers`,
      { headers: adsHeaders(client, token, null) },
    ),
  );
  const ids = list(rec(answer.body).resourceNames)
    .map((name) => str(name).replace(/^customers\//, ''))
    .filter((id) => /^\d+$/.test(id))
    .slice(0, 50);
  const out: GadsCustomer[] = [];
  for (const id of ids) {
    let rows: Record<string, unknown>[];
    try {
      rows = await searchStream(platform, client, binding, {
        customerId: id,
        loginCustomerId: id,
        query:
          'SELECT customer_client.id, customer_client.descriptive_name, customer_client.manager, customer_client.level FROM customer_client WHERE customer_client.level <= 1',
      });
    } catch (error) {
      // A customer the account may list but not read (cancelled, no access yet) is left out.
      if (error instanceof GoogleApiError && error.kind === 'refused') continue;
      throw error;
    }
    const clients = rows.map((row) => rec(row.customerClient));
    const self = clients.find((c) => numOf(c.level) === 0);
    out.push({
      id,
      name: str(self?.descriptiveName) || id,
      manager: self?.manager === true,
      children: clients
        .filter((c) => numOf(c.level) === 1)
        .map((c) => ({
          id: str(c.id),
          name: str(c.descriptiveName) || str(c.id),
          manager: c.manager === true,
        })),
    });
  }
  return out;
}

// --- what a sync reads ----------------------------------------------------------------------------

/** One row of a source table, in the table's column order (see sync-store.ts). */
export type SourceRow = (string | number | null)[];

export interface SyncPage {
  rows: SourceRow[];
  /** The offset of the next page, or null when the window is read whole. */
  next: number | null;
  currency: string | null;
  timeZone: string | null;
}

/**
 * `ga_daily`'s grain: eight of the nine dimensions a report may ask. Session duration comes as
 * GA4's average per row, kept as the row's total seconds (average x sessions) so any grouping
 * recomputes its own average from parts.
 */
const GA_DIMENSIONS = [
  'date',
  'sessionDefaultChannelGroup',
  'country',
  'deviceCategory',
  'landingPage',
  'sessionSource',
  'sessionMedium',
  'sessionCampaignName',
];
const GA_METRICS = [
  'sessions',
  'totalUsers',
  'newUsers',
  'engagedSessions',
  'keyEvents',
  'totalRevenue',
  'averageSessionDuration',
];

const gaDay = (value: string) =>
  /^\d{8}$/.test(value) ? `${value.slice(0, 4)}-${value.slice(4, 6)}-${value.slice(6, 8)}` : value;

/**
 * One page of a GA4 property's daily rows (`ga_daily`'s grain), ordered by every dimension so
 * offsets walk one stable order; the property's token use comes back with it (`propertyQuota`).
 */
export async function gaReportPage(
  platform: Platform,
  client: GoogleClient,
  binding: BindingRow,
  property: string,
  window: Window,
  offset: number,
  limit: number,
): Promise<SyncPage> {
  const answer = await withAccess(platform, client, binding, (token) =>
    callGoogle(
      platform,
      meta(binding, 'analytics_data.run_report'),
      `${client.analyticsDataUrl}/${property}:runReport`,
      {
        ...jsonBody(
          {
            dateRanges: [{ startDate: window.start, endDate: window.end }],
            dimensions: GA_DIMENSIONS.map((name) => ({ name })),
            metrics: GA_METRICS.map((name) => ({ name })),
            orderBys: GA_DIMENSIONS.map((dimensionName) => ({ dimension: { dimensionName }, desc: false })),
            limit,
            offset,
            keepEmptyRows: false,
            returnPropertyQuota: true,
          },
          bearer(token),
        ),
        quotaCost: (body) => numOf(rec(rec(rec(body).propertyQuota).tokensPerDay).consumed) || 1,
      },
    ),
  );
  const body = rec(answer.body);
  const rows = list(body.rows).map((item): SourceRow => {
    const row = rec(item);
    const d = list(row.dimensionValues).map((v) => str(rec(v).value));
    const m = list(row.metricValues).map((v) => numOf(rec(v).value));
    return [
      gaDay(d[0] ?? ''),
      property,
      d[1] ?? null,
      d[2] ?? null,
      d[3] ?? null,
      d[4] ?? null,
      m[0] ?? 0,
      m[1] ?? 0,
      m[2] ?? 0,
      m[3] ?? 0,
      m[4] ?? 0,
      m[5] ?? 0,
      d[5] ?? null,
      d[6] ?? null,
      d[7] ?? null,
      (m[6] ?? 0) * (m[0] ?? 0),
    ];
  });
  const rowCount = numOf(body.rowCount);
  const metadata = rec(body.metadata);
  return {
    rows,
    next: rows.length > 0 && offset + rows.length < rowCount ? offset + rows.length : null,
    currency: str(metadata.currencyCode) || null,
    timeZone: str(metadata.timeZone) || null,
  };
}

const GSC_DIMENSIONS = ['date', 'query', 'page', 'country', 'device'];

/** One page of a Search Console site's rows (`gsc_daily`'s grain), web search, final data. */
export async function gscPage(
  platform: Platform,
  client: GoogleClient,
  binding: BindingRow,
  siteUrl: string,
  window: Window,
  startRow: number,
  rowLimit: number,
): Promise<SyncPage> {
  const answer = await withAccess(platform, client, binding, (token) =>
    callGoogle(
      platform,
      meta(binding, 'search_console.search_analytics'),
      `${client.searchConsoleUrl}/sites/${encodeURIComponent(siteUrl)}/searchAnalytics/query`,
      jsonBody(
        {
          startDate: window.start,
          endDate: window.end,
          dimensions: GSC_DIMENSIONS,
          type: 'web',
          rowLimit,
          startRow,
        },
        bearer(token),
      ),
    ),
  );
  const rows = list(rec(answer.body).rows).map((item): SourceRow => {
    const row = rec(item);
    const keys = list(row.keys).map(str);
    return [
      keys[0] ?? '',
      siteUrl,
      keys[1] ?? null,
      keys[2] ?? null,
      keys[3] ?? null,
      keys[4] ?? null,
      numOf(row.clicks),
      numOf(row.impressions),
      numOf(row.ctr),
      numOf(row.position),
    ];
  });
  return {
    rows,
    next: rows.length === rowLimit ? startRow + rowLimit : null,
    currency: null,
    timeZone: null,
  };
}

/** The customer synced and the manager that reaches it (`login-customer-id`), from `customer_hierarchy`. */
export function adsTarget(hierarchy: string[]): { customerId: string; loginCustomerId: string | null } {
  const customerId = hierarchy[hierarchy.length - 1] ?? '';
  return { customerId, loginCustomerId: hierarchy.length > 1 ? (hierarchy[0] ?? null) : null };
}

/** A customer's currency and time zone (its money's unit in the store). */
export async function adsCustomerInfo(
  platform: Platform,
  client: GoogleClient,
  binding: BindingRow,
  hierarchy: string[],
): Promise<{ currency: string | null; timeZone: string | null }> {
  const { customerId, loginCustomerId } = adsTarget(hierarchy);
  const rows = await searchStream(platform, client, binding, {
    customerId,
    loginCustomerId,
    query: 'SELECT customer.id, customer.currency_code, customer.time_zone FROM customer',
  });
  const customer = rec(rows[0]?.customer);
  return { currency: str(customer.currencyCode) || null, timeZone: str(customer.timeZone) || null };
}

/**
 * A window of an Ads customer's keyword rows by day, device and network (`gads_daily`'s grain). `searchStream` sends
 * the whole window in one answer (its batches), so the window is the page.
 */
export async function adsWindow(
  platform: Platform,
  client: GoogleClient,
  binding: BindingRow,
  hierarchy: string[],
  window: Window,
): Promise<SyncPage> {
  const { customerId, loginCustomerId } = adsTarget(hierarchy);
  const results = await searchStream(platform, client, binding, {
    customerId,
    loginCustomerId,
    query: `SELECT segments.date, segments.device, segments.ad_network_type, campaign.name, ad_group.name, ad_group_criterion.keyword.text, metrics.impressions, metrics.clicks, metrics.cost_micros, metrics.conversions, metrics.conversions_value FROM keyword_view WHERE segments.date BETWEEN '${window.start}' AND '${window.end}'`,
  });
  const rows = results.map((row): SourceRow => {
    const metrics = rec(row.metrics);
    return [
      str(rec(row.segments).date),
      customerId,
      str(rec(row.campaign).name) || null,
      str(rec(row.adGroup).name) || null,
      str(rec(rec(row.adGroupCriterion).keyword).text) || null,
      numOf(metrics.impressions),
      numOf(metrics.clicks),
      numOf(metrics.costMicros),
      numOf(metrics.conversions),
      numOf(metrics.conversionsValue),
      str(rec(row.segments).device) || null,
      str(rec(row.segments).adNetworkType) || null,
    ];
  });
  return { rows, next: null, currency: null, timeZone: null };
}
