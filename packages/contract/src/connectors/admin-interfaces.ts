import { z } from 'zod';
import { zSeconds } from '../common';
import { defineEndpoint } from '../define-endpoint';
import { defineListFields, zListQueryOf, zListResponse } from '../list';

const tags = ['admin: integrations'];

/** Every external API the product calls at Google, each one row on the interfaces page. */
export const EXTERNAL_APIS = [
  'oauth.token',
  'oauth.refresh',
  'oauth.revoke',
  'oauth.userinfo',
  'analytics_admin.account_summaries',
  'analytics_data.run_report',
  'search_console.sites',
  'search_console.search_analytics',
  'google_ads.list_accessible_customers',
  'google_ads.search_stream',
] as const;
export const zExternalApi = z.enum(EXTERNAL_APIS);
export type ExternalApi = z.infer<typeof zExternalApi>;

export const EXTERNAL_API_LABELS: Record<ExternalApi, string> = {
  'oauth.token': 'OAuth: code exchange',
  'oauth.refresh': 'OAuth: token refresh',
  'oauth.revoke': 'OAuth: revoke',
  'oauth.userinfo': 'OAuth: user info',
  'analytics_admin.account_summaries': 'Analytics Admin: account summaries',
  'analytics_data.run_report': 'Analytics Data: run report',
  'search_console.sites': 'Search Console: sites',
  'search_console.search_analytics': 'Search Console: search analytics query',
  'google_ads.list_accessible_customers': 'Google Ads: accessible customers',
  'google_ads.search_stream': 'Google Ads: search stream (GAQL)',
};

/**
 * How a call ended: `ok`; `quota` (429, RESOURCE_EXHAUSTED, quota or rate limit exceeded); `auth`
 * (401, a refused or revoked token); `error` (any other refusal); `unreachable` (no answer).
 */
export const zCallOutcome = z.enum(['ok', 'quota', 'auth', 'error', 'unreachable']);
export type CallOutcome = z.infer<typeof zCallOutcome>;

export const zInterfacePoint = z.object({
  /** Start of the bucket (hour or day, UTC), seconds. */
  at: zSeconds,
  calls: z.number().int(),
  errors: z.number().int(),
  quota_used: z.number(),
  avg_latency_ms: z.number().nullable(),
});

/** One external API over the period: volume, failures, speed and quota, with its time series. */
export const zInterfaceStat = z.object({
  api: zExternalApi,
  label: z.string(),
  calls: z.number().int(),
  /** Calls that did not end `ok`. */
  errors: z.number().int(),
  quota_errors: z.number().int(),
  auth_errors: z.number().int(),
  avg_latency_ms: z.number().nullable(),
  p95_latency_ms: z.number().nullable(),
  /** Quota units spent: GA4 property tokens when Google reports them, else one per call. */
  quota_used: z.number(),
  last_call_at: zSeconds.nullable(),
  last_status: z.number().int().nullable(),
  series: z.array(zInterfacePoint),
});
export type InterfaceStat = z.infer<typeof zInterfaceStat>;

export const getIntegInterfaces = defineEndpoint({
  method: 'GET',
  path: '/api/admin/integ-3rd-platform/interfaces',
  permission: 'admin.integrations.read',
  summary: 'Each external API: calls, errors, latency and quota use over time',
  tags,
  query: z.object({
    /** The period, ending now: 1 day is bucketed by hour, longer by day. */
    days: z.coerce.number().int().min(1).max(30).default(7),
  }),
  response: z.object({
    from: zSeconds,
    to: zSeconds,
    bucket: z.enum(['hour', 'day']),
    items: z.array(zInterfaceStat),
  }),
});

/** One call to Google as logged: never a token, a code or a query string. */
export const zExternalCall = z.object({
  id: z.string(),
  created_at: zSeconds,
  api: zExternalApi,
  method: z.string(),
  /** The path called, without its query (`/v1beta/properties/123:runReport`). */
  path: z.string(),
  status: z.number().int().nullable(),
  outcome: zCallOutcome,
  /** Google's error status or code (`RESOURCE_EXHAUSTED`, `invalid_grant`). */
  error_code: z.string().nullable(),
  latency_ms: z.number().int(),
  quota_cost: z.number(),
  service: z.string().nullable(),
  team_id: z.string().nullable(),
  team_name: z.string().nullable(),
});
export type ExternalCall = z.infer<typeof zExternalCall>;

export const externalCallListFields = defineListFields({
  api: { kind: 'text', filter: ['eq', 'in'], sort: true },
  outcome: { kind: 'text', filter: ['eq', 'in', 'ne'], sort: true },
  status: { kind: 'number', filter: ['eq', 'gte', 'lte'], sort: true },
  latency_ms: { kind: 'number', filter: ['gte', 'lte'], sort: true },
  created_at: { kind: 'time', filter: ['between', 'gte', 'lte'], sort: true },
});

/** The recent call log, newest first by default (kept 30 days); `q` searches paths. */
export const listExternalCalls = defineEndpoint({
  method: 'GET',
  path: '/api/admin/integ-3rd-platform/interfaces/calls',
  permission: 'admin.integrations.read',
  summary: 'The recent calls to external APIs with their status',
  tags,
  query: zListQueryOf(externalCallListFields),
  response: zListResponse(zExternalCall),
});
