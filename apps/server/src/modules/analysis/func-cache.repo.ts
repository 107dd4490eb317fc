import { and, count, desc, eq, gt, lte, max, sql } from 'drizzle-orm';
import { funcCacheEntries, funcCacheSettings } from '../../db/schema';
import type { Db, Tx } from '../../platform/db';

/** The function cache's tables (issue 28 item 2): the switches and the kept results. */

export type FuncCacheSettingRow = typeof funcCacheSettings.$inferSelect;
export type FuncCacheEntryRow = typeof funcCacheEntries.$inferSelect;

export function settingRows(db: Db): Promise<FuncCacheSettingRow[]> {
  return db.select().from(funcCacheSettings);
}

export async function upsertSetting(db: Db | Tx, values: typeof funcCacheSettings.$inferInsert) {
  await db
    .insert(funcCacheSettings)
    .values(values)
    .onConflictDoUpdate({ target: funcCacheSettings.functionKey, set: values });
}

/** A team's entry under `key` that has not expired, or null. */
export async function findLiveEntry(db: Db, key: string, teamId: string) {
  const [row] = await db
    .select({
      parts: funcCacheEntries.parts,
      model: funcCacheEntries.model,
      createdAt: funcCacheEntries.createdAt,
    })
    .from(funcCacheEntries)
    .where(
      and(
        eq(funcCacheEntries.key, key),
        eq(funcCacheEntries.teamId, teamId),
        gt(funcCacheEntries.expiresAt, new Date()),
      ),
    );
  return row ?? null;
}

export async function countHit(db: Db, key: string): Promise<void> {
  await db
    .update(funcCacheEntries)
    .set({ hits: sql`${funcCacheEntries.hits} + 1` })
    .where(eq(funcCacheEntries.key, key));
}

/** Keeps an entry (replacing one of the same key) and drops the expired ones. */
export async function putEntry(db: Db, values: typeof funcCacheEntries.$inferInsert): Promise<void> {
  await db.delete(funcCacheEntries).where(lte(funcCacheEntries.expiresAt, new Date()));
  const { key: _key, ...rest } = values;
  await db
    .insert(funcCacheEntries)
    .values(values)
    .onConflictDoUpdate({ target: funcCacheEntries.key, set: rest });
}

/** Entries not expired and the newest's creation, by function. */
export async function entryFigures(
  db: Db | Tx,
): Promise<Map<string, { entries: number; newest: Date | null }>> {
  const rows = await db
    .select({
      functionKey: funcCacheEntries.functionKey,
      entries: count(),
      newest: max(funcCacheEntries.createdAt),
    })
    .from(funcCacheEntries)
    .where(gt(funcCacheEntries.expiresAt, new Date()))
    .groupBy(funcCacheEntries.functionKey);
  return new Map(
    rows.map((row) => [
      row.functionKey,
      { entries: Number(row.entries), newest: row.newest ? new Date(row.newest) : null },
    ]),
  );
}

/** The size of the live entries' parts, as JSON text. */
export async function liveBytes(db: Db): Promise<number> {
  const [row] = await db
    .select({ bytes: sql<number | null>`sum(octet_length(${funcCacheEntries.parts}::text))`.mapWith(Number) })
    .from(funcCacheEntries)
    .where(gt(funcCacheEntries.expiresAt, new Date()));
  return row?.bytes ?? 0;
}

const keyColumns = {
  key: funcCacheEntries.key,
  teamId: funcCacheEntries.teamId,
  functionKey: funcCacheEntries.functionKey,
  version: funcCacheEntries.version,
  createdAt: funcCacheEntries.createdAt,
  expiresAt: funcCacheEntries.expiresAt,
  bytes: sql<number | null>`octet_length(${funcCacheEntries.parts}::text)`.mapWith(Number),
};
export type EntryKeyRow = Awaited<ReturnType<typeof liveEntryKeys>>[number];

/** The live entries without their parts, newest first. */
export function liveEntryKeys(db: Db, limit: number) {
  return db
    .select(keyColumns)
    .from(funcCacheEntries)
    .where(gt(funcCacheEntries.expiresAt, new Date()))
    .orderBy(desc(funcCacheEntries.createdAt))
    .limit(limit);
}

export async function findEntry(db: Db, key: string) {
  const [row] = await db
    .select({
      ...keyColumns,
      model: funcCacheEntries.model,
      hits: funcCacheEntries.hits,
      parts: funcCacheEntries.parts,
    })
    .from(funcCacheEntries)
    .where(eq(funcCacheEntries.key, key));
  return row ?? null;
}

export async function deleteEntry(db: Db | Tx, key: string): Promise<boolean> {
  const gone = await db
    .delete(funcCacheEntries)
    .where(eq(funcCacheEntries.key, key))
    .returning({ key: funcCacheEntries.key });
  return gone.length > 0;
}

/** Drops one function's entries (every team's), or every entry (`null`); answers how many. */
export async function deleteEntries(db: Db | Tx, functionKey: string | null): Promise<number> {
  const gone = await db
    .delete(funcCacheEntries)
    .where(functionKey === null ? undefined : eq(funcCacheEntries.functionKey, functionKey))
    .returning({ key: funcCacheEntries.key });
  return gone.length;
}
