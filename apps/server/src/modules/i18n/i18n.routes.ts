import {
  createLanguage,
  deleteTranslation,
  exportTranslations,
  importTranslations,
  listLanguages,
  listTranslations,
  previewTranslationImport,
  saveTranslations,
  suggestTranslations,
  updateLanguage,
} from '@app/contract/i18n/admin-translations';
import { postBabelText } from '@app/contract/i18n/babel-text';
import { registerEndpoint, routesFor } from '../../platform/endpoint';
import type { ServerModule } from '../../platform/platform';
import * as admin from './admin-translations.service';
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

    // `/admin/sys-functions/multiple-languages` (issue 28 item 3).
    const route = routesFor(app, platform.registry);
    route(listTranslations, ({ query }) => admin.listTranslations(platform, query));
    route(saveTranslations, ({ ctx, body }) => admin.saveTranslations(platform, ctx, body.cells));
    route(deleteTranslation, ({ ctx, query }) => admin.deleteTranslation(platform, ctx, query));
    route(exportTranslations, ({ query }) => admin.exportTranslations(platform, query));
    route(previewTranslationImport, ({ request, query }) =>
      admin.previewImport(platform, request, query.loc),
    );
    route(importTranslations, ({ ctx, request, query }) =>
      admin.applyImport(platform, ctx, request, query.loc),
    );
    route(suggestTranslations, ({ ctx, body }) => admin.suggestTranslations(platform, ctx, body));
    route(listLanguages, () => admin.listLanguages(platform));
    route(createLanguage, ({ ctx, body }) => admin.createLanguage(platform, ctx, body));
    route(updateLanguage, ({ ctx, params, body }) => admin.updateLanguage(platform, ctx, params.loc, body));
  },
};
