import type { UserBasicEvent } from '@app/contract/events/subscriber';
import type { BasicInfos } from '@app/contract/user/get-basic-infos';
import type { Db, Tx } from '../../platform/db';
import { toSeconds } from '../../platform/list-query';
import type { Platform } from '../../platform/platform';
import { type InboxRow, unreadSummary } from './inbox.repo';

type Level = BasicInfos['msgs_unread']['msgs'][number]['level'];
const LEVELS: readonly string[] = ['important', 'warning', 'special', 'other'];

export function toUnreadMessage(row: InboxRow): BasicInfos['msgs_unread']['msgs'][number] {
  return {
    id: row.id,
    level: (LEVELS.includes(row.level) ? row.level : 'other') as Level,
    title: row.title,
    body: row.body,
    link: row.link,
    creation_time: toSeconds(row.createdAt),
  };
}

/** Basic infos' `msgs_unread` (spec section 3): the unread total and the newest unread. */
export async function readUnread(db: Db | Tx, userId: string): Promise<BasicInfos['msgs_unread']> {
  const { total, latest } = await unreadSummary(db, userId);
  return { total, msgs: latest.map(toUnreadMessage) };
}

/**
 * The same, as basic infos reads it on every page load: kept with the user's session until the
 * inbox changes (the database says so), so a reload costs no query.
 */
export function readUnreadKept(platform: Platform, userId: string): Promise<BasicInfos['msgs_unread']> {
  return platform.sessions.userMemo(userId, 'msgs_unread', () => readUnread(platform.db, userId));
}

/**
 * Tells every open tab of `userId` its new unread state (topic user_basic, field msgs_unread).
 * Pass the transaction that changed the inbox, so the announcement commits with the change.
 */
export async function announceUnread(
  platform: Platform,
  userId: string,
  tx: Tx,
): Promise<BasicInfos['msgs_unread']> {
  const msgs_unread = await readUnread(tx, userId);
  const event: UserBasicEvent = { msgs_unread };
  await platform.events.publish('user_basic', userId, event, tx);
  return msgs_unread;
}
