import { z } from 'zod';
import { defineEndpoint } from '../define-endpoint';

/** What readiness checks; Redis only when `REDIS_URL` is set. */
export const READINESS_CHECKS = ['database', 'migrations', 'redis', 'object_store'] as const;
export type ReadinessCheck = (typeof READINESS_CHECKS)[number];

export const zReadinessChecks = z.partialRecord(z.enum(READINESS_CHECKS), z.enum(['ok', 'failed']));

/**
 * Readiness (issue 29 item 4), apart from liveness (`/api/healthy`): whether this instance can
 * serve now, its database, Redis (when configured) and object store reachable and every migration
 * applied. A balancer sends traffic on 200; a 503 (SERVER_ERROR) names what failed in its `msg`
 * and `checks`.
 */
export const getReady = defineEndpoint({
  method: 'GET',
  path: '/api/ready',
  permission: 'public',
  summary: 'Readiness: database, Redis, object store, migrations',
  tags: ['core'],
  response: z.object({ status: z.literal('ready'), checks: zReadinessChecks }),
});
