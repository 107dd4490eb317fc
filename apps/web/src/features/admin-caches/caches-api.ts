import { evictCache, inspectCacheKey, listCacheKeys, listCaches } from '@app/contract/admin/caches/caches';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { callApi } from '../../lib/api/client';

export const cachesKey = ['admin', 'caches'] as const;

export const cachesQuery = () =>
  queryOptions({
    queryKey: cachesKey,
    queryFn: ({ signal }) => callApi(listCaches, { signal }),
  });

export const cacheKeysQuery = (name: string, q: string, page: number, pageSize: number) =>
  queryOptions({
    queryKey: [...cachesKey, 'keys', name, q, page, pageSize],
    queryFn: ({ signal }) =>
      callApi(listCacheKeys, { query: { name, q: q || undefined, page, page_size: pageSize }, signal }),
    placeholderData: keepPreviousData,
  });

export const cacheValueQuery = (name: string, id: string) =>
  queryOptions({
    queryKey: [...cachesKey, 'value', name, id],
    queryFn: ({ signal }) => callApi(inspectCacheKey, { query: { name, id }, signal }),
  });

/** One key (`id`) or every key of a cache, on every instance. */
export const evict = (name: string, id?: string) =>
  callApi(evictCache, { body: id ? { name, id } : { name } });
