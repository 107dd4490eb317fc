import { z } from 'zod';
import { zLocale } from '../common';
import { defineEndpoint } from '../define-endpoint';

export const zMsgid = z.string().min(1).max(1000);

/**
 * Translations for the request's language (Accept-Language). An empty `msgids` asks for every
 * translation of that language; msgids the server has never seen are registered for admins.
 */
export const postBabelText = defineEndpoint({
  method: 'POST',
  path: '/api/babel/text',
  permission: 'public',
  summary: 'Translations per locale',
  tags: ['i18n'],
  body: z.object({
    msgids: z.array(zMsgid).max(2000).default([]),
    source_lang: zLocale.default('en_US'),
    from: z.string().min(1).max(64).default('web'),
  }),
  response: z.object({
    version: z.number().int(),
    loc: zLocale,
    msgstrs: z.record(z.string(), z.string()),
  }),
});
