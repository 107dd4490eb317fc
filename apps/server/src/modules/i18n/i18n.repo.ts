import { i18nMsgids, i18nTranslations, languages } from '../../db/schema';
import type { Db, Tx } from '../../platform/db';

export async function listMsgids(db: Db): Promise<string[]> {
  const rows = await db.select({ msgid: i18nMsgids.msgid }).from(i18nMsgids);
  return rows.map((row) => row.msgid);
}

/** Registers msgids nobody has asked for before; existing ones are left as they are. */
export async function insertMsgids(
  db: Db | Tx,
  msgids: string[],
  sourceLang: string,
  from: string,
): Promise<void> {
  if (!msgids.length) return;
  await db
    .insert(i18nMsgids)
    .values(msgids.map((msgid) => ({ msgid, sourceLang, from })))
    .onConflictDoNothing();
}

/** Adds translations that do not exist yet; returns how many were new (admins' edits are kept). */
export async function insertMissingTranslations(
  tx: Db | Tx,
  rows: { msgid: string; loc: string; msgstr: string }[],
): Promise<number> {
  if (!rows.length) return 0;
  const inserted = await tx
    .insert(i18nTranslations)
    .values(rows)
    .onConflictDoNothing()
    .returning({ msgid: i18nTranslations.msgid });
  return inserted.length;
}

export async function upsertLanguages(
  db: Db,
  rows: { loc: string; display: string; sort: number }[],
): Promise<void> {
  await db.insert(languages).values(rows).onConflictDoNothing();
}
