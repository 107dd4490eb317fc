import { and, eq, like, lt } from 'drizzle-orm';
import { verifications } from '../../db/schema';
import type { Db } from '../../platform/db';

/** Removes rows under `prefix` that expired before `before`. */
export async function deleteExpiredStates(db: Db, prefix: string, before: Date) {
  await db
    .delete(verifications)
    .where(and(like(verifications.identifier, `${prefix}%`), lt(verifications.expiresAt, before)));
}

export async function insertState(db: Db, identifier: string, value: string, expiresAt: Date) {
  await db.insert(verifications).values({ id: crypto.randomUUID(), identifier, value, expiresAt });
}

/**
 * Renames the row `fresh` to `used` in one statement, so two callers racing for the same state
 * cannot both get it; returns what it held, or undefined when there was no such fresh row.
 */
export async function spendState(db: Db, fresh: string, used: string) {
  const [spent] = await db
    .update(verifications)
    .set({ identifier: used, updatedAt: new Date() })
    .where(eq(verifications.identifier, fresh))
    .returning({ value: verifications.value, expiresAt: verifications.expiresAt });
  return spent;
}

export async function stateExists(db: Db, identifier: string): Promise<boolean> {
  const [row] = await db
    .select({ id: verifications.id })
    .from(verifications)
    .where(eq(verifications.identifier, identifier));
  return row !== undefined;
}
