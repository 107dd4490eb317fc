import {
  createLanguage,
  deleteTranslation,
  importTranslations,
  saveTranslations,
  updateLanguage,
} from '@app/contract/i18n/admin-translations';
import type { FastifyInstance } from 'fastify';
import { type Caller, callEndpoint } from '../../test/call-endpoint';
import { uploadThrough } from '../../test/multipart';
import type { TestApp } from '../../test/test-app';

/**
 * A valid call of each translations admin mutation, for the audit-trail walk
 * (`security/audit-trail.test.ts`): the set-up runs first, the returned call is the one checked.
 */
interface Harness {
  app: FastifyInstance;
  t: TestApp;
  admin: Caller;
}
type ValidCall = (h: Harness) => Promise<() => Promise<{ status: number; text: string }>>;

let made = 0;
const next = () => {
  made += 1;
  return made;
};

export const TRANSLATIONS_VALID_CALLS: Record<string, ValidCall> = {
  [saveTranslations.id]: async (h) => () =>
    callEndpoint(h.app, saveTranslations, {
      as: h.admin,
      body: { cells: [{ msgid: `Audited text ${next()}`, loc: 'fr_FR', msgstr: 'Texte audité' }] },
    }),
  [deleteTranslation.id]: async (h) => {
    const msgid = `Audited removal ${next()}`;
    (
      await callEndpoint(h.app, saveTranslations, {
        as: h.admin,
        body: { cells: [{ msgid, loc: 'fr_FR', msgstr: 'Supprimé' }] },
      })
    ).ok();
    return () => callEndpoint(h.app, deleteTranslation, { as: h.admin, query: { msgid, loc: 'fr_FR' } });
  },
  [importTranslations.id]: async (h) => () =>
    uploadThrough(h.app, importTranslations, {
      as: h.admin,
      files: [
        {
          field: 'file',
          name: 'audit.json',
          content: Buffer.from(JSON.stringify({ fr_FR: { [`Audited import ${next()}`]: 'Importé' } })),
        },
      ],
    }),
  [createLanguage.id]: async (h) => () =>
    callEndpoint(h.app, createLanguage, {
      as: h.admin,
      body: { loc: `a${String.fromCharCode(97 + (next() % 26))}_AU`, display: 'Audit' },
    }),
  [updateLanguage.id]: async (h) => () =>
    callEndpoint(h.app, updateLanguage, { as: h.admin, params: { loc: 'fr_FR' }, body: { enabled: true } }),
};
