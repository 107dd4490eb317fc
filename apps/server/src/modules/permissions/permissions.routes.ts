import { postPermissionList } from '@app/contract/permissions/list-permissions';
import { registerEndpoint } from '../../platform/endpoint';
import type { ServerModule } from '../../platform/platform';
import { listPermissions } from './permissions.service';

export const permissionsModule: ServerModule = {
  name: 'permissions',
  register(app, platform) {
    registerEndpoint(app, platform.registry, postPermissionList, ({ ctx, body }) =>
      listPermissions(platform, ctx, body),
    );
  },
};
