import {
  getPersonalization as getEndpoint,
  putPersonalization as putEndpoint,
} from '@app/contract/account/personalization/personalization';
import { LANG_COOKIE } from '@app/contract/common';
import { routesFor } from '../../platform/endpoint';
import type { ServerModule } from '../../platform/platform';
import { getPersonalization, savePersonalization } from './personalization.service';

/** Spec section 9: the language cookie lasts one year. */
const LANG_COOKIE_SECONDS = 365 * 24 * 3600;

export const personalizationModule: ServerModule = {
  name: 'personalization',
  register(app, platform) {
    const route = routesFor(app, platform.registry);
    route(getEndpoint, ({ ctx }) => getPersonalization(platform, ctx));
    route(putEndpoint, async ({ ctx, body, reply }) => {
      const saved = await savePersonalization(platform, ctx, body);
      // The language cookie is what picks the language of every later request.
      if (body.language)
        reply.setCookie(LANG_COOKIE, saved.language, {
          path: '/',
          maxAge: LANG_COOKIE_SECONDS,
          sameSite: 'lax',
        });
      return saved;
    });
  },
};
