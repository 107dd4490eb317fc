import { evictCache, inspectCacheKey, listCacheKeys, listCaches } from '@app/contract/admin/caches/caches';
import { routesFor } from '../../platform/endpoint';
import type { ServerModule } from '../../platform/platform';
import * as caches from './caches.service';

/** The data-cache page (issue 28 item 2): list, inspect and evict every cache the server keeps. */
export const cachesModule: ServerModule = {
  name: 'caches',
  register(app, platform) {
    const route = routesFor(app, platform.registry);
    route(listCaches, () => caches.listCaches(platform));
    route(listCacheKeys, ({ query }) => caches.listCacheKeys(platform, query));
    route(inspectCacheKey, ({ query }) => caches.inspectCacheKey(platform, query));
    route(evictCache, ({ ctx, body }) => caches.evictCache(platform, ctx, body));
  },
};
