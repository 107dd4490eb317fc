import { createRole, deleteRole, listRoles, updateRole } from '@app/contract/admin/roles/roles';
import { routesFor } from '../../platform/endpoint';
import type { ServerModule } from '../../platform/platform';
import * as roles from './roles.service';

export const rolesModule: ServerModule = {
  name: 'roles',
  register(app, platform) {
    const route = routesFor(app, platform.registry);
    route(listRoles, () => roles.listRoles(platform));
    route(createRole, ({ ctx, body }) => roles.createRole(platform, ctx, body));
    route(updateRole, ({ ctx, params, body }) => roles.updateRole(platform, ctx, params.code, body));
    route(deleteRole, ({ ctx, params }) => roles.deleteRole(platform, ctx, params.code));
  },
};
