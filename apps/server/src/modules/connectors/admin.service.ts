import {
  EXTERNAL_API_LABELS,
  EXTERNAL_APIS,
  type ExternalApi,
  type ExternalCall,
  type InterfaceStat,
} from '@app/contract/connectors/admin-interfaces';
import type { AdminBinding, IntegPlatform } from '@app/contract/connectors/admin-platforms';
import {
  GOOGLE_IDENTITY_SCOPES,
  GOOGLE_SERVICE_LABELS,
  GOOGLE_SERVICE_SCOPES,
  GOOGLE_SERVICES,
  type GoogleService,
  type SyncStatus,
} from '@app/contract/connectors/google-services';
import type { ListQuery } from '@app/contract/list';
import type { SignedInContext } from '../../platform/endpoint';
import { toListPage, toSeconds } from '../../platform/list-query';
import type { Platform } from '../../platform/platform';
import { readDynamicConfig, saveDynamicConfig } from '../dynamic-configs/dynamic-configs.service';
import { readForeignKey } from '../foreign-keys/foreign-keys.service';
import { listAdminBindingRows, platformCounts, recentBindingErrors } from './bindings.repo';
import { apiSeries, apiTotals, listExternalCallRows } from './external-calls.repo';
import { SERVICE_SWITCH } from './google-client';

/** `/admin/integ-3rd-platform/platforms`: each Google service with its state across teams. */
export async function listPlatforms(
  platform: Platform,
  ctx: SignedInContext,
): Promise<{ items: IntegPlatform[] }> {
  const [values, counts] = await Promise.all([
    readForeignKey(platform, 'google_oauth'),
    platformCounts(platform.db),
  ]);
  const items: IntegPlatform[] = [];
  for (const service of GOOGLE_SERVICES) {
    const configuration = [
      { key: 'client_id', label: ctx.t('Client ID'), present: Boolean(values?.client_id) },
      { key: 'client_secret', label: ctx.t('Client secret'), present: Boolean(values?.client_secret) },
      ...(service === 'gads'
        ? [
            {
              key: 'ads_developer_token',
              label: ctx.t('Google Ads developer token'),
              present: Boolean(values?.ads_developer_token),
            },
          ]
        : []),
    ];
    const count = counts.find((c) => c.service === service);
    const errors = await recentBindingErrors(platform.db, service, 5);
    items.push({
      platform: service,
      provider: 'google',
      label: ctx.t(GOOGLE_SERVICE_LABELS[service]),
      configured: configuration.every((item) => item.present),
      configuration,
      enabled: await readDynamicConfig(platform, SERVICE_SWITCH[service]),
      enabled_key: SERVICE_SWITCH[service],
      scopes: [...GOOGLE_IDENTITY_SCOPES, ...GOOGLE_SERVICE_SCOPES[service]],
      teams_bound: count?.teams ?? 0,
      bindings: count?.bindings ?? 0,
      needs_reconnect: count?.needsReconnect ?? 0,
      syncing: count?.syncing ?? 0,
      last_errors: errors.flatMap((e) =>
        e.at && e.message
          ? [{ at: toSeconds(e.at), team_id: e.teamId, team_name: e.teamName, message: e.message }]
          : [],
      ),
    });
  }
  return { items };
}

/** The platform's switch is a dynamic config (Ads: `gads_enable`), saved with its operation record. */
export async function setPlatformEnabled(
  platform: Platform,
  ctx: SignedInContext,
  service: GoogleService,
  enabled: boolean,
): Promise<IntegPlatform> {
  await saveDynamicConfig(platform, ctx, SERVICE_SWITCH[service], enabled);
  const { items } = await listPlatforms(platform, ctx);
  const item = items.find((i) => i.platform === service);
  if (!item) throw new Error(`platform ${service} missing`);
  return item;
}

export async function listBindings(platform: Platform, query: ListQuery) {
  return toListPage(
    query,
    await listAdminBindingRows(platform.db, query),
    (row): AdminBinding => ({
      id: row.binding.id,
      service: row.binding.service as GoogleService,
      team_id: row.binding.teamId,
      team_name: row.teamName,
      project_id: row.binding.projectId,
      project_name: row.projectName,
      account_name: row.binding.accountName,
      account_email: row.binding.accountEmail,
      needs_reconnect: row.binding.status === 'needs_reconnect',
      selected_name: row.binding.selectedName,
      sync_status: row.binding.syncStatus as SyncStatus,
      last_sync_at: row.binding.lastSyncAt ? toSeconds(row.binding.lastSyncAt) : null,
      last_error: row.binding.lastError,
      bound_at: toSeconds(row.binding.boundAt),
      bound_by_email: row.boundByEmail,
    }),
  );
}

const round = (value: number | null) => (value === null ? null : Math.round(value * 10) / 10);

/** `/admin/integ-3rd-platform/interfaces`: every external API over the last `days`, by hour or day. */
export async function interfaceStats(platform: Platform, ctx: SignedInContext, days: number) {
  const to = new Date();
  const from = new Date(to.getTime() - days * 86_400_000);
  const bucket = days <= 1 ? 'hour' : 'day';
  const [totals, series] = await Promise.all([
    apiTotals(platform.db, from),
    apiSeries(platform.db, from, bucket),
  ]);
  const items: InterfaceStat[] = EXTERNAL_APIS.map((api) => {
    const total = totals.find((row) => row.api === api);
    return {
      api,
      label: ctx.t(EXTERNAL_API_LABELS[api]),
      calls: total?.calls ?? 0,
      errors: total?.errors ?? 0,
      quota_errors: total?.quotaErrors ?? 0,
      auth_errors: total?.authErrors ?? 0,
      avg_latency_ms: round(total?.avgLatency ?? null),
      p95_latency_ms: round(total?.p95Latency ?? null),
      quota_used: total?.quotaUsed ?? 0,
      last_call_at: total?.lastCallAt ? Math.floor(total.lastCallAt) : null,
      last_status: total?.lastStatus ?? null,
      series: series
        .filter((point) => point.api === api)
        .map((point) => ({
          at: Math.floor(point.at),
          calls: point.calls,
          errors: point.errors,
          quota_used: point.quotaUsed,
          avg_latency_ms: round(point.avgLatency),
        })),
    };
  });
  return { from: toSeconds(from), to: toSeconds(to), bucket, items } as const;
}

export async function listCalls(platform: Platform, query: ListQuery) {
  return toListPage(
    query,
    await listExternalCallRows(platform.db, query),
    (row): ExternalCall => ({
      id: row.id,
      created_at: toSeconds(row.createdAt),
      // Written only by callGoogle, from the same list.
      api: row.api as ExternalApi,
      method: row.method,
      path: row.path,
      status: row.status,
      outcome: row.outcome as ExternalCall['outcome'],
      error_code: row.errorCode,
      latency_ms: row.latencyMs,
      quota_cost: row.quotaCost,
      service: row.service,
      team_id: row.teamId,
      team_name: row.teamName,
    }),
  );
}
