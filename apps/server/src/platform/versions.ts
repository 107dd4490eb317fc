import { eq, sql } from 'drizzle-orm';
import { versions } from '../db/schema';
import type { Db, Tx } from './db';

export type VersionKey =
  | 'translation'
  | 'permission'
  | 'tag_help'
  | 'dynamic_config'
  // Read on every metered call and every model call: the price table, the vault, the functions.
  | 'price'
  | 'foreign_key'
  | 'ai_function'
  // The function cache's switches per function (issue 28 item 2).
  | 'func_cache';

/** Call inside the transaction that makes the change, so clients never cache a half-applied state. */
export async function bumpVersion(tx: Db | Tx, key: VersionKey): Promise<number> {
  const [row] = await tx
    .insert(versions)
    .values({ key, version: 2 })
    .onConflictDoUpdate({
      target: versions.key,
      set: { version: sql`${versions.version} + 1`, updatedAt: new Date() },
    })
    .returning({ version: versions.version });
  return row?.version ?? 1;
}

export async function readVersion(db: Db, key: VersionKey): Promise<number> {
  const [row] = await db.select({ version: versions.version }).from(versions).where(eq(versions.key, key));
  return row?.version ?? 1;
}
