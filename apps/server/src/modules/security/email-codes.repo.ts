import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { verifications } from '../../db/schema';
import type { Db, Tx } from '../../platform/db';

/**
 * E-mail codes live in better-auth's verifications table, one row per user and purpose, so the
 * library's clean-up of expired rows covers them too. The value holds only a hash of the code.
 */
export type CodePurpose = 'verify_email' | 'change_email';

const identifier = (purpose: CodePurpose, userId: string) => `account-email-code:${purpose}:${userId}`;

export async function findCodeRow(db: Db, purpose: CodePurpose, userId: string) {
  const [row] = await db
    .select()
    .from(verifications)
    .where(eq(verifications.identifier, identifier(purpose, userId)))
    .limit(1);
  return row ?? null;
}

/** A new code replaces any earlier one for the same purpose. */
export async function replaceCodeRow(
  db: Db,
  purpose: CodePurpose,
  userId: string,
  value: string,
  expiresAt: Date,
): Promise<string> {
  const id = randomUUID();
  await db.transaction(async (tx) => {
    await tx.delete(verifications).where(eq(verifications.identifier, identifier(purpose, userId)));
    await tx.insert(verifications).values({ id, identifier: identifier(purpose, userId), value, expiresAt });
  });
  return id;
}

/** Locked, so two guesses at once are counted one after the other. */
export async function lockCodeRow(tx: Tx, purpose: CodePurpose, userId: string) {
  const [row] = await tx
    .select()
    .from(verifications)
    .where(eq(verifications.identifier, identifier(purpose, userId)))
    .limit(1)
    .for('update');
  return row ?? null;
}

export async function updateCodeValue(tx: Tx, id: string, value: string): Promise<void> {
  await tx.update(verifications).set({ value, updatedAt: new Date() }).where(eq(verifications.id, id));
}

export async function deleteCodeRow(db: Db | Tx, id: string): Promise<void> {
  await db.delete(verifications).where(eq(verifications.id, id));
}
