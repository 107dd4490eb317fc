import { and, desc, eq, gt, ne } from 'drizzle-orm';
import { sessions, signInEvents } from '../../db/schema';
import type { Db } from '../../platform/db';

/** The user's sessions that still work, most recently used first. */
export async function listUserSessions(db: Db, userId: string) {
  return db
    .select({
      id: sessions.id,
      ipAddress: sessions.ipAddress,
      userAgent: sessions.userAgent,
      createdAt: sessions.createdAt,
      updatedAt: sessions.updatedAt,
      expiresAt: sessions.expiresAt,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, new Date())))
    .orderBy(desc(sessions.updatedAt), desc(sessions.createdAt))
    .limit(100);
}

export async function deleteUserSession(db: Db, userId: string, sessionId: string): Promise<boolean> {
  const removed = await db
    .delete(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)))
    .returning({ id: sessions.id });
  return removed.length > 0;
}

/** Every session of the user but `keepId` (the caller's); answers how many ended. */
export async function deleteOtherSessions(db: Db, userId: string, keepId: string | null): Promise<number> {
  const removed = await db
    .delete(sessions)
    .where(keepId ? and(eq(sessions.userId, userId), ne(sessions.id, keepId)) : eq(sessions.userId, userId))
    .returning({ id: sessions.id });
  return removed.length;
}

export async function listSignInEvents(db: Db, userId: string, limit: number) {
  return db
    .select()
    .from(signInEvents)
    .where(eq(signInEvents.userId, userId))
    .orderBy(desc(signInEvents.createdAt), desc(signInEvents.id))
    .limit(limit);
}

/** The token of the user's session `sessionId`, if it is theirs. */
export async function sessionToken(db: Db, sessionId: string, userId: string): Promise<string | undefined> {
  const [session] = await db
    .select({ token: sessions.token })
    .from(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)));
  return session?.token;
}
