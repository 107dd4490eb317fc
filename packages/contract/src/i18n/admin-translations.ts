import { z } from 'zod';
import { defineEndpoint } from '../define-endpoint';
import { zListQuery, zListResponse } from '../list';
import { zMsgid } from './babel-text';

/**
 * Translations (issue 28 item 3, `/admin/sys-functions/multiple-languages`): every msgid against
 * every language, edited in place, imported and exported (JSON, gettext PO), filled in by the
 * chat's model for review. Each save moves `latest_translation_version`, so open clients reload.
 */

/** `de_DE`, `pt_BR`: a language code, an underscore, a region code. */
export const LANGUAGE_CODE = /^[a-z]{2,3}_[A-Z]{2}$/;

export const zLanguageCode = z
  .string()
  .trim()
  .regex(LANGUAGE_CODE, { message: 'A language is written like de_DE (language_REGION)' });

export const zAdminLanguage = z.object({
  loc: z.string(),
  display: z.string(),
  enabled: z.boolean(),
  sort: z.number().int(),
});
export type AdminLanguage = z.infer<typeof zAdminLanguage>;

export const zTranslationRow = z.object({
  msgid: z.string(),
  /** Who asked for the text first: `web`, `server`, `seed`. */
  from: z.string(),
  /** Per language, only those translated. */
  msgstrs: z.record(z.string(), z.string()),
});
export type TranslationRow = z.infer<typeof zTranslationRow>;

const tags = ['admin: translations'];
const zFlag = z.enum(['true', 'false']).optional();

export const listTranslations = defineEndpoint({
  method: 'GET',
  path: '/api/admin/sys-functions/translations',
  permission: 'admin.translations.read',
  summary:
    'Msgids against languages (q searches msgids and translations; missing_only with loc: untranslated in that language)',
  tags,
  query: zListQuery.pick({ page: true, page_size: true, q: true }).extend({
    missing_only: zFlag,
    loc: z.string().max(16).optional(),
    from: z.string().max(64).optional(),
  }),
  response: zListResponse(zTranslationRow).extend({ languages: z.array(zAdminLanguage) }),
});

export const zTranslationCell = z.object({
  msgid: zMsgid,
  loc: z.string().min(1).max(16),
  msgstr: z.string().max(10_000, { message: 'At most 10,000 characters' }),
});
export type TranslationCell = z.infer<typeof zTranslationCell>;

export const saveTranslations = defineEndpoint({
  method: 'PUT',
  path: '/api/admin/sys-functions/translations',
  permission: 'admin.translations.edit',
  summary:
    'Save one or many translations (an empty msgstr removes one; recorded; moves the translation version)',
  tags,
  body: z.object({ cells: z.array(zTranslationCell).min(1).max(1000) }),
  response: z.object({ saved: z.number().int(), version: z.number().int() }),
});

export const deleteTranslation = defineEndpoint({
  method: 'DELETE',
  path: '/api/admin/sys-functions/translations',
  permission: 'admin.translations.edit',
  summary: 'Remove one translation (recorded; moves the translation version)',
  tags,
  query: z.object({ msgid: zMsgid, loc: z.string().min(1).max(16) }),
  response: z.object({ deleted: z.boolean(), version: z.number().int() }),
});

export const TRANSLATION_FORMATS = ['json', 'po'] as const;
export const zTranslationFormat = z.enum(TRANSLATION_FORMATS, { message: 'Choose JSON or PO' });

export const exportTranslations = defineEndpoint({
  method: 'GET',
  path: '/api/admin/sys-functions/translations/export',
  permission: 'admin.translations.read',
  summary:
    'The translations as a file: JSON ({ loc: { msgid: msgstr } }, every language or one) or gettext PO (one language)',
  tags,
  query: z.object({ format: zTranslationFormat, loc: z.string().max(16).optional() }),
  response: z.object({ filename: z.string(), content: z.string() }),
});

/** The upload field of an import. */
export const IMPORT_FIELD = 'file';
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;

const zImportCounts = z.object({
  new: z.number().int(),
  changed: z.number().int(),
  unchanged: z.number().int(),
  /** Entries for a language the product does not have, or empty. */
  skipped: z.number().int(),
  /** A few of the changes, for the preview. */
  samples: z.array(
    z.object({ msgid: z.string(), loc: z.string(), before: z.string().nullable(), after: z.string() }),
  ),
});
export type ImportCounts = z.infer<typeof zImportCounts>;

/** `loc` names the language of a PO file (else its Language header); JSON files name theirs. */
const zImportQuery = z.object({ loc: z.string().max(16).optional() });

export const previewTranslationImport = defineEndpoint({
  method: 'POST',
  path: '/api/admin/sys-functions/translations/import/preview',
  permission: 'admin.translations.edit',
  summary: 'What importing the file (multipart `file`: JSON or PO) would add and change; nothing saved',
  tags,
  query: zImportQuery,
  response: zImportCounts,
  readOnly: true,
});

export const importTranslations = defineEndpoint({
  method: 'POST',
  path: '/api/admin/sys-functions/translations/import',
  permission: 'admin.translations.edit',
  summary: 'Import translations (multipart `file`: JSON or PO; recorded; moves the translation version)',
  tags,
  query: zImportQuery,
  response: zImportCounts.extend({ version: z.number().int() }),
});

export const zTranslationSuggestion = z.object({ msgid: z.string(), msgstr: z.string() });
export type TranslationSuggestion = z.infer<typeof zTranslationSuggestion>;

export const AI_FILL_MAX = 100;

export const suggestTranslations = defineEndpoint({
  method: 'POST',
  path: '/api/admin/sys-functions/translations/ai-fill',
  permission: 'admin.translations.edit',
  summary:
    "Suggestions from the chat's model for missing translations of a language (the msgids given, else the first missing); nothing saved",
  tags,
  body: z.object({
    loc: z.string().min(1).max(16),
    msgids: z.array(zMsgid).max(AI_FILL_MAX).optional(),
  }),
  response: z.object({
    model: z.string(),
    /** True when no model is configured: nothing was suggested, `msg` says a model is needed. */
    needs_model: z.boolean(),
    suggestions: z.array(zTranslationSuggestion),
    /** Answers refused because they lost a placeholder or a tag, or were empty. */
    rejected: z.array(z.object({ msgid: z.string(), msgstr: z.string(), reason: z.string() })),
  }),
  readOnly: true,
});

export const listLanguages = defineEndpoint({
  method: 'GET',
  path: '/api/admin/sys-functions/languages',
  permission: 'admin.translations.read',
  summary: 'The languages, in switcher order',
  tags,
  response: z.object({ items: z.array(zAdminLanguage) }),
});

export const createLanguage = defineEndpoint({
  method: 'POST',
  path: '/api/admin/sys-functions/languages',
  permission: 'admin.translations.edit',
  summary: 'Add a language (switched off until an admin switches it on; recorded)',
  tags,
  body: z.object({
    loc: zLanguageCode,
    display: z
      .string()
      .trim()
      .min(1, { message: 'Enter a display name' })
      .max(64, { message: 'At most 64 characters' }),
  }),
  response: z.object({ language: zAdminLanguage }),
});

export const updateLanguage = defineEndpoint({
  method: 'PUT',
  path: '/api/admin/sys-functions/languages/{loc}',
  permission: 'admin.translations.edit',
  summary: 'Switch a language on or off in the language drawer, or rename it (recorded)',
  tags,
  params: z.object({ loc: z.string().min(1).max(16) }),
  body: z.object({
    enabled: z.boolean().optional(),
    display: z.string().trim().min(1, { message: 'Enter a display name' }).max(64).optional(),
  }),
  response: z.object({ language: zAdminLanguage }),
});
