import { z } from 'zod';
import { zSeconds } from '../../common';
import { defineEndpoint } from '../../define-endpoint';
import { defineListFields, zListQueryOf, zListResponse } from '../../list';

/**
 * The Open API's request log (`/admin/logs/open-api/requests`): every call that presented a REST
 * token, let in or refused, with its token, route, status, latency and bytes.
 */
const tags = ['admin: open api'];

export const zOpenApiRequest = z.object({
  id: z.number().int(),
  req_id: z.string(),
  token: z.object({ id: z.string(), name: z.string() }).nullable(),
  team: z.object({ id: z.string(), name: z.string() }).nullable(),
  method: z.string(),
  route: z.string(),
  status: z.number().int(),
  error_code: z.string().nullable(),
  latency_ms: z.number().int(),
  bytes: z.number().int(),
  ip: z.string().nullable(),
  creation_time: zSeconds,
});
export type OpenApiRequest = z.infer<typeof zOpenApiRequest>;

export const openApiRequestListFields = defineListFields({
  token_id: { kind: 'text', filter: ['eq'] },
  route: { kind: 'text', filter: ['eq', 'contains'], sort: true },
  status: { kind: 'number', filter: ['eq', 'gte', 'lte'], sort: true },
  latency_ms: { kind: 'number', filter: ['gte', 'lte'], sort: true },
  creation_time: { kind: 'time', filter: ['between', 'gte', 'lte'], sort: true },
});

/** `q` finds a request id exactly or a route. */
export const listOpenApiRequests = defineEndpoint({
  method: 'GET',
  path: '/api/admin/logs/open-api/requests',
  permission: 'admin.logs.read',
  summary: 'Open API calls with their token, route, status, latency and bytes',
  tags,
  query: zListQueryOf(openApiRequestListFields),
  response: zListResponse(zOpenApiRequest),
});

/** The chart's buckets: the span is cut into at most this many. */
export const MAX_REQUEST_BUCKETS = 200;

export const openApiRequestStats = defineEndpoint({
  method: 'GET',
  path: '/api/admin/logs/open-api/requests/stats',
  permission: 'admin.logs.read',
  summary: 'Open API calls and errors over time, for the chart',
  tags,
  query: z
    .object({
      from: z.coerce.number().int().nonnegative(),
      to: z.coerce.number().int().nonnegative(),
      token_id: z.string().max(64).optional(),
    })
    .refine((value) => value.to > value.from, { message: 'to must be after from', path: ['to'] })
    .refine((value) => value.to - value.from <= 366 * 86_400, {
      message: 'The span is at most a year',
      path: ['from'],
    }),
  response: z.object({
    /** Seconds each bucket spans. */
    bucket_seconds: z.number().int(),
    buckets: z.array(z.object({ start: zSeconds, calls: z.number().int(), errors: z.number().int() })),
    calls: z.number().int(),
    errors: z.number().int(),
    p95_latency_ms: z.number().int().nullable(),
  }),
});
