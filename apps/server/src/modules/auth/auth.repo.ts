import { eq } from 'drizzle-orm';
import { sessions, users } from '../../db/schema';
import type { Db } from '../../platform/db';

export async function userIdByEmail(db: Db, email: string): Promise<string | undefined> {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return user?.id;
}

/** Deletes the session; false when it was already gone. */
export async function deleteSession(db: Db, sessionId: string): Promise<boolean> {
  const removed = await db.delete(sessions).where(eq(sessions.id, sessionId)).returning({ id: sessions.id });
  return removed.length > 0;
}

/** Id, name and address of a user: enough to name them in a sign-in record or check a password against. */
export async function userIdentity(db: Db, userId: string) {
  const [user] = await db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(eq(users.id, userId));
  return user;
}

/** Whom a reset link goes to, found by address or id, with the language mail to them is in. */
export async function resetRecipient(db: Db, by: { email: string } | { id: string }) {
  const [user] = await db
    .select({ id: users.id, name: users.name, email: users.email, locale: users.locale })
    .from(users)
    .where('email' in by ? eq(users.email, by.email) : eq(users.id, by.id));
  return user ?? null;
}
