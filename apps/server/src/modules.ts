import { authModule } from './modules/auth/auth.routes';
import { coreModule } from './modules/core/core.routes';
import { i18nModule } from './modules/i18n/i18n.routes';
import { permissionsModule } from './modules/permissions/permissions.routes';
import { usersModule } from './modules/users/users.routes';
import type { ServerModule } from './platform/platform';

/** Every feature's server side, registered in this order. A new feature adds one line here. */
export const serverModules: ServerModule[] = [
  coreModule,
  authModule,
  usersModule,
  i18nModule,
  permissionsModule,
];
