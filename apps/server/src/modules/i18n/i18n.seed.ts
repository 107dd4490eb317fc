import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LOCALES } from '@app/contract/common';
import type { Db } from '../../platform/db';
import { bumpVersion } from '../../platform/versions';
import { insertMissingTranslations, insertMsgids, upsertLanguages } from './i18n.repo';

const LANGUAGES = [
  { loc: 'en_US', display: 'English', sort: 1 },
  { loc: 'zh_CN', display: '简体中文', sort: 2 },
  { loc: 'zh_HK', display: '繁體中文', sort: 3 },
  { loc: 'fr_FR', display: 'Français', sort: 4 },
];

const here = path.dirname(fileURLToPath(import.meta.url));
/** Source tree: ./seed beside this file; bundle: dist/i18n-seed (copied by the build). */
const seedDir = existsSync(path.join(here, 'i18n-seed'))
  ? path.join(here, 'i18n-seed')
  : path.join(here, 'seed');

/** Reads `<name>.<loc>.json` files (`{ msgid: msgstr }`) into rows. */
export function readSeedTranslations(dir = seedDir): { msgid: string; loc: string; msgstr: string }[] {
  if (!existsSync(dir)) return [];
  const rows: { msgid: string; loc: string; msgstr: string }[] = [];
  for (const file of readdirSync(dir)) {
    const match = /^[\w-]+\.(\w+)\.json$/.exec(file);
    const loc = match?.[1];
    if (!loc || !(LOCALES as readonly string[]).includes(loc)) continue;
    const table = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as Record<string, string>;
    for (const [msgid, msgstr] of Object.entries(table)) {
      if (typeof msgstr === 'string' && msgstr) rows.push({ msgid, loc, msgstr });
    }
  }
  return rows;
}

/**
 * The four languages and the shipped translations. Only missing translations are added, so an
 * admin's edits survive upgrades; the version moves only when something was added.
 */
export async function seedI18n(db: Db): Promise<void> {
  await upsertLanguages(db, LANGUAGES);
  const rows = readSeedTranslations();
  await db.transaction(async (tx) => {
    await insertMsgids(tx, [...new Set(rows.map((row) => row.msgid))], 'en_US', 'seed');
    let added = 0;
    for (let i = 0; i < rows.length; i += 500)
      added += await insertMissingTranslations(tx, rows.slice(i, i + 500));
    if (added > 0) await bumpVersion(tx, 'translation');
  });
}
