import type { UserBasicEvent } from '@app/contract/events/subscriber';
import type { ListQuery } from '@app/contract/list';
import type { AdminNotice, Notice } from '@app/contract/messages/notices';
import { and, count, desc, eq, gt, isNull, lte, notExists, or, sql } from 'drizzle-orm';
import { noticeCloses, notices } from '../../db/schema';
import { AppError } from '../../platform/app-error';
import { audited } from '../../platform/audit';
import { type ListFields, listOrder, listWhere, pagedList, searchColumns } from '../../platform/list-query';
import type { Platform } from '../../platform/platform';
import type { RequestContext } from '../../platform/request-context';

type NoticeRow = typeof notices.$inferSelect;
type Level = Notice['level'];
const LEVELS: readonly string[] = ['important', 'warning', 'special', 'other'];
const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

function toNotice(row: NoticeRow): Notice {
  return {
    id: row.id,
    level: (LEVELS.includes(row.level) ? row.level : 'other') as Level,
    title: row.title,
    body: row.body,
    pop_up: row.popUp,
    start_time: seconds(row.startsAt),
    end_time: row.endsAt ? seconds(row.endsAt) : null,
  };
}

function requireUser(ctx: RequestContext) {
  if (!ctx.user) throw new AppError('BEARER_TOKEN_ERROR');
  return ctx.user;
}

/** In force now: started, and not yet ended. */
const inForce = () =>
  and(lte(notices.startsAt, sql`now()`), or(isNull(notices.endsAt), gt(notices.endsAt, sql`now()`)));

export async function currentNotices(platform: Platform): Promise<{ items: Notice[] }> {
  const rows = await platform.db
    .select()
    .from(notices)
    .where(inForce())
    .orderBy(desc(notices.startsAt))
    .limit(50);
  return { items: rows.map(toNotice) };
}

/** Pop-ups in force that this user has not closed on any device. */
export async function popUpNotices(platform: Platform, ctx: RequestContext): Promise<{ items: Notice[] }> {
  const user = requireUser(ctx);
  const rows = await platform.db
    .select()
    .from(notices)
    .where(
      and(
        inForce(),
        eq(notices.popUp, true),
        notExists(
          platform.db
            .select({ one: sql`1` })
            .from(noticeCloses)
            .where(and(eq(noticeCloses.noticeId, notices.id), eq(noticeCloses.userId, user.id))),
        ),
      ),
    )
    .orderBy(desc(notices.startsAt))
    .limit(10);
  return { items: rows.map(toNotice) };
}

/** Closed here, closed on every device: the user's other tabs hear `pop_up_msg_close`. */
export async function closePopUp(
  platform: Platform,
  ctx: RequestContext,
  id: string,
): Promise<{ closed: true }> {
  const user = requireUser(ctx);
  return platform.db.transaction(async (tx) => {
    const [notice] = await tx.select({ id: notices.id }).from(notices).where(eq(notices.id, id));
    if (!notice) throw new AppError('NOT_FOUND', { msg: 'Notice not found' });
    const inserted = await tx
      .insert(noticeCloses)
      .values({ noticeId: id, userId: user.id })
      .onConflictDoNothing()
      .returning({ id: noticeCloses.noticeId });
    if (inserted.length > 0) {
      const event: UserBasicEvent = { pop_up_msg_close: { id } };
      await platform.events.publish('user_basic', user.id, event, tx);
    }
    return { closed: true as const };
  });
}

// ---- Admin ----

const FIELDS: ListFields = {
  level: { column: notices.level, kind: 'text', filter: ['eq', 'in'] },
  pop_up: { column: notices.popUp, kind: 'bool', filter: ['eq'] },
  creation_time: { column: notices.createdAt, kind: 'time', filter: ['between', 'gte', 'lte'], sort: true },
  start_time: { column: notices.startsAt, kind: 'time', filter: ['between', 'gte', 'lte'], sort: true },
};

function noticeStatus(row: NoticeRow, now = Date.now()): AdminNotice['status'] {
  if (row.startsAt.getTime() > now) return 'scheduled';
  if (row.endsAt && row.endsAt.getTime() <= now) return 'ended';
  return 'active';
}

function toAdminNotice(row: NoticeRow & { closedCount: number }): AdminNotice {
  return {
    ...toNotice(row),
    created_by: row.createdBy,
    closed_count: row.closedCount,
    status: noticeStatus(row),
    creation_time: seconds(row.createdAt),
  };
}

const closedCount = sql<number>`(select count(*)::int from ${noticeCloses} where ${noticeCloses.noticeId} = ${notices.id})`;

export async function listNotices(platform: Platform, query: ListQuery) {
  const where = listWhere(query, FIELDS, (q) => searchColumns(q, [notices.title, notices.body]));
  const order = listOrder(query, FIELDS, [desc(notices.createdAt), desc(notices.id)]);
  return pagedList(
    query,
    ({ limit, offset }) =>
      platform.db
        .select({ notice: notices, closedCount })
        .from(notices)
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .offset(offset),
    () => platform.db.select({ value: count() }).from(notices).where(where),
    ({ notice, closedCount: closed }) => toAdminNotice({ ...notice, closedCount: Number(closed) }),
  );
}

export interface NoticeInput {
  level: Level;
  title: string;
  body: string;
  pop_up: boolean;
  start_time: number;
  end_time: number | null;
}

function toRow(input: NoticeInput) {
  return {
    level: input.level,
    title: input.title,
    body: input.body,
    popUp: input.pop_up,
    startsAt: new Date(input.start_time * 1000),
    endsAt: input.end_time === null ? null : new Date(input.end_time * 1000),
  };
}

export async function createNotice(platform: Platform, ctx: RequestContext, input: NoticeInput) {
  const id = crypto.randomUUID();
  const row = await audited(
    platform.db,
    ctx,
    { action: 'notice.create', targetType: 'notice', targetId: id },
    async (tx) => {
      const [created] = await tx
        .insert(notices)
        .values({ id, ...toRow(input), createdBy: ctx.user?.id ?? null })
        .returning();
      if (!created) throw new Error('notice was not stored');
      return { result: created, after: { ...input } };
    },
  );
  return toAdminNotice({ ...row, closedCount: 0 });
}

export async function updateNotice(platform: Platform, ctx: RequestContext, id: string, input: NoticeInput) {
  const row = await audited(
    platform.db,
    ctx,
    { action: 'notice.update', targetType: 'notice', targetId: id },
    async (tx) => {
      const [before] = await tx.select().from(notices).where(eq(notices.id, id));
      if (!before) throw new AppError('NOT_FOUND', { msg: 'Notice not found' });
      const [updated] = await tx
        .update(notices)
        .set({ ...toRow(input), updatedAt: new Date() })
        .where(eq(notices.id, id))
        .returning();
      return { result: updated as NoticeRow, before: { ...toNotice(before) }, after: { ...input } };
    },
  );
  const [closed] = await platform.db
    .select({ value: count() })
    .from(noticeCloses)
    .where(eq(noticeCloses.noticeId, id));
  return toAdminNotice({ ...row, closedCount: closed?.value ?? 0 });
}

export async function deleteNotice(platform: Platform, ctx: RequestContext, id: string) {
  await audited(
    platform.db,
    ctx,
    { action: 'notice.delete', targetType: 'notice', targetId: id },
    async (tx) => {
      const [gone] = await tx.delete(notices).where(eq(notices.id, id)).returning();
      if (!gone) throw new AppError('NOT_FOUND', { msg: 'Notice not found' });
      return { result: undefined, before: { ...toNotice(gone) } };
    },
  );
  return { deleted: true as const };
}
