import { evictCache, inspectCacheKey, listCacheKeys, listCaches } from '@app/contract/admin/caches/caches';
import { evictFuncCache, listFuncCache, updateFuncCache } from '@app/contract/admin/caches/func-cache';
import { routesFor } from '../../platform/endpoint';
import type { ServerModule } from '../../platform/platform';
import * as funcCache from '../analysis/func-cache.service';
import * as caches from './caches.service';

/**
 * The data-cache page (issue 28 item 2): list, inspect and evict every cache the server keeps;
 * and the function cache's page: its switch and time to live per analysis function.
 */
export const cachesModule: ServerModule = {
  name: 'caches',
  register(app, platform) {
    const route = routesFor(app, platform.registry);
    platform.caches.register(funcCache.funcCacheSource(platform));
    route(listCaches, () => caches.listCaches(platform));
    route(listCacheKeys, ({ query }) => caches.listCacheKeys(platform, query));
    route(inspectCacheKey, ({ query }) => caches.inspectCacheKey(platform, query));
    route(evictCache, ({ ctx, body }) => caches.evictCache(platform, ctx, body));
    route(listFuncCache, ({ ctx }) => funcCache.listFuncCache(platform, ctx));
    route(updateFuncCache, ({ ctx, body }) => funcCache.updateFuncCache(platform, ctx, body));
    route(evictFuncCache, ({ ctx, body }) => funcCache.evictFuncCache(platform, ctx, body));
  },
};
