import {
  listDynamicConfigHistory,
  listDynamicConfigs,
  putDynamicConfig,
  rollbackDynamicConfig,
} from '@app/contract/admin/dynamic-configs/dynamic-configs';
import { routesFor } from '../../platform/endpoint';
import type { ServerModule } from '../../platform/platform';
import * as configs from './dynamic-configs.service';

/** `/admin/sys-settings/dynamic-configs`: typed settings changed while the server runs, with their history. */
export const dynamicConfigsModule: ServerModule = {
  name: 'dynamic-configs',
  register(app, platform) {
    const route = routesFor(app, platform.registry);
    route(listDynamicConfigs, ({ ctx }) => configs.listDynamicConfigs(platform, ctx));
    route(putDynamicConfig, ({ ctx, params, body }) =>
      configs.saveDynamicConfig(platform, ctx, params.key, body.value),
    );
    route(listDynamicConfigHistory, ({ query }) => configs.listDynamicConfigHistory(platform, query));
    route(rollbackDynamicConfig, ({ ctx, params }) =>
      configs.rollbackDynamicConfig(platform, ctx, params.id),
    );
  },
};
