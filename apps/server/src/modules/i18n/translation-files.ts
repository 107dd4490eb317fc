import { po } from 'gettext-parser';

/**
 * The files translations travel in (issue 28 item 3): JSON `{ loc: { msgid: msgstr } }` (every
 * language, or one), and gettext PO, one language a file, through gettext-parser. Plural forms
 * are msgids of their own here (`<msgid>_one`, `<msgid>_other`), so a PO entry is always singular.
 */

export interface FileEntry {
  msgid: string;
  loc: string;
  msgstr: string;
}

export function toJsonFile(rows: FileEntry[]): string {
  const byLoc: Record<string, Record<string, string>> = {};
  for (const row of rows) {
    const table = byLoc[row.loc] ?? {};
    table[row.msgid] = row.msgstr;
    byLoc[row.loc] = table;
  }
  return `${JSON.stringify(byLoc, null, 2)}\n`;
}

/** `loc` as gettext names a language (`zh_CN`, `fr_FR`): the same spelling. */
export function toPoFile(loc: string, msgids: string[], rows: FileEntry[]): string {
  const msgstrs = new Map(rows.filter((row) => row.loc === loc).map((row) => [row.msgid, row.msgstr]));
  const entries: Record<string, { msgid: string; msgstr: string[] }> = {
    '': { msgid: '', msgstr: [''] },
  };
  for (const msgid of msgids) entries[msgid] = { msgid, msgstr: [msgstrs.get(msgid) ?? ''] };
  return po
    .compile({
      charset: 'utf-8',
      headers: {
        'Content-Type': 'text/plain; charset=UTF-8',
        'Content-Transfer-Encoding': '8bit',
        Language: loc,
        'MIME-Version': '1.0',
      },
      translations: { '': entries },
    })
    .toString('utf8');
}

export class BadTranslationFile extends Error {}

/** A JSON file: `{ loc: { msgid: msgstr } }`, or `{ msgid: msgstr }` with `loc` given. */
export function parseJsonFile(text: string, loc: string | undefined): FileEntry[] {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new BadTranslationFile('The file is not valid JSON');
  }
  if (!data || typeof data !== 'object' || Array.isArray(data)) {
    throw new BadTranslationFile('The file holds no translations');
  }
  const values = Object.values(data);
  const flat = values.length > 0 && values.every((value) => typeof value === 'string');
  const tables: [string, unknown][] = flat
    ? loc
      ? [[loc, data]]
      : []
    : Object.entries(data as Record<string, unknown>);
  if (flat && !loc) throw new BadTranslationFile('Choose the language of this file');
  const entries: FileEntry[] = [];
  for (const [tableLoc, table] of tables) {
    if (!table || typeof table !== 'object' || Array.isArray(table)) {
      throw new BadTranslationFile('Each language holds msgid: translation pairs');
    }
    for (const [msgid, msgstr] of Object.entries(table as Record<string, unknown>)) {
      if (typeof msgstr !== 'string') throw new BadTranslationFile('Each translation is a text');
      entries.push({ msgid, loc: tableLoc, msgstr });
    }
  }
  return entries;
}

/** A PO file of one language: `loc`, else its Language header. */
export function parsePoFile(text: string, loc: string | undefined): FileEntry[] {
  let parsed: ReturnType<typeof po.parse>;
  try {
    parsed = po.parse(text, { validation: true });
  } catch {
    throw new BadTranslationFile('The file is not a valid PO file');
  }
  const language = loc ?? parsed.headers.Language?.trim().replace('-', '_');
  if (!language) throw new BadTranslationFile('Choose the language of this file');
  const entries: FileEntry[] = [];
  for (const context of Object.values(parsed.translations)) {
    for (const entry of Object.values(context)) {
      if (!entry.msgid) continue;
      entries.push({ msgid: entry.msgid, loc: language, msgstr: entry.msgstr[0] ?? '' });
    }
  }
  return entries;
}

/** JSON when it starts like JSON, else PO; a file of neither is refused. */
export function parseTranslationFile(bytes: Buffer, filename: string, loc: string | undefined): FileEntry[] {
  const text = bytes.toString('utf8').replace(/^\uFEFF/, '');
  if (!text.trim()) throw new BadTranslationFile('The file is empty');
  const json = /\.json$/i.test(filename) || /^\s*[{[]/.test(text);
  const entries = json ? parseJsonFile(text, loc) : parsePoFile(text, loc);
  if (!json && entries.length === 0) throw new BadTranslationFile('The file is not a valid PO file');
  return entries;
}
