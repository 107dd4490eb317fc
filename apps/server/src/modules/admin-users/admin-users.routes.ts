import { getAdminUserDetails as detailsEndpoint } from '@app/contract/admin/users/get-user-details';
import { listAdminUsers as listEndpoint } from '@app/contract/admin/users/list-users';
import {
  banAdminUser,
  resetAdminUserPassword,
  setAdminUserRole,
  signOutAdminUser,
  unbanAdminUser,
} from '@app/contract/admin/users/user-actions';
import { routesFor } from '../../platform/endpoint';
import type { ServerModule } from '../../platform/platform';
import {
  banUser,
  getAdminUserDetails,
  listAdminUsers,
  sendPasswordReset,
  setUserRole,
  signOutUser,
  unbanUser,
} from './admin-users.service';

export const adminUsersModule: ServerModule = {
  name: 'admin-users',
  register(app, platform) {
    const route = routesFor(app, platform.registry);
    route(listEndpoint, ({ query }) => listAdminUsers(platform, query));
    route(detailsEndpoint, ({ params }) => getAdminUserDetails(platform, params.id));
    route(setAdminUserRole, ({ ctx, params, body }) => setUserRole(platform, ctx, params.id, body.role));
    route(banAdminUser, ({ ctx, params, body }) => banUser(platform, ctx, params.id, body.reason));
    route(unbanAdminUser, ({ ctx, params }) => unbanUser(platform, ctx, params.id));
    route(signOutAdminUser, ({ ctx, params }) => signOutUser(platform, ctx, params.id));
    route(resetAdminUserPassword, ({ ctx, params }) => sendPasswordReset(platform, ctx, params.id));
  },
};
