import {
  getNotificationSettings as getEndpoint,
  putNotificationSettings,
} from '@app/contract/account/sys-settings/notifications';
import { routesFor } from '../../platform/endpoint';
import type { ServerModule } from '../../platform/platform';
import { getNotificationSettings, saveEmailLevels } from './sys-settings.service';

export const sysSettingsModule: ServerModule = {
  name: 'sys-settings',
  register(app, platform) {
    const route = routesFor(app, platform.registry);
    route(getEndpoint, ({ ctx }) => getNotificationSettings(platform, ctx));
    route(putNotificationSettings, ({ ctx, body }) => saveEmailLevels(platform, ctx, body.email));
  },
};
