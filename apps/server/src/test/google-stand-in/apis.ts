import { createHash } from 'node:crypto';
import { addDays, type Day } from '@app/contract/analytics/date-ranges';
import type { DuckDBValue } from '@duckdb/node-api';
import { DEMO_ROWS, num, type StandInData, text } from './data';
import { GaqlError, type GaqlQuery, matches, parseGaql, setPath } from './gaql';
import { type Answer, googleError, json } from './http';
import type { AdsCustomerDef, World } from './world';

/**
 * The data APIs of the stand-in Google, in their real request and response shapes: Analytics Admin
 * `accountSummaries`, Analytics Data `runReport`, Search Console `sites` and
 * `searchAnalytics/query`, Google Ads `listAccessibleCustomers` and `searchStream` (GAQL subset).
 */

const today = (): Day => new Date().toISOString().slice(0, 10);

const invalid = (message: string) => googleError(400, 'INVALID_ARGUMENT', message);

/** GA4 date strings: `YYYY-MM-DD`, `today`, `yesterday`, `NdaysAgo`. */
function gaDate(value: unknown): Day | null {
  if (typeof value !== 'string') return null;
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  if (value === 'today') return today();
  if (value === 'yesterday') return addDays(today(), -1);
  const ago = /^(\d+)daysAgo$/.exec(value);
  return ago ? addDays(today(), -Number(ago[1])) : null;
}

// --- Analytics Admin ---------------------------------------------------------------------------

export function accountSummaries(world: World, query: URLSearchParams): Answer {
  const pageSize = Math.min(Math.max(Number(query.get('pageSize') ?? 50) || 50, 1), 200);
  const offset = Number(query.get('pageToken') ?? 0) || 0;
  const all = world.ga.map((account) => ({
    name: `accountSummaries/${account.account.split('/')[1]}`,
    account: account.account,
    displayName: account.displayName,
    propertySummaries: account.properties.map((p) => ({
      property: p.property,
      displayName: p.displayName,
      propertyType: p.propertyType,
      parent: account.account,
    })),
  }));
  const page = all.slice(offset, offset + pageSize);
  const more = offset + pageSize < all.length;
  return json(200, { accountSummaries: page, ...(more ? { nextPageToken: String(offset + pageSize) } : {}) });
}

// --- Analytics Data ----------------------------------------------------------------------------

const GA_DIMENSIONS: Record<string, string> = {
  date: "strftime(date, '%Y%m%d')",
  sessionDefaultChannelGroup: 'channel',
  country: 'country',
  deviceCategory: 'device',
  landingPage: 'landing_page',
  sessionSource: 'source',
  sessionMedium: 'medium',
  sessionSourceMedium: "source || ' / ' || medium",
  sessionCampaignName: 'campaign',
};

const GA_METRICS: Record<string, { sql: string; type: string }> = {
  sessions: { sql: 'sum(sessions)', type: 'TYPE_INTEGER' },
  totalUsers: { sql: 'sum(users)', type: 'TYPE_INTEGER' },
  newUsers: { sql: 'sum(new_users)', type: 'TYPE_INTEGER' },
  engagedSessions: { sql: 'sum(engaged_sessions)', type: 'TYPE_INTEGER' },
  keyEvents: { sql: 'sum(conversions)', type: 'TYPE_INTEGER' },
  conversions: { sql: 'sum(conversions)', type: 'TYPE_INTEGER' },
  totalRevenue: { sql: 'round(sum(revenue), 2)', type: 'TYPE_CURRENCY' },
  averageSessionDuration: {
    sql: 'coalesce(sum(session_duration) / nullif(sum(sessions), 0), 0)',
    type: 'TYPE_SECONDS',
  },
  bounceRate: {
    sql: 'coalesce(sum(sessions - engaged_sessions) / nullif(sum(sessions), 0), 0)',
    type: 'TYPE_FLOAT',
  },
};

/** GA4's daily token budget per property (standard properties). */
const TOKENS_PER_DAY = 200_000;

interface NamedField {
  name?: unknown;
}

export async function runReport(
  data: StandInData,
  world: World,
  property: string,
  body: Record<string, unknown>,
  tokensUsed: Map<string, number>,
): Promise<Answer> {
  const def = world.ga.flatMap((a) => a.properties).find((p) => p.property === property);
  if (!def) {
    return googleError(
      403,
      'PERMISSION_DENIED',
      'User does not have sufficient permissions for this property.',
    );
  }
  const ranges = Array.isArray(body.dateRanges) ? (body.dateRanges as Record<string, unknown>[]) : [];
  if (ranges.length !== 1) return invalid('The stand-in answers exactly one dateRange.');
  const start = gaDate(ranges[0]?.startDate);
  const end = gaDate(ranges[0]?.endDate);
  if (!start || !end) return invalid('Invalid dateRange: startDate and endDate are required.');
  if (start > end) return invalid(`Invalid dateRange: startDate ${start} is after endDate ${end}.`);
  const dimensions = ((body.dimensions as NamedField[] | undefined) ?? []).map((d) => String(d.name ?? ''));
  const metrics = ((body.metrics as NamedField[] | undefined) ?? []).map((m) => String(m.name ?? ''));
  for (const name of dimensions) {
    if (!(name in GA_DIMENSIONS)) return invalid(`Field ${name} is not a valid dimension.`);
  }
  for (const name of metrics) {
    if (!(name in GA_METRICS)) return invalid(`Field ${name} is not a valid metric.`);
  }
  if (metrics.length === 0) return invalid('At least one metric is required.');
  if (dimensions.length > 9 || metrics.length > 10) return invalid('Too many dimensions or metrics.');
  const limit = Number(body.limit ?? 10_000);
  const offset = Number(body.offset ?? 0);
  if (!Number.isInteger(limit) || limit < 1 || limit > 250_000) return invalid('limit must be 1 to 250000.');
  if (!Number.isInteger(offset) || offset < 0) return invalid('offset must not be negative.');

  const dims = dimensions.map((name, i) => `${GA_DIMENSIONS[name]} as d${i}`);
  const mets = metrics.map((name, i) => `${GA_METRICS[name]?.sql} as m${i}`);
  const order: string[] = [];
  for (const item of (body.orderBys as Record<string, unknown>[] | undefined) ?? []) {
    const dim = (item.dimension as { dimensionName?: string } | undefined)?.dimensionName;
    const met = (item.metric as { metricName?: string } | undefined)?.metricName;
    const index = dim ? dimensions.indexOf(dim) : met ? metrics.indexOf(met) : -1;
    if (index < 0) return invalid('orderBys names a field the request does not select.');
    order.push(`${dim ? 'd' : 'm'}${index} ${item.desc ? 'desc' : 'asc'}`);
  }
  // Offsets page through one stable order: the asked one, then every dimension.
  order.push(...dimensions.map((_, i) => `d${i} asc`));

  let rows: Record<string, DuckDBValue>[] = [];
  if (def.demo) {
    rows = await data.rows(
      `select ${[...dims, ...mets, 'count(*) over () as row_count'].join(', ')}
         from ga_daily where property = ? and date between ?::date and ?::date
         ${dims.length ? `group by ${dimensions.map((_, i) => `d${i}`).join(', ')}` : ''}
         ${order.length ? `order by ${order.join(', ')}` : ''}
         limit ? offset ?`,
      [DEMO_ROWS.gaProperty, start, end, limit, offset],
    );
    // Without dimensions an empty range still aggregates to one row of nulls: Google sends none.
    rows = rows.filter((row) => row.m0 !== null);
  }
  const rowCount = rows.length ? num(rows[0]?.row_count ?? 0) : 0;
  const cost = Math.max(1, Math.ceil(rows.length / 1000));
  const spent = (tokensUsed.get(property) ?? 0) + cost;
  tokensUsed.set(property, spent);
  return json(200, {
    dimensionHeaders: dimensions.map((name) => ({ name })),
    metricHeaders: metrics.map((name) => ({ name, type: GA_METRICS[name]?.type })),
    ...(rows.length
      ? {
          rows: rows.map((row) => ({
            dimensionValues: dimensions.map((_, i) => ({ value: text(row[`d${i}`] ?? null) })),
            metricValues: metrics.map((_, i) => ({ value: String(num(row[`m${i}`] ?? 0)) })),
          })),
        }
      : {}),
    rowCount,
    metadata: { currencyCode: def.currencyCode, timeZone: def.timeZone },
    ...(body.returnPropertyQuota
      ? {
          propertyQuota: {
            tokensPerDay: { consumed: cost, remaining: Math.max(0, TOKENS_PER_DAY - spent) },
            tokensPerHour: { consumed: cost, remaining: Math.max(0, 40_000 - spent) },
            concurrentRequests: { consumed: 0, remaining: 10 },
            serverErrorsPerProjectPerHour: { consumed: 0, remaining: 10 },
            potentiallyThresholdedRequestsPerHour: { consumed: 0, remaining: 120 },
          },
        }
      : {}),
    kind: 'analyticsData#runReport',
  });
}

// --- Search Console ----------------------------------------------------------------------------

/** Search Console's final data lags about two days behind today. */
export const GSC_LAG_DAYS = 2;

const GSC_DIMENSIONS: Record<string, string> = {
  date: "strftime(date, '%Y-%m-%d')",
  query: 'query',
  page: "'https://demo-store.example' || page",
  country: 'country',
  device: 'device',
};

export function sites(world: World): Answer {
  return json(200, {
    siteEntry: world.gsc.map((site) => ({ siteUrl: site.siteUrl, permissionLevel: site.permissionLevel })),
  });
}

export async function searchAnalytics(
  data: StandInData,
  world: World,
  siteUrl: string,
  body: Record<string, unknown>,
): Promise<Answer> {
  const site = world.gsc.find((s) => s.siteUrl === siteUrl);
  if (!site) {
    return googleError(
      403,
      'PERMISSION_DENIED',
      `User does not have sufficient permission for site '${siteUrl}'. See also: https://support.google.com/webmasters/answer/2451999.`,
    );
  }
  const start = typeof body.startDate === 'string' ? body.startDate : '';
  const end = typeof body.endDate === 'string' ? body.endDate : '';
  if (!/^\d{4}-\d{2}-\d{2}$/.test(start) || !/^\d{4}-\d{2}-\d{2}$/.test(end)) {
    return invalid('startDate and endDate are required, as YYYY-MM-DD.');
  }
  const dimensions = Array.isArray(body.dimensions) ? body.dimensions.map(String) : [];
  for (const name of dimensions) {
    if (!(name in GSC_DIMENSIONS)) return invalid(`Invalid dimension: ${name}`);
  }
  const rowLimit = Number(body.rowLimit ?? 1000);
  const startRow = Number(body.startRow ?? 0);
  if (!Number.isInteger(rowLimit) || rowLimit < 1 || rowLimit > 25_000) {
    return invalid('rowLimit must be between 1 and 25000.');
  }
  if (!Number.isInteger(startRow) || startRow < 0) return invalid('startRow must not be negative.');
  const type = body.type ?? body.searchType ?? 'web';
  const lastDay = body.dataState === 'all' ? addDays(today(), -1) : addDays(today(), -GSC_LAG_DAYS);
  const until = end.localeCompare(lastDay) < 0 ? end : lastDay;

  let rows: Record<string, DuckDBValue>[] = [];
  if (site.demo && type === 'web' && start <= until) {
    const keys = dimensions.map((name, i) => `${GSC_DIMENSIONS[name]} as k${i}`);
    rows = await data.rows(
      `select ${[...keys, 'sum(clicks) as clicks', 'sum(impressions) as impressions', 'sum(position * impressions) as weighted'].join(', ')}
         from gsc_daily where site = ? and date between ?::date and ?::date
         ${keys.length ? `group by ${dimensions.map((_, i) => `k${i}`).join(', ')}` : ''}
         order by clicks desc${dimensions.map((_, i) => `, k${i} asc`).join('')}
         limit ? offset ?`,
      [DEMO_ROWS.gscSite, start, until, rowLimit, startRow],
    );
    rows = rows.filter((row) => num(row.impressions ?? null) > 0);
  }
  return json(200, {
    ...(rows.length
      ? {
          rows: rows.map((row) => {
            const impressions = num(row.impressions ?? 0);
            return {
              keys: dimensions.map((_, i) => text(row[`k${i}`] ?? null)),
              clicks: num(row.clicks ?? 0),
              impressions,
              ctr: num(row.clicks ?? 0) / impressions,
              position: num(row.weighted ?? 0) / impressions,
            };
          }),
        }
      : {}),
    responseAggregationType: 'byProperty',
  });
}

// --- Google Ads --------------------------------------------------------------------------------

const ADS_VERSION_FAILURE = 'type.googleapis.com/google.ads.googleads.v21.errors.GoogleAdsFailure';

export function adsFailure(
  code: number,
  status: string,
  message: string,
  errorCode: Record<string, string>,
  extra: Record<string, unknown> = {},
): Answer {
  return googleError(code, status, message, {
    details: [
      {
        '@type': ADS_VERSION_FAILURE,
        errors: [{ errorCode, message, ...extra }],
        requestId: createHash('sha1').update(`${Date.now()}${Math.random()}`).digest('hex').slice(0, 22),
      },
    ],
  });
}

export function listAccessibleCustomers(world: World): Answer {
  return json(200, { resourceNames: world.adsAccessible.map((id) => `customers/${id}`) });
}

/** Whether the caller reaches `customerId` directly or through the manager in `login-customer-id`. */
function reachable(world: World, customerId: string, loginCustomerId: string | null): AdsCustomerDef | null {
  const customer = world.ads.find((c) => c.id === customerId);
  if (!customer) return null;
  const login = loginCustomerId ?? customerId;
  if (!world.adsAccessible.includes(login)) return null;
  if (login === customerId) return customer;
  const manager = world.ads.find((c) => c.id === login);
  return manager?.manager && manager.clients.includes(customerId) ? customer : null;
}

const idOf = (name: string) =>
  String(Number.parseInt(createHash('sha256').update(name).digest('hex').slice(0, 10), 16));

type AdsRow = Record<string, string | number | boolean | null>;

/** Every field a resource offers in the stand-in, with how it is written in JSON (int64 as text). */
const INT64 = new Set([
  'customer.id',
  'customer_client.id',
  'customer_client.level',
  'campaign.id',
  'ad_group.id',
  'ad_group_criterion.criterion_id',
  'metrics.impressions',
  'metrics.clicks',
  'metrics.cost_micros',
]);
const METRICS = new Set([
  'metrics.impressions',
  'metrics.clicks',
  'metrics.cost_micros',
  'metrics.conversions',
  'metrics.conversions_value',
]);

function customerFields(c: AdsCustomerDef, prefix: 'customer' | 'customer_client', level: number): AdsRow {
  return {
    [`${prefix}.id`]: c.id,
    [`${prefix}.descriptive_name`]: c.name,
    [`${prefix}.manager`]: c.manager,
    [`${prefix}.currency_code`]: c.currencyCode,
    [`${prefix}.time_zone`]: c.timeZone,
    ...(prefix === 'customer_client'
      ? {
          'customer_client.level': level,
          'customer_client.client_customer': `customers/${c.id}`,
          'customer_client.status': 'ENABLED',
        }
      : {}),
  };
}

async function resourceRows(
  data: StandInData,
  world: World,
  customer: AdsCustomerDef,
  query: GaqlQuery,
): Promise<AdsRow[]> {
  if (query.resource === 'customer') return [customerFields(customer, 'customer', 0)];
  if (query.resource === 'customer_client') {
    const rows = [customerFields(customer, 'customer_client', 0)];
    if (customer.manager) {
      for (const id of customer.clients) {
        const client = world.ads.find((c) => c.id === id);
        if (client) rows.push(customerFields(client, 'customer_client', 1));
      }
    }
    return rows;
  }
  if (query.resource === 'keyword_view') {
    const dates = query.where.filter((c) => c.field === 'segments.date');
    if (query.fields.includes('segments.date') && dates.length === 0) {
      throw new GaqlError('Error in query: a finite date range on segments.date is required');
    }
    if (!customer.demo) return [];
    const low = dates.flatMap((c) =>
      c.op === 'BETWEEN' || c.op === '>=' || c.op === '=' ? [c.values[0]] : [],
    );
    const high = dates.flatMap((c) =>
      c.op === 'BETWEEN' ? [c.values[1]] : c.op === '<=' || c.op === '=' ? [c.values[0]] : [],
    );
    const rows = await data.rows(
      `select strftime(date, '%Y-%m-%d') as date, campaign, ad_group, keyword, device, network, impressions,
              clicks, cost_micros, conversions, conversion_value
         from gads_daily where customer_id = ? and date between ?::date and ?::date
         order by date, campaign, ad_group, keyword, device, network`,
      [DEMO_ROWS.gadsCustomer, String(low[0] ?? '1970-01-01'), String(high[0] ?? '2999-12-31')],
    );
    return rows.map((r) => ({
      'segments.date': text(r.date ?? null),
      'segments.device': text(r.device ?? null),
      'segments.ad_network_type': text(r.network ?? null),
      'campaign.id': idOf(text(r.campaign ?? null)),
      'campaign.name': text(r.campaign ?? null),
      'ad_group.id': idOf(`${text(r.campaign ?? null)}/${text(r.ad_group ?? null)}`),
      'ad_group.name': text(r.ad_group ?? null),
      'ad_group_criterion.criterion_id': idOf(text(r.keyword ?? null)),
      'ad_group_criterion.keyword.text': text(r.keyword ?? null),
      'metrics.impressions': num(r.impressions ?? 0),
      'metrics.clicks': num(r.clicks ?? 0),
      'metrics.cost_micros': num(r.cost_micros ?? 0),
      'metrics.conversions': num(r.conversions ?? 0),
      'metrics.conversions_value': num(r.conversion_value ?? 0),
    }));
  }
  throw new GaqlError(`Error in query: unrecognized resource ${query.resource}`);
}

/** Selected attribute fields group the rows; metrics are summed over each group. */
function project(rows: AdsRow[], query: GaqlQuery): AdsRow[] {
  const attributes = query.fields.filter((f) => !METRICS.has(f));
  const metrics = query.fields.filter((f) => METRICS.has(f));
  const groups = new Map<string, AdsRow>();
  for (const row of rows) {
    if (!query.where.every((c) => matches(c, row[c.field] ?? null))) continue;
    const key = JSON.stringify(attributes.map((f) => row[f] ?? null));
    const group = groups.get(key);
    if (!group) {
      groups.set(key, Object.fromEntries(query.fields.map((f) => [f, row[f] ?? null])));
      continue;
    }
    for (const f of metrics) group[f] = num((group[f] as number) ?? 0) + num((row[f] as number) ?? 0);
  }
  const out = [...groups.values()];
  for (const order of [...query.orderBy].reverse()) {
    out.sort((a, b) => {
      const x = a[order.field] ?? '';
      const y = b[order.field] ?? '';
      const cmp = typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y));
      return order.desc ? -cmp : cmp;
    });
  }
  return query.limit === null ? out : out.slice(0, query.limit);
}

const RESOURCE_FIELDS: Record<string, string[]> = {
  customer: ['customer.'],
  customer_client: ['customer_client.'],
  keyword_view: ['segments.', 'campaign.', 'ad_group.', 'ad_group_criterion.', 'metrics.'],
};

export async function searchStream(
  data: StandInData,
  world: World,
  customerId: string,
  loginCustomerId: string | null,
  body: Record<string, unknown>,
): Promise<Answer> {
  const customer = reachable(world, customerId, loginCustomerId);
  if (!customer) {
    return adsFailure(
      403,
      'PERMISSION_DENIED',
      "User doesn't have permission to access customer. Note: If you're accessing a client customer, the manager's customer id must be set in the 'login-customer-id' header. See https://developers.google.com/google-ads/api/docs/concepts/call-structure#cid",
      { authorizationError: 'USER_PERMISSION_DENIED' },
    );
  }
  if (typeof body.query !== 'string' || !body.query.trim()) {
    return adsFailure(400, 'INVALID_ARGUMENT', 'Request contains an invalid argument.', {
      queryError: 'QUERY_NOT_FOUND',
    });
  }
  let rows: AdsRow[];
  let query: GaqlQuery;
  try {
    query = parseGaql(body.query);
    const allowed = RESOURCE_FIELDS[query.resource] ?? [];
    for (const field of [...query.fields, ...query.where.map((c) => c.field)]) {
      if (!allowed.some((prefix) => field.startsWith(prefix))) {
        throw new GaqlError(`Error in query: unrecognized field ${field}`);
      }
    }
    rows = project(await resourceRows(data, world, customer, query), query);
  } catch (error) {
    if (!(error instanceof GaqlError)) throw error;
    return adsFailure(400, 'INVALID_ARGUMENT', error.message, { queryError: 'UNRECOGNIZED_FIELD' });
  }
  const fieldMask = query.fields
    .map((f) => f.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase()))
    .join(',');
  const requestId = createHash('sha1').update(`${Date.now()}${Math.random()}`).digest('hex').slice(0, 22);
  const results = rows.map((row) => {
    const out: Record<string, unknown> = {};
    const resources = new Set(query.fields.map((f) => f.split('.')[0] ?? ''));
    for (const resource of resources) {
      if (resource === 'metrics' || resource === 'segments') continue;
      setPath(out, `${resource}.resource_name`, `customers/${customer.id}/${resource}`);
    }
    for (const field of query.fields) {
      const value = row[field] ?? null;
      setPath(out, field, INT64.has(field) && value !== null ? String(value) : value);
    }
    return out;
  });
  // A stream of batches of up to 10,000 rows each.
  const batches: unknown[] = [];
  for (let i = 0; i < results.length; i += 10_000) {
    batches.push({ results: results.slice(i, i + 10_000), fieldMask, requestId });
  }
  return json(200, batches);
}
