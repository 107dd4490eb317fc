import type { CacheInfo, CacheKey } from '@app/contract/admin/caches/caches';
import type { ListPage } from '@app/contract/list';
import { AppError, validationError } from '../../platform/app-error';
import { audited } from '../../platform/audit';
import type { CacheSource } from '../../platform/cache-registry';
import type { SignedInContext } from '../../platform/endpoint';
import type { Platform } from '../../platform/platform';

const NO_SUCH_CACHE = 'No such cache';

async function infoOf(source: CacheSource): Promise<CacheInfo> {
  const stats = await source.stats();
  const asked = (stats.hits ?? 0) + (stats.misses ?? 0);
  return {
    name: source.name,
    backend: source.backend,
    entries: stats.entries,
    hits: stats.hits,
    misses: stats.misses,
    hit_rate: stats.hits === null || asked === 0 ? null : stats.hits / asked,
    bytes: stats.bytes === null ? null : Math.round(stats.bytes),
    ttl_seconds: stats.ttl_seconds,
  };
}

/** Every cache of this instance, with its figures (another instance's may differ). */
export async function listCaches(platform: Platform): Promise<{ instance_id: string; items: CacheInfo[] }> {
  return {
    instance_id: platform.caches.instanceId,
    items: await Promise.all(platform.caches.list().map(infoOf)),
  };
}

function sourceOf(platform: Platform, name: string): CacheSource {
  const source = platform.caches.get(name);
  if (!source) throw validationError({ name: NO_SUCH_CACHE });
  return source;
}

export async function listCacheKeys(
  platform: Platform,
  query: { name: string; q?: string; page: number; page_size: number },
): Promise<ListPage<CacheKey>> {
  sourceOf(platform, query.name);
  const found = await platform.caches.keys(query.name, {
    q: query.q,
    offset: (query.page - 1) * query.page_size,
    limit: query.page_size,
  });
  return {
    items: found?.items ?? [],
    total: found?.total ?? 0,
    page: query.page,
    page_size: query.page_size,
  };
}

export async function inspectCacheKey(
  platform: Platform,
  query: { name: string; id: string },
): Promise<{ key: CacheKey; value: Record<string, unknown> }> {
  const source = sourceOf(platform, query.name);
  const key = (await source.keys()).find((one) => one.id === query.id);
  const value = key ? await source.inspect(query.id) : null;
  if (!key || !value) throw new AppError('NOT_FOUND', { msg: 'No such key (it may have expired)' });
  return { key, value };
}

/** Drops one key or every key of a cache here, and has every other instance drop its copy. */
export async function evictCache(
  platform: Platform,
  ctx: SignedInContext,
  body: { name: string; id?: string },
): Promise<{ evicted: number }> {
  sourceOf(platform, body.name);
  const id = body.id ?? null;
  return audited(
    platform.db,
    ctx,
    { action: id === null ? 'cache.evict_all' : 'cache.evict', targetType: 'cache', targetId: body.name },
    async (tx) => {
      const evicted = (await platform.caches.evict(body.name, id, tx)) ?? 0;
      return {
        result: { evicted },
        after: { cache: body.name, key: id, evicted, instance: platform.caches.instanceId },
      };
    },
  );
}
