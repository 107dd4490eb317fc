import { listOpenApiRequests, openApiRequestStats } from '@app/contract/admin/open-api/open-api-requests';
import {
  issueRestToken,
  listRestTokenScopes,
  listRestTokens,
  revokeRestToken,
} from '@app/contract/admin/open-api/rest-tokens';
import { routesFor } from '../../platform/endpoint';
import type { ServerModule } from '../../platform/platform';
import * as requests from './open-api-requests.service';
import * as tokens from './rest-tokens.service';

/**
 * The Open API's admin side (issue 28 item 5): REST tokens at `/admin/permission/rest-token` and
 * the log of their calls at `/admin/logs/open-api/requests`. The calls themselves are let in by
 * the request pipeline's gate (`platform/open-api-gate.ts`).
 */
export const openApiModule: ServerModule = {
  name: 'open-api',
  register(app, platform) {
    const route = routesFor(app, platform.registry);
    route(listRestTokens, ({ query }) => tokens.listRestTokens(platform, query));
    route(listRestTokenScopes, ({ ctx }) => tokens.listScopes(platform, ctx));
    route(issueRestToken, ({ ctx, body }) => tokens.issueRestToken(platform, ctx, body));
    route(revokeRestToken, ({ ctx, params }) => tokens.revokeRestToken(platform, ctx, params.id));
    route(listOpenApiRequests, ({ query }) => requests.listOpenApiRequests(platform, query));
    route(openApiRequestStats, ({ query }) => requests.openApiRequestStats(platform, query));
  },
};
