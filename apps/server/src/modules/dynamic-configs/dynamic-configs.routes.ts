import { listDynamicConfigs, putDynamicConfig } from '@app/contract/admin/dynamic-configs/dynamic-configs';
import { routesFor } from '../../platform/endpoint';
import type { ServerModule } from '../../platform/platform';
import * as configs from './dynamic-configs.service';

/** `/admin/sys-settings/dynamic-configs`: settings changed while the server runs (gads_enable, ...). */
export const dynamicConfigsModule: ServerModule = {
  name: 'dynamic-configs',
  register(app, platform) {
    const route = routesFor(app, platform.registry);
    route(listDynamicConfigs, ({ ctx }) => configs.listDynamicConfigs(platform, ctx));
    route(putDynamicConfig, ({ ctx, params, body }) =>
      configs.saveDynamicConfig(platform, ctx, params.key, body.value),
    );
  },
};
