import { getPermissionMatrix, setRoleGrants } from '@app/contract/admin/permissions/permissions';
import { postPermissionList } from '@app/contract/permissions/list-permissions';
import { routesFor } from '../../platform/endpoint';
import type { ServerModule } from '../../platform/platform';
import * as matrix from './permission-matrix.service';
import { listPermissions } from './permissions.service';

export const permissionsModule: ServerModule = {
  name: 'permissions',
  register(app, platform) {
    const route = routesFor(app, platform.registry);
    route(postPermissionList, ({ ctx, body }) => listPermissions(platform, ctx, body));
    route(getPermissionMatrix, () => matrix.getPermissionMatrix(platform));
    route(setRoleGrants, ({ ctx, params, body }) => matrix.setRoleGrants(platform, ctx, params.code, body));
  },
};
