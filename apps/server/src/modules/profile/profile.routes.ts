import { deleteProfileAvatar, postProfileAvatar } from '@app/contract/account/profile/avatar';
import { getProfile as getEndpoint, patchProfile } from '@app/contract/account/profile/profile';
import { routesFor } from '../../platform/endpoint';
import type { ServerModule } from '../../platform/platform';
import { getProfile, removeAvatar, renameUser, uploadAvatar } from './profile.service';

export const profileModule: ServerModule = {
  name: 'profile',
  register(app, platform) {
    const route = routesFor(app, platform.registry);
    route(getEndpoint, ({ ctx }) => getProfile(platform, ctx));
    route(patchProfile, ({ ctx, body }) => renameUser(platform, ctx, body.username));
    route(postProfileAvatar, ({ ctx, request }) => uploadAvatar(platform, ctx, request));
    route(deleteProfileAvatar, ({ ctx }) => removeAvatar(platform, ctx));
  },
};
