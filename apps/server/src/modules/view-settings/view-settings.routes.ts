import { getViewSettings, putViewSettings } from '@app/contract/account/view-settings';
import { routesFor } from '../../platform/endpoint';
import type { ServerModule } from '../../platform/platform';
import * as views from './view-settings.service';

export const viewSettingsModule: ServerModule = {
  name: 'view-settings',
  register(app, platform) {
    const route = routesFor(app, platform.registry);
    route(getViewSettings, ({ ctx, query }) => views.getViewSettings(platform, ctx, query));
    route(putViewSettings, ({ ctx, body }) => views.putViewSettings(platform, ctx, body));
  },
};
