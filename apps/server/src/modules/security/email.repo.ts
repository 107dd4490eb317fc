import { and, eq, ne } from 'drizzle-orm';
import { users } from '../../db/schema';
import type { Db, Tx } from '../../platform/db';

export async function findUserEmail(db: Db, userId: string) {
  const [row] = await db
    .select({ email: users.email, emailVerified: users.emailVerified, name: users.name })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}

/** Whether another account already uses the address (compared as stored: trimmed, lower case). */
export async function emailTaken(db: Db | Tx, email: string, exceptUserId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), ne(users.id, exceptUserId)))
    .limit(1);
  return row !== undefined;
}

export async function markEmailVerified(tx: Tx, userId: string): Promise<void> {
  await tx.update(users).set({ emailVerified: true, updatedAt: new Date() }).where(eq(users.id, userId));
}

/** The code proved the new address reaches the user, so it is verified at once. */
export async function setEmail(tx: Tx, userId: string, email: string): Promise<void> {
  await tx
    .update(users)
    .set({ email, emailVerified: true, updatedAt: new Date() })
    .where(eq(users.id, userId));
}
