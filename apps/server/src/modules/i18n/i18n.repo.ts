import { and, asc, count, eq, exists, ilike, inArray, not, or, type SQL, sql } from 'drizzle-orm';
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

export interface LanguageRow {
  loc: string;
  display: string;
  enabled: boolean;
  sort: number;
}

export async function findLanguages(db: Db | Tx): Promise<LanguageRow[]> {
  return db
    .select({
      loc: languages.loc,
      display: languages.display,
      enabled: languages.enabled,
      sort: languages.sort,
    })
    .from(languages)
    .orderBy(asc(languages.sort), asc(languages.loc));
}

export async function insertLanguage(
  tx: Tx,
  row: { loc: string; display: string },
): Promise<LanguageRow | null> {
  const [last] = await tx.select({ sort: sql<number>`coalesce(max(${languages.sort}), 0)` }).from(languages);
  const [inserted] = await tx
    .insert(languages)
    .values({ ...row, enabled: false, sort: Number(last?.sort ?? 0) + 1 })
    .onConflictDoNothing()
    .returning();
  return inserted ?? null;
}

export async function updateLanguageRow(
  tx: Tx,
  loc: string,
  values: { enabled?: boolean; display?: string },
): Promise<LanguageRow | null> {
  const [row] = await tx.update(languages).set(values).where(eq(languages.loc, loc)).returning();
  return row ?? null;
}

function likeLiteral(text: string): string {
  return `%${text.replace(/[\\%_]/g, '\\$&')}%`;
}

export interface MsgidPageQuery {
  q?: string | undefined;
  /** Untranslated in these languages (any of them). */
  missingIn?: string[] | undefined;
  /** Searches the msgstrs of this language only (all when absent). */
  loc?: string | undefined;
  from?: string | undefined;
  page: number;
  pageSize: number;
}

/** One page of msgids (alphabetical) matching the query, with how many match. */
export async function pageMsgids(
  db: Db,
  query: MsgidPageQuery,
): Promise<{ total: number; rows: { msgid: string; from: string }[] }> {
  const where: SQL[] = [];
  if (query.q) {
    const pattern = likeLiteral(query.q);
    const inMsgstr = db
      .select({ one: sql`1` })
      .from(i18nTranslations)
      .where(
        and(
          eq(i18nTranslations.msgid, i18nMsgids.msgid),
          ilike(i18nTranslations.msgstr, pattern),
          query.loc ? eq(i18nTranslations.loc, query.loc) : undefined,
        ),
      );
    where.push(or(ilike(i18nMsgids.msgid, pattern), exists(inMsgstr)) as SQL);
  }
  if (query.missingIn?.length) {
    const missing = query.missingIn.map((loc) =>
      not(
        exists(
          db
            .select({ one: sql`1` })
            .from(i18nTranslations)
            .where(and(eq(i18nTranslations.msgid, i18nMsgids.msgid), eq(i18nTranslations.loc, loc))),
        ),
      ),
    );
    where.push(or(...missing) as SQL);
  }
  if (query.from) where.push(eq(i18nMsgids.from, query.from));
  const condition = where.length ? and(...where) : undefined;
  const [counted] = await db.select({ n: count() }).from(i18nMsgids).where(condition);
  const rows = await db
    .select({ msgid: i18nMsgids.msgid, from: i18nMsgids.from })
    .from(i18nMsgids)
    .where(condition)
    .orderBy(asc(i18nMsgids.msgid))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  return { total: counted?.n ?? 0, rows };
}

export interface TranslationKey {
  msgid: string;
  loc: string;
}

export async function findTranslationsOf(
  db: Db | Tx,
  msgids: string[],
): Promise<{ msgid: string; loc: string; msgstr: string }[]> {
  if (!msgids.length) return [];
  return db
    .select({ msgid: i18nTranslations.msgid, loc: i18nTranslations.loc, msgstr: i18nTranslations.msgstr })
    .from(i18nTranslations)
    .where(inArray(i18nTranslations.msgid, msgids));
}

/** Every translation (of one language when given), by msgid. */
export async function findAllTranslations(
  db: Db,
  loc?: string,
): Promise<{ msgid: string; loc: string; msgstr: string }[]> {
  return db
    .select({ msgid: i18nTranslations.msgid, loc: i18nTranslations.loc, msgstr: i18nTranslations.msgstr })
    .from(i18nTranslations)
    .where(loc ? eq(i18nTranslations.loc, loc) : undefined)
    .orderBy(asc(i18nTranslations.msgid), asc(i18nTranslations.loc));
}

/** Msgids not translated in `loc`, alphabetical (among `among` when given). */
export async function findMissingMsgids(
  db: Db,
  loc: string,
  limit: number,
  among?: string[],
): Promise<string[]> {
  const rows = await db
    .select({ msgid: i18nMsgids.msgid })
    .from(i18nMsgids)
    .where(
      and(
        among ? inArray(i18nMsgids.msgid, among.length ? among : ['']) : undefined,
        not(
          exists(
            db
              .select({ one: sql`1` })
              .from(i18nTranslations)
              .where(and(eq(i18nTranslations.msgid, i18nMsgids.msgid), eq(i18nTranslations.loc, loc))),
          ),
        ),
      ),
    )
    .orderBy(asc(i18nMsgids.msgid))
    .limit(limit);
  return rows.map((row) => row.msgid);
}

/** Writes translations over what was there (an admin's edit, an import). */
export async function upsertTranslations(
  tx: Tx,
  rows: { msgid: string; loc: string; msgstr: string }[],
): Promise<void> {
  for (let i = 0; i < rows.length; i += 500) {
    await tx
      .insert(i18nTranslations)
      .values(rows.slice(i, i + 500))
      .onConflictDoUpdate({
        target: [i18nTranslations.msgid, i18nTranslations.loc],
        set: { msgstr: sql`excluded.msgstr`, updatedAt: new Date() },
      });
  }
}

export async function deleteTranslationRows(tx: Tx, keys: TranslationKey[]): Promise<number> {
  let deleted = 0;
  for (const key of keys) {
    const gone = await tx
      .delete(i18nTranslations)
      .where(and(eq(i18nTranslations.msgid, key.msgid), eq(i18nTranslations.loc, key.loc)))
      .returning({ msgid: i18nTranslations.msgid });
    deleted += gone.length;
  }
  return deleted;
}
