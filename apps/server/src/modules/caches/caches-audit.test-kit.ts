import { evictCache } from '@app/contract/admin/caches/caches';
import type { FastifyInstance } from 'fastify';
import { type Caller, callEndpoint } from '../../test/call-endpoint';

/** A valid call of each cache mutation, for the audit-trail walk (`security/audit-trail.test.ts`). */
type ValidCall = (h: {
  app: FastifyInstance;
  admin: Caller;
}) => Promise<() => Promise<{ status: number; text: string }>>;

export const CACHES_VALID_CALLS: Record<string, ValidCall> = {
  [evictCache.id]: async (h) => () =>
    callEndpoint(h.app, evictCache, { as: h.admin, body: { name: 'rate-limit' } }),
};
