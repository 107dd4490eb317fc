import type { UserBasicEvent } from '@app/contract/events/subscriber';
import type { ListQuery } from '@app/contract/list';
import type { AdminNotice, Notice } from '@app/contract/messages/notices';
import { AppError } from '../../platform/app-error';
import { audited } from '../../platform/audit';
import type { SignedInContext } from '../../platform/endpoint';
import { toListPage, toSeconds } from '../../platform/list-query';
import type { Platform } from '../../platform/platform';
import {
  countCloses,
  deleteNoticeRow,
  findNotice,
  insertNotice,
  listNoticeRows,
  type NoticeRecord,
  noticeExists,
  noticesInForce,
  openPopUps,
  recordClose,
  updateNoticeRow,
} from './notices.repo';

type NoticeRow = NoticeRecord;
type Level = Notice['level'];
const LEVELS: readonly string[] = ['important', 'warning', 'special', 'other'];

function toNotice(row: NoticeRow): Notice {
  return {
    id: row.id,
    level: (LEVELS.includes(row.level) ? row.level : 'other') as Level,
    title: row.title,
    body: row.body,
    pop_up: row.popUp,
    start_time: toSeconds(row.startsAt),
    end_time: row.endsAt ? toSeconds(row.endsAt) : null,
  };
}

export async function currentNotices(platform: Platform): Promise<{ items: Notice[] }> {
  return { items: (await noticesInForce(platform.db, 50)).map(toNotice) };
}

/** Pop-ups in force that this user has not closed on any device. */
export async function popUpNotices(platform: Platform, ctx: SignedInContext): Promise<{ items: Notice[] }> {
  const { user } = ctx;
  return { items: (await openPopUps(platform.db, user.id, 10)).map(toNotice) };
}

/** Closed here, closed on every device: the user's other tabs hear `pop_up_msg_close`. */
export async function closePopUp(
  platform: Platform,
  ctx: SignedInContext,
  id: string,
): Promise<{ closed: true }> {
  const { user } = ctx;
  return platform.db.transaction(async (tx) => {
    if (!(await noticeExists(tx, id))) throw new AppError('NOT_FOUND', { msg: 'Notice not found' });
    if (await recordClose(tx, id, user.id)) {
      const event: UserBasicEvent = { pop_up_msg_close: { id } };
      await platform.events.publish('user_basic', user.id, event, tx);
    }
    return { closed: true as const };
  });
}

// ---- Admin ----

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
    creation_time: toSeconds(row.createdAt),
  };
}

export async function listNotices(platform: Platform, query: ListQuery) {
  return toListPage(query, await listNoticeRows(platform.db, query), ({ notice, closedCount }) =>
    toAdminNotice({ ...notice, closedCount: Number(closedCount) }),
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

export async function createNotice(platform: Platform, ctx: SignedInContext, input: NoticeInput) {
  const id = crypto.randomUUID();
  const row = await audited(
    platform.db,
    ctx,
    { action: 'notice.create', targetType: 'notice', targetId: id },
    async (tx) => {
      const created = await insertNotice(tx, { id, ...toRow(input), createdBy: ctx.user.id });
      return { result: created, after: { ...input } };
    },
  );
  return toAdminNotice({ ...row, closedCount: 0 });
}

export async function updateNotice(platform: Platform, ctx: SignedInContext, id: string, input: NoticeInput) {
  const row = await audited(
    platform.db,
    ctx,
    { action: 'notice.update', targetType: 'notice', targetId: id },
    async (tx) => {
      const before = await findNotice(tx, id);
      if (!before) throw new AppError('NOT_FOUND', { msg: 'Notice not found' });
      const updated = await updateNoticeRow(tx, id, toRow(input));
      if (!updated) throw new AppError('NOT_FOUND', { msg: 'Notice not found' });
      return { result: updated, before: { ...toNotice(before) }, after: { ...input } };
    },
  );
  return toAdminNotice({ ...row, closedCount: await countCloses(platform.db, id) });
}

export async function deleteNotice(platform: Platform, ctx: SignedInContext, id: string) {
  await audited(
    platform.db,
    ctx,
    { action: 'notice.delete', targetType: 'notice', targetId: id },
    async (tx) => {
      const gone = await deleteNoticeRow(tx, id);
      if (!gone) throw new AppError('NOT_FOUND', { msg: 'Notice not found' });
      return { result: undefined, before: { ...toNotice(gone) } };
    },
  );
  return { deleted: true as const };
}
