import type { Locale } from '@app/contract/common';
import type { UserBasicEvent } from '@app/contract/events/subscriber';
import type { BasicInfos } from '@app/contract/user/get-basic-infos';
import type { Db, Tx } from '../../platform/db';
import { sayStored } from '../../platform/keyed-text';
import { toSeconds } from '../../platform/list-query';
import type { Platform } from '../../platform/platform';
import { type InboxRow, unreadSummary } from './inbox.repo';

type Level = BasicInfos['msgs_unread']['msgs'][number]['level'];
const LEVELS: readonly string[] = ['important', 'warning', 'special', 'other'];

type Translate = (msgid: string) => string;

/** A message as its reader reads it: what the server wrote in the language of `t`, an admin's words as typed. */
export function toUnreadMessage(row: InboxRow, t: Translate): BasicInfos['msgs_unread']['msgs'][number] {
  return {
    id: row.id,
    level: (LEVELS.includes(row.level) ? row.level : 'other') as Level,
    title: sayStored(t, row.titleKey, row.titleParams, row.title),
    body: sayStored(t, row.bodyKey, row.bodyParams, row.body),
    link: row.link,
    creation_time: toSeconds(row.createdAt),
  };
}

type UnreadRows = Awaited<ReturnType<typeof unreadSummary>>;

const toUnread = ({ total, latest }: UnreadRows, t: Translate): BasicInfos['msgs_unread'] => ({
  total,
  msgs: latest.map((row) => toUnreadMessage(row, t)),
});

/** Basic infos' `msgs_unread` (spec section 3): the unread total and the newest unread. */
export async function readUnread(
  db: Db | Tx,
  userId: string,
  t: Translate,
): Promise<BasicInfos['msgs_unread']> {
  return toUnread(await unreadSummary(db, userId), t);
}

/**
 * The same, as basic infos reads it on every page load: the rows are kept with the user's session
 * until the inbox changes (the database says so), so a reload costs no query; they are rendered
 * in the request's language each time.
 */
export async function readUnreadKept(
  platform: Platform,
  userId: string,
  t: Translate,
): Promise<BasicInfos['msgs_unread']> {
  const rows = await platform.sessions.userMemo(userId, 'msgs_unread', () =>
    unreadSummary(platform.db, userId),
  );
  return toUnread(rows, t);
}

/**
 * Tells every open tab of `userId` its new unread state (topic user_basic, field msgs_unread),
 * written in `locale` (the user's language). Pass the transaction that changed the inbox, so the
 * announcement commits with the change.
 */
export async function announceUnread(
  platform: Platform,
  userId: string,
  tx: Tx,
  locale: Locale,
): Promise<BasicInfos['msgs_unread']> {
  const msgs_unread = await readUnread(tx, userId, (msgid) => platform.translator.translate(locale, msgid));
  const event: UserBasicEvent = { msgs_unread };
  await platform.events.publish('user_basic', userId, event, tx);
  return msgs_unread;
}
