import { and, count, desc, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import { inboxMessages } from '../../db/schema';
import type { Db, Tx } from '../../platform/db';

export type InboxRow = typeof inboxMessages.$inferSelect;
export type NewInboxRow = typeof inboxMessages.$inferInsert;

/** How many unread messages travel with basic infos and `msgs_unread` (the drawer's list). */
export const UNREAD_SHOWN = 5;

export async function insertMessages(db: Db | Tx, rows: NewInboxRow[]): Promise<void> {
  // Large audiences go in slices: one statement's parameters are limited (65535).
  for (let start = 0; start < rows.length; start += 1000) {
    await db.insert(inboxMessages).values(rows.slice(start, start + 1000));
  }
}

/** The unread total and the newest unread messages of one user, in two indexed reads. */
export async function unreadSummary(
  db: Db | Tx,
  userId: string,
): Promise<{ total: number; latest: InboxRow[] }> {
  const unread = and(eq(inboxMessages.userId, userId), isNull(inboxMessages.readAt));
  const [totals, latest] = await Promise.all([
    db.select({ value: count() }).from(inboxMessages).where(unread),
    db.select().from(inboxMessages).where(unread).orderBy(desc(inboxMessages.createdAt)).limit(UNREAD_SHOWN),
  ]);
  return { total: totals[0]?.value ?? 0, latest };
}

export async function markRead(db: Db | Tx, userId: string, ids?: string[]): Promise<number> {
  const conditions: SQL[] = [eq(inboxMessages.userId, userId), isNull(inboxMessages.readAt)];
  if (ids) conditions.push(inArray(inboxMessages.id, ids));
  const updated = await db
    .update(inboxMessages)
    .set({ readAt: new Date() })
    .where(and(...conditions))
    .returning({ id: inboxMessages.id });
  return updated.length;
}
