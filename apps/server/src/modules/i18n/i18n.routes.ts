import { postBabelText } from '@app/contract/i18n/babel-text';
import { registerEndpoint } from '../../platform/endpoint';
import type { ServerModule } from '../../platform/platform';
import { babelText, MsgidRegistry } from './i18n.service';

export const i18nModule: ServerModule = {
  name: 'i18n',
  register(app, platform) {
    const registry = new MsgidRegistry(platform);
    // Public (the login page is translated too), so bounded per address against msgid spam.
    registerEndpoint(
      app,
      platform.registry,
      postBabelText,
      ({ ctx, body }) => babelText(platform, registry, ctx, body),
      {
        rateLimit: { max: 300 },
      },
    );
  },
};
