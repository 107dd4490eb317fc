import type { ListQuery } from '@app/contract/list';
import type { InboxMessage } from '@app/contract/messages/inbox';
import type { SignedInContext } from '../../platform/endpoint';
import { toListPage } from '../../platform/list-query';
import type { Platform } from '../../platform/platform';
import { countUnread, type InboxRow, listInboxRows, markRead, unreadSummary } from './inbox.repo';
import { announceUnread, toUnreadMessage } from './unread';

/**
 * What the server wrote reads in the request's language; the e-mail that went with it keeps its
 * subject as sent (a record of what went out), marked so.
 */
function toInboxMessage(row: InboxRow, t: (msgid: string) => string): InboxMessage {
  return {
    ...toUnreadMessage(row, t),
    read: row.readAt !== null,
    email: row.emailSubject === null ? null : { subject: row.emailSubject, as_sent: true },
  };
}

export async function listInbox(platform: Platform, ctx: SignedInContext, query: ListQuery) {
  const { user } = ctx;
  const [page, unread] = await Promise.all([
    listInboxRows(platform.db, user.id, query),
    countUnread(platform.db, user.id),
  ]);
  return { ...toListPage(query, page, (row) => toInboxMessage(row, ctx.t)), unread_total: unread };
}

/** Marks the caller's messages read (all when `ids` is absent) and tells their other tabs. */
export async function readMessages(platform: Platform, ctx: SignedInContext, ids?: string[]) {
  const { user } = ctx;
  return platform.db.transaction(async (tx) => {
    const updated = await markRead(tx, user.id, ids);
    if (updated === 0) {
      // Nothing changed: no announcement, just the current count.
      const { total } = await unreadSummary(tx, user.id);
      return { updated, unread_total: total };
    }
    const unread = await announceUnread(platform, user.id, tx, ctx.locale);
    return { updated, unread_total: unread.total };
  });
}
