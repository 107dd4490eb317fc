import {
  type AdminLanguage,
  AI_FILL_MAX,
  IMPORT_FIELD,
  IMPORT_MAX_BYTES,
  type ImportCounts,
  type TranslationCell,
  type TranslationRow,
} from '@app/contract/i18n/admin-translations';
import type { FastifyRequest } from 'fastify';
import { AppError, validationError } from '../../platform/app-error';
import { audited } from '../../platform/audit';
import type { Tx } from '../../platform/db';
import type { SignedInContext } from '../../platform/endpoint';
import { readingMultipart } from '../../platform/multipart';
import type { Platform } from '../../platform/platform';
import { bumpVersion } from '../../platform/versions';
import { activeModel } from '../chat/assistant/providers';
import {
  deleteTranslationRows,
  findAllTranslations,
  findLanguages,
  findMissingMsgids,
  findTranslationsOf,
  insertLanguage,
  insertMsgids,
  type LanguageRow,
  listMsgids,
  pageMsgids,
  updateLanguageRow,
  upsertTranslations,
} from './i18n.repo';
import {
  BadTranslationFile,
  type FileEntry,
  parseTranslationFile,
  toJsonFile,
  toPoFile,
} from './translation-files';
import { fillTranslations } from './translation-fill';

/**
 * The translations page (issue 28 item 3). Every change moves the `translation` version in its
 * transaction (with its operation record), then this instance drops its translations at once and
 * the others hear of it on the change feed; clients reload when basic infos show the new version.
 */

/** The language msgids are written in: translating into it is optional, never "missing". */
const SOURCE_LANG = 'en_US';

function toLanguage(row: LanguageRow): AdminLanguage {
  return { loc: row.loc, display: row.display, enabled: row.enabled, sort: row.sort };
}

/** A change of translations or languages, recorded, with the version moved in its transaction. */
async function changeTranslations<T>(
  platform: Platform,
  ctx: SignedInContext,
  target: { action: string; targetType: string; targetId: string | null },
  change: (tx: Tx) => Promise<{
    result: T;
    before?: Record<string, unknown> | null;
    after?: Record<string, unknown> | null;
  }>,
): Promise<T & { version: number }> {
  try {
    return await audited(platform.db, ctx, target, async (tx) => {
      const done = await change(tx);
      const version = await bumpVersion(tx, 'translation');
      return { ...done, result: { ...done.result, version } };
    });
  } finally {
    platform.translator.invalidate();
  }
}

export async function listTranslations(
  platform: Platform,
  query: {
    page: number;
    page_size: number;
    q?: string | undefined;
    missing_only?: 'true' | 'false' | undefined;
    loc?: string | undefined;
    from?: string | undefined;
  },
): Promise<{
  items: TranslationRow[];
  total: number;
  page: number;
  page_size: number;
  languages: AdminLanguage[];
}> {
  const languages = await findLanguages(platform.db);
  const targets = languages.map((language) => language.loc).filter((loc) => loc !== SOURCE_LANG);
  const missingIn = query.missing_only === 'true' ? (query.loc ? [query.loc] : targets) : undefined;
  const { total, rows } = await pageMsgids(platform.db, {
    q: query.q || undefined,
    missingIn,
    loc: query.loc || undefined,
    from: query.from || undefined,
    page: query.page,
    pageSize: query.page_size,
  });
  const translations = await findTranslationsOf(
    platform.db,
    rows.map((row) => row.msgid),
  );
  const byMsgid = new Map<string, Record<string, string>>();
  for (const row of translations) {
    const msgstrs = byMsgid.get(row.msgid) ?? {};
    msgstrs[row.loc] = row.msgstr;
    byMsgid.set(row.msgid, msgstrs);
  }
  return {
    items: rows.map((row) => ({ msgid: row.msgid, from: row.from, msgstrs: byMsgid.get(row.msgid) ?? {} })),
    total,
    page: query.page,
    page_size: query.page_size,
    languages: languages.map(toLanguage),
  };
}

/** `db` is the transaction when one is open: the embedded database has one connection only. */
async function knownLocs(platform: Platform, db: Tx | Platform['db'] = platform.db): Promise<Set<string>> {
  return new Set((await findLanguages(db)).map((language) => language.loc));
}

/** Saves cells over what was there; an empty msgstr removes the translation. */
export async function saveTranslations(
  platform: Platform,
  ctx: SignedInContext,
  cells: TranslationCell[],
): Promise<{ saved: number; version: number }> {
  const locs = await knownLocs(platform);
  const unknown = cells.find((cell) => !locs.has(cell.loc));
  if (unknown) throw validationError({ loc: 'No such language' });
  // The last word on a cell given twice.
  const byKey = new Map(cells.map((cell) => [`${cell.loc}\u0000${cell.msgid}`, cell]));
  const kept = [...byKey.values()];
  return changeTranslations(
    platform,
    ctx,
    {
      action: 'translations.save',
      targetType: 'translation',
      targetId: kept.length === 1 ? (kept[0]?.msgid ?? null) : null,
    },
    async (tx) => {
      const before = await findTranslationsOf(tx, [...new Set(kept.map((cell) => cell.msgid))]);
      const written = kept.filter((cell) => cell.msgstr.trim() !== '');
      const removed = kept.filter((cell) => cell.msgstr.trim() === '');
      await insertMsgids(tx, [...new Set(written.map((cell) => cell.msgid))], SOURCE_LANG, 'admin');
      await upsertTranslations(tx, written);
      await deleteTranslationRows(tx, removed);
      const sample = (rows: { msgid: string; loc: string; msgstr?: string }[]) => rows.slice(0, 50);
      return {
        result: { saved: kept.length },
        before: {
          cells: sample(before.filter((row) => byKey.has(`${row.loc}\u0000${row.msgid}`))),
        },
        after: { cells: sample(kept), count: kept.length },
      };
    },
  );
}

export async function deleteTranslation(
  platform: Platform,
  ctx: SignedInContext,
  key: { msgid: string; loc: string },
): Promise<{ deleted: boolean; version: number }> {
  return changeTranslations(
    platform,
    ctx,
    { action: 'translations.delete', targetType: 'translation', targetId: key.msgid },
    async (tx) => {
      const before = (await findTranslationsOf(tx, [key.msgid])).find((row) => row.loc === key.loc) ?? null;
      const deleted = (await deleteTranslationRows(tx, [key])) > 0;
      return { result: { deleted }, before, after: null };
    },
  );
}

export async function exportTranslations(
  platform: Platform,
  query: { format: 'json' | 'po'; loc?: string | undefined },
): Promise<{ filename: string; content: string }> {
  const locs = await knownLocs(platform);
  if (query.loc && !locs.has(query.loc)) throw validationError({ loc: 'No such language' });
  if (query.format === 'po') {
    if (!query.loc) throw validationError({ loc: 'Choose the language of the PO file' });
    const [msgids, rows] = await Promise.all([
      listMsgids(platform.db),
      findAllTranslations(platform.db, query.loc),
    ]);
    return { filename: `translations.${query.loc}.po`, content: toPoFile(query.loc, msgids.sort(), rows) };
  }
  const rows = await findAllTranslations(platform.db, query.loc);
  return { filename: `translations${query.loc ? `.${query.loc}` : ''}.json`, content: toJsonFile(rows) };
}

/** The uploaded file's entries; a missing, oversized or unreadable file names `file`. */
async function readImport(request: FastifyRequest, loc: string | undefined): Promise<FileEntry[]> {
  const missing = () => validationError({ [IMPORT_FIELD]: 'Choose a file to upload' });
  if (!request.isMultipart()) throw missing();
  const read = await readingMultipart(IMPORT_FIELD, async () => {
    const part = await request.file({ limits: { fileSize: IMPORT_MAX_BYTES, files: 1 } });
    if (!part) return null;
    const bytes = await part.toBuffer();
    return { filename: part.filename, bytes };
  });
  if (!read) throw missing();
  try {
    return parseTranslationFile(read.bytes, read.filename ?? '', loc);
  } catch (error) {
    if (error instanceof BadTranslationFile) {
      throw validationError({ [IMPORT_FIELD]: error.message }, error.message);
    }
    throw error;
  }
}

interface ImportPlan extends ImportCounts {
  writes: FileEntry[];
}

async function planImport(
  platform: Platform,
  entries: FileEntry[],
  db: Tx | Platform['db'],
): Promise<ImportPlan> {
  const locs = await knownLocs(platform, db);
  const plan: ImportPlan = { new: 0, changed: 0, unchanged: 0, skipped: 0, samples: [], writes: [] };
  const usable = new Map<string, FileEntry>();
  for (const entry of entries) {
    if (!locs.has(entry.loc) || !entry.msgid.trim() || !entry.msgstr.trim() || entry.msgid.length > 1000) {
      plan.skipped += 1;
      continue;
    }
    usable.set(`${entry.loc}\u0000${entry.msgid}`, entry);
  }
  const msgids = [...new Set([...usable.values()].map((entry) => entry.msgid))];
  const existing = new Map<string, string>();
  for (let i = 0; i < msgids.length; i += 1000) {
    for (const row of await findTranslationsOf(db, msgids.slice(i, i + 1000))) {
      existing.set(`${row.loc}\u0000${row.msgid}`, row.msgstr);
    }
  }
  for (const [key, entry] of usable) {
    const before = existing.get(key);
    if (before === entry.msgstr) {
      plan.unchanged += 1;
      continue;
    }
    if (before === undefined) plan.new += 1;
    else plan.changed += 1;
    plan.writes.push(entry);
    if (plan.samples.length < 20) {
      plan.samples.push({ msgid: entry.msgid, loc: entry.loc, before: before ?? null, after: entry.msgstr });
    }
  }
  return plan;
}

export async function previewImport(
  platform: Platform,
  request: FastifyRequest,
  loc: string | undefined,
): Promise<ImportCounts> {
  const { writes: _writes, ...counts } = await planImport(
    platform,
    await readImport(request, loc),
    platform.db,
  );
  return counts;
}

export async function applyImport(
  platform: Platform,
  ctx: SignedInContext,
  request: FastifyRequest,
  loc: string | undefined,
): Promise<ImportCounts & { version: number }> {
  const entries = await readImport(request, loc);
  return changeTranslations(
    platform,
    ctx,
    { action: 'translations.import', targetType: 'translation', targetId: loc ?? null },
    async (tx) => {
      const { writes, ...counts } = await planImport(platform, entries, tx);
      await insertMsgids(tx, [...new Set(writes.map((entry) => entry.msgid))], SOURCE_LANG, 'import');
      await upsertTranslations(tx, writes);
      return {
        result: counts,
        after: {
          new: counts.new,
          changed: counts.changed,
          unchanged: counts.unchanged,
          skipped: counts.skipped,
        },
      };
    },
  );
}

/**
 * Suggestions for missing translations of `loc` from the chat's model; nothing is saved. With no
 * model configured (the offline analyst answers the chat), it says a model is needed instead of
 * inventing translations. Not charged to any team: an operator's tool (docs/decisions.md).
 */
export async function suggestTranslations(
  platform: Platform,
  ctx: SignedInContext,
  body: { loc: string; msgids?: string[] | undefined },
): Promise<{
  model: string;
  needs_model: boolean;
  suggestions: { msgid: string; msgstr: string }[];
  rejected: { msgid: string; msgstr: string; reason: string }[];
  msg?: string;
}> {
  const language = (await findLanguages(platform.db)).find((row) => row.loc === body.loc);
  if (!language) throw validationError({ loc: 'No such language' });
  if (language.loc === SOURCE_LANG) throw validationError({ loc: 'Texts are written in English already' });
  const model = await activeModel(platform);
  if (model.kind === 'offline') {
    return {
      model: model.id,
      needs_model: true,
      suggestions: [],
      rejected: [],
      msg: ctx.t('AI fill-in needs a model: configure one on the foreign-keys page'),
    };
  }
  const msgids = await findMissingMsgids(platform.db, language.loc, AI_FILL_MAX, body.msgids);
  const answer = {
    suggestions: [] as { msgid: string; msgstr: string }[],
    rejected: [] as { msgid: string; msgstr: string; reason: string }[],
  };
  try {
    for (let i = 0; i < msgids.length; i += 25) {
      const batch = await fillTranslations(model, language, msgids.slice(i, i + 25));
      answer.suggestions.push(...batch.suggestions);
      answer.rejected.push(...batch.rejected);
    }
  } catch {
    throw new AppError('SERVER_ERROR', { msg: 'The model could not be reached; try again later' });
  }
  return { model: model.id, needs_model: false, ...answer };
}

export async function listLanguages(platform: Platform): Promise<{ items: AdminLanguage[] }> {
  return { items: (await findLanguages(platform.db)).map(toLanguage) };
}

export async function createLanguage(
  platform: Platform,
  ctx: SignedInContext,
  body: { loc: string; display: string },
): Promise<{ language: AdminLanguage }> {
  const { language } = await changeTranslations(
    platform,
    ctx,
    { action: 'languages.create', targetType: 'language', targetId: body.loc },
    async (tx) => {
      const row = await insertLanguage(tx, body);
      if (!row) throw validationError({ loc: 'This language exists already' });
      return { result: { language: toLanguage(row) }, after: toLanguage(row) };
    },
  );
  return { language };
}

export async function updateLanguage(
  platform: Platform,
  ctx: SignedInContext,
  loc: string,
  body: { enabled?: boolean | undefined; display?: string | undefined },
): Promise<{ language: AdminLanguage }> {
  const before = (await findLanguages(platform.db)).find((row) => row.loc === loc);
  if (!before) throw new AppError('NOT_FOUND', { msg: 'No such language' });
  const { language } = await changeTranslations(
    platform,
    ctx,
    { action: 'languages.update', targetType: 'language', targetId: loc },
    async (tx) => {
      const values: { enabled?: boolean; display?: string } = {};
      if (body.enabled !== undefined) values.enabled = body.enabled;
      if (body.display !== undefined) values.display = body.display;
      const row = Object.keys(values).length ? await updateLanguageRow(tx, loc, values) : before;
      if (!row) throw new AppError('NOT_FOUND', { msg: 'No such language' });
      return { result: { language: toLanguage(row) }, before: toLanguage(before), after: toLanguage(row) };
    },
  );
  return { language };
}
