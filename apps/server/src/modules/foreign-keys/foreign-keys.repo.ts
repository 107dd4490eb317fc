import { eq } from 'drizzle-orm';
import { foreignKeys, users } from '../../db/schema';
import type { Db, Tx } from '../../platform/db';
import { bumpVersion } from '../../platform/versions';

export type ForeignKeyRow = typeof foreignKeys.$inferSelect & { updatedByEmail: string | null };

export async function findForeignKeys(db: Db): Promise<ForeignKeyRow[]> {
  return db
    .select({
      kind: foreignKeys.kind,
      sealed: foreignKeys.sealed,
      updatedBy: foreignKeys.updatedBy,
      updatedAt: foreignKeys.updatedAt,
      lastTestOk: foreignKeys.lastTestOk,
      lastTestMessage: foreignKeys.lastTestMessage,
      lastTestAt: foreignKeys.lastTestAt,
      updatedByEmail: users.email,
    })
    .from(foreignKeys)
    .leftJoin(users, eq(users.id, foreignKeys.updatedBy));
}

export async function findForeignKey(db: Db | Tx, kind: string): Promise<ForeignKeyRow | null> {
  const rows = await (db as Db)
    .select({
      kind: foreignKeys.kind,
      sealed: foreignKeys.sealed,
      updatedBy: foreignKeys.updatedBy,
      updatedAt: foreignKeys.updatedAt,
      lastTestOk: foreignKeys.lastTestOk,
      lastTestMessage: foreignKeys.lastTestMessage,
      lastTestAt: foreignKeys.lastTestAt,
      updatedByEmail: users.email,
    })
    .from(foreignKeys)
    .leftJoin(users, eq(users.id, foreignKeys.updatedBy))
    .where(eq(foreignKeys.kind, kind));
  return rows[0] ?? null;
}

/** Saving new values forgets the last test: it tried other credentials. */
export async function upsertForeignKey(tx: Tx, kind: string, sealed: string, userId: string): Promise<void> {
  await tx
    .insert(foreignKeys)
    .values({ kind, sealed, updatedBy: userId, updatedAt: new Date() })
    .onConflictDoUpdate({
      target: foreignKeys.kind,
      set: {
        sealed,
        updatedBy: userId,
        updatedAt: new Date(),
        lastTestOk: null,
        lastTestMessage: null,
        lastTestAt: null,
      },
    });
  // The vault is kept in memory by its version (foreign-keys.service): it moves with every write.
  await bumpVersion(tx, 'foreign_key');
}

export async function deleteForeignKey(tx: Tx, kind: string): Promise<boolean> {
  const gone = await tx
    .delete(foreignKeys)
    .where(eq(foreignKeys.kind, kind))
    .returning({ kind: foreignKeys.kind });
  await bumpVersion(tx, 'foreign_key');
  return gone.length > 0;
}

export async function recordTest(
  db: Db,
  kind: string,
  outcome: { ok: boolean; message: string },
): Promise<void> {
  await db
    .update(foreignKeys)
    .set({ lastTestOk: outcome.ok, lastTestMessage: outcome.message, lastTestAt: new Date() })
    .where(eq(foreignKeys.kind, kind));
}
