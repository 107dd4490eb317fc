import { evictFuncCache, listFuncCache, updateFuncCache } from '@app/contract/admin/caches/func-cache';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '../../lib/api/client';

export const funcCacheKey = ['admin', 'caches', 'func-cache'] as const;

export const funcCacheQuery = () =>
  queryOptions({
    queryKey: funcCacheKey,
    queryFn: ({ signal }) => callApi(listFuncCache, { signal }),
  });

/** A function's switch and time to live (recorded). */
export const setFuncCache = (function_key: string, enabled: boolean, ttl_seconds: number) =>
  callApi(updateFuncCache, { body: { function_key, enabled, ttl_seconds } });

/** One function's kept results (every team's), or every function's. */
export const evictFunction = (function_key?: string) =>
  callApi(evictFuncCache, { body: function_key ? { function_key } : {} });
