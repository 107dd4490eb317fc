import type { ListQuery } from '@app/contract/list';
import { inboxListFields } from '@app/contract/messages/inbox';
import { and, count, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { inboxMessages } from '../../db/schema';
import type { Db, Tx } from '../../platform/db';
import { bindList, listOrder, listPage, listWhere, searchColumns } from '../../platform/list-query';

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

/**
 * The unread total and the newest unread messages of one user in one indexed read: the window
 * count is taken over every unread row before the limit applies. Basic infos runs this on every
 * page load, so one round trip rather than two matters.
 */
export async function unreadSummary(
  db: Db | Tx,
  userId: string,
): Promise<{ total: number; latest: InboxRow[] }> {
  const rows = await db
    .select({ message: inboxMessages, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(inboxMessages)
    .where(and(eq(inboxMessages.userId, userId), isNull(inboxMessages.readAt)))
    .orderBy(desc(inboxMessages.createdAt))
    .limit(UNREAD_SHOWN);
  return { total: rows[0]?.total ?? 0, latest: rows.map((row) => row.message) };
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

const inboxList = bindList(inboxListFields, {
  // Read or not is whether the message has a read time.
  read: sql`(${inboxMessages.readAt} is not null)`,
  level: inboxMessages.level,
  creation_time: inboxMessages.createdAt,
});

/** One user's messages, newest first; `q`: the title or the body. */
export function listInboxRows(db: Db, userId: string, query: ListQuery) {
  const where = and(
    eq(inboxMessages.userId, userId),
    listWhere(query, inboxList, (q) => searchColumns(q, [inboxMessages.title, inboxMessages.body])),
  );
  return listPage(
    db,
    query,
    () => db.select().from(inboxMessages).where(where).$dynamic(),
    listOrder(query, inboxList, [desc(inboxMessages.createdAt), desc(inboxMessages.id)]),
  );
}

export async function countUnread(db: Db | Tx, userId: string): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(inboxMessages)
    .where(and(eq(inboxMessages.userId, userId), isNull(inboxMessages.readAt)));
  return row?.value ?? 0;
}
