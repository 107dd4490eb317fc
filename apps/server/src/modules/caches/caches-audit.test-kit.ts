import { evictCache } from '@app/contract/admin/caches/caches';
import { evictFuncCache, updateFuncCache } from '@app/contract/admin/caches/func-cache';
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
  [updateFuncCache.id]: async (h) => () =>
    callEndpoint(h.app, updateFuncCache, {
      as: h.admin,
      body: { function_key: 'analysis.channel_performance', enabled: true, ttl_seconds: 600 },
    }),
  [evictFuncCache.id]: async (h) => () =>
    callEndpoint(h.app, evictFuncCache, {
      as: h.admin,
      body: { function_key: 'analysis.channel_performance' },
    }),
};
