import { getIntegInterfaces, listExternalCalls } from '@app/contract/connectors/admin-interfaces';
import {
  listAdminBindings,
  listIntegPlatforms,
  putIntegPlatformEnabled,
} from '@app/contract/connectors/admin-platforms';
import { getAdminBoundAccountInfo, getBoundAccountInfo } from '@app/contract/connectors/bound-account';
import { getConnectorsStatus, postConnectorSync } from '@app/contract/connectors/connectors';
import {
  postAdminGoogleConnectCreate,
  postAdminGoogleRevoke,
  postGoogleConnectCallback,
  postGoogleConnectCreate,
  postGoogleRevoke,
} from '@app/contract/connectors/google-oauth';
import { getIntegMetadata, putIntegMetadataSelected } from '@app/contract/connectors/metadata';
import { routesFor } from '../../platform/endpoint';
import type { ServerModule } from '../../platform/platform';
import * as admin from './admin.service';
import { createConnect, finishConnect, revoke } from './connect.service';
import { getBoundInfo, getConnectorsStatus as status, syncNow } from './connectors.service';
import { getMetadata, putSelected } from './metadata.service';
import { watchSyncLag } from './sync.metrics';
import { defineSyncJobs } from './sync.service';

/** The Google connectors (issue 12 items 6-9): binding, metadata and choice, sync, admin pages. */
export const connectorsModule: ServerModule = {
  name: 'connectors',
  register(app, platform) {
    defineSyncJobs(platform);
    watchSyncLag(platform);
    const route = routesFor(app, platform.registry);
    // Each create writes a state row and each callback calls Google: limited like sign-in.
    const rateLimit = { max: platform.config.AUTH_RATE_LIMIT_MAX * 3 };

    route(postGoogleConnectCreate, ({ ctx, body }) => createConnect(platform, ctx, body, false), {
      rateLimit,
    });
    route(postAdminGoogleConnectCreate, ({ ctx, body }) => createConnect(platform, ctx, body, true), {
      rateLimit,
    });
    route(postGoogleConnectCallback, ({ ctx, body }) => finishConnect(platform, ctx, body), { rateLimit });
    route(postGoogleRevoke, ({ ctx, body }) => revoke(platform, ctx, body, false));
    route(postAdminGoogleRevoke, ({ ctx, body }) => revoke(platform, ctx, body, true));

    route(getBoundAccountInfo, ({ ctx, query }) => getBoundInfo(platform, ctx, query, false));
    route(getAdminBoundAccountInfo, ({ ctx, query }) => getBoundInfo(platform, ctx, query, true));

    route(getIntegMetadata, ({ ctx, query }) => getMetadata(platform, ctx, query));
    route(putIntegMetadataSelected, ({ ctx, body }) => putSelected(platform, ctx, body));

    route(getConnectorsStatus, ({ ctx, query }) => status(platform, ctx, query));
    route(postConnectorSync, ({ ctx, body }) => syncNow(platform, ctx, body));

    route(listIntegPlatforms, ({ ctx }) => admin.listPlatforms(platform, ctx));
    route(putIntegPlatformEnabled, ({ ctx, params, body }) =>
      admin.setPlatformEnabled(platform, ctx, params.platform, body.enabled),
    );
    route(listAdminBindings, ({ query }) => admin.listBindings(platform, query));
    route(getIntegInterfaces, ({ ctx, query }) => admin.interfaceStats(platform, ctx, query.days));
    route(listExternalCalls, ({ query }) => admin.listCalls(platform, query));
  },
};
