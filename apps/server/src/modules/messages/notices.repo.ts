import type { ListQuery } from '@app/contract/list';
import { noticeListFields } from '@app/contract/messages/notices';
import { and, count, desc, eq, gt, isNull, lte, notExists, or, sql } from 'drizzle-orm';
import { noticeCloses, notices } from '../../db/schema';
import type { Db, Tx } from '../../platform/db';
import { bindList, listOrder, listPage, listWhere, searchColumns } from '../../platform/list-query';

export type NoticeRecord = typeof notices.$inferSelect;
export type NoticeValues = Pick<NoticeRecord, 'level' | 'title' | 'body' | 'popUp' | 'startsAt' | 'endsAt'>;

/** In force now: started, and not yet ended. */
const inForce = () =>
  and(lte(notices.startsAt, sql`now()`), or(isNull(notices.endsAt), gt(notices.endsAt, sql`now()`)));

export function noticesInForce(db: Db, limit: number): Promise<NoticeRecord[]> {
  return db.select().from(notices).where(inForce()).orderBy(desc(notices.startsAt)).limit(limit);
}

/** Pop-ups in force that `userId` has not closed on any device. */
export function openPopUps(db: Db, userId: string, limit: number): Promise<NoticeRecord[]> {
  return db
    .select()
    .from(notices)
    .where(
      and(
        inForce(),
        eq(notices.popUp, true),
        notExists(
          db
            .select({ one: sql`1` })
            .from(noticeCloses)
            .where(and(eq(noticeCloses.noticeId, notices.id), eq(noticeCloses.userId, userId))),
        ),
      ),
    )
    .orderBy(desc(notices.startsAt))
    .limit(limit);
}

export async function noticeExists(tx: Tx, id: string): Promise<boolean> {
  const [notice] = await tx.select({ id: notices.id }).from(notices).where(eq(notices.id, id));
  return notice !== undefined;
}

/** Records that `userId` closed a pop-up; false when they had already. */
export async function recordClose(tx: Tx, noticeId: string, userId: string): Promise<boolean> {
  const inserted = await tx
    .insert(noticeCloses)
    .values({ noticeId, userId })
    .onConflictDoNothing()
    .returning({ id: noticeCloses.noticeId });
  return inserted.length > 0;
}

const noticeList = bindList(noticeListFields, {
  level: notices.level,
  pop_up: notices.popUp,
  creation_time: notices.createdAt,
  start_time: notices.startsAt,
});

const closedCount = sql<number>`(select count(*)::int from ${noticeCloses} where ${noticeCloses.noticeId} = ${notices.id})`;

/** Notices with how many users closed each; `q`: the title or the body. */
export function listNoticeRows(db: Db, query: ListQuery) {
  const where = listWhere(query, noticeList, (q) => searchColumns(q, [notices.title, notices.body]));
  return listPage(
    db,
    query,
    () => db.select({ notice: notices, closedCount }).from(notices).where(where).$dynamic(),
    listOrder(query, noticeList, [desc(notices.createdAt), desc(notices.id)]),
    () => db.select({ id: notices.id }).from(notices).where(where).$dynamic(),
  );
}

export async function insertNotice(
  tx: Tx,
  notice: NoticeValues & { id: string; createdBy: string | null },
): Promise<NoticeRecord> {
  const [created] = await tx.insert(notices).values(notice).returning();
  if (!created) throw new Error('notice was not stored');
  return created;
}

export async function findNotice(tx: Tx, id: string): Promise<NoticeRecord | null> {
  const [row] = await tx.select().from(notices).where(eq(notices.id, id));
  return row ?? null;
}

export async function updateNoticeRow(
  tx: Tx,
  id: string,
  values: NoticeValues,
): Promise<NoticeRecord | null> {
  const [updated] = await tx
    .update(notices)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(notices.id, id))
    .returning();
  return updated ?? null;
}

export async function deleteNoticeRow(tx: Tx, id: string): Promise<NoticeRecord | null> {
  const [gone] = await tx.delete(notices).where(eq(notices.id, id)).returning();
  return gone ?? null;
}

export async function countCloses(db: Db, noticeId: string): Promise<number> {
  const [closed] = await db
    .select({ value: count() })
    .from(noticeCloses)
    .where(eq(noticeCloses.noticeId, noticeId));
  return closed?.value ?? 0;
}
