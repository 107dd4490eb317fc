import { getBasicInfos as getBasicInfosEndpoint } from '@app/contract/user/get-basic-infos';
import { registerEndpoint } from '../../platform/endpoint';
import type { ServerModule } from '../../platform/platform';
import { getBasicInfos } from './users.service';

export const usersModule: ServerModule = {
  name: 'users',
  register(app, platform) {
    registerEndpoint(app, platform.registry, getBasicInfosEndpoint, ({ ctx }) =>
      getBasicInfos(platform, ctx),
    );
  },
};
