import { z } from 'zod';
import { zAiFunctionKey } from '../../analysis/functions';
import { defineEndpoint } from '../../define-endpoint';

/**
 * The function cache (`/admin/system/data-cache/func-cache`, issue 28 item 2): an AI analysis
 * function's result kept by team, function, version, parameters, the data's sync freshness, the
 * day, the language and the model, so the same question on the same data answers at once for 0
 * credits. Off by default, switched on per function with its own time to live.
 */

export const FUNC_CACHE_TTL_MIN = 60;
export const FUNC_CACHE_TTL_MAX = 7 * 86_400;
export const FUNC_CACHE_TTL_DEFAULT = 3600;

export const zFuncCacheTtl = z
  .number({ message: 'Enter a whole number of seconds' })
  .int({ message: 'Enter a whole number of seconds' })
  .min(FUNC_CACHE_TTL_MIN, { message: 'At least 60 seconds' })
  .max(FUNC_CACHE_TTL_MAX, { message: 'At most 604800 seconds (7 days)' });

export const zFuncCacheFunction = z.object({
  function_key: z.string(),
  /** The function's name in the reader's language (its key when it is no longer in use). */
  name: z.string(),
  enabled: z.boolean(),
  ttl_seconds: z.number().int().positive(),
  /** Entries not yet expired, every team counted. */
  entries: z.number().int().nonnegative(),
  /** Lookups on this instance since it started. */
  hits: z.number().int().nonnegative(),
  misses: z.number().int().nonnegative(),
  /** hits / (hits + misses), 0..1; null before any lookup. */
  hit_rate: z.number().min(0).max(1).nullable(),
  /** How old the newest entry is (null: none). */
  newest_age_seconds: z.number().int().nonnegative().nullable(),
});
export type FuncCacheFunction = z.infer<typeof zFuncCacheFunction>;

const tags = ['admin: caches'];

export const listFuncCache = defineEndpoint({
  method: 'GET',
  path: '/api/admin/system/data-cache/func-cache',
  permission: 'admin.caches.read',
  summary: 'The analysis functions with their cache switch, time to live and figures',
  tags,
  response: z.object({
    /** The instance whose hit counts these are (entries are shared by all). */
    instance_id: z.string(),
    items: z.array(zFuncCacheFunction),
  }),
});

export const updateFuncCache = defineEndpoint({
  method: 'POST',
  path: '/api/admin/system/data-cache/func-cache/settings',
  permission: 'admin.caches.edit',
  summary: "Switch a function's cache on or off and set its time to live (recorded)",
  tags,
  body: z.object({
    function_key: zAiFunctionKey,
    enabled: z.boolean(),
    ttl_seconds: zFuncCacheTtl,
  }),
  response: z.object({ item: zFuncCacheFunction }),
});

export const evictFuncCache = defineEndpoint({
  method: 'POST',
  path: '/api/admin/system/data-cache/func-cache/evict',
  permission: 'admin.caches.edit',
  summary: "Drop one function's kept results, or every function's (no key), for every team (recorded)",
  tags,
  body: z.object({ function_key: zAiFunctionKey.optional() }),
  response: z.object({ evicted: z.number().int().nonnegative() }),
});
