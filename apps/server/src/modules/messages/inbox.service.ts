import type { ListQuery } from '@app/contract/list';
import type { InboxMessage } from '@app/contract/messages/inbox';
import { and, count, desc, eq, isNotNull, isNull } from 'drizzle-orm';
import { inboxMessages } from '../../db/schema';
import { AppError } from '../../platform/app-error';
import { type ListFields, listOrder, listWhere, pagedList, searchColumns } from '../../platform/list-query';
import type { Platform } from '../../platform/platform';
import type { RequestContext } from '../../platform/request-context';
import { type InboxRow, markRead, unreadSummary } from './inbox.repo';
import { announceUnread, toUnreadMessage } from './unread';

const FIELDS: ListFields = {
  level: { column: inboxMessages.level, kind: 'text', filter: ['eq', 'in'] },
  creation_time: {
    column: inboxMessages.createdAt,
    kind: 'time',
    filter: ['between', 'gte', 'lte'],
    sort: true,
  },
};

function requireUser(ctx: RequestContext) {
  if (!ctx.user) throw new AppError('BEARER_TOKEN_ERROR');
  return ctx.user;
}

function toInboxMessage(row: InboxRow): InboxMessage {
  return { ...toUnreadMessage(row), read: row.readAt !== null };
}

/** `read` is its own filter (a null check, not a column value). */
function readFilter(query: ListQuery) {
  const item = query.filters?.find((filter) => filter.field === 'read');
  if (!item) return undefined;
  const read = String(item.value) === 'true' || String(item.value) === '1';
  return read ? isNotNull(inboxMessages.readAt) : isNull(inboxMessages.readAt);
}

export async function listInbox(platform: Platform, ctx: RequestContext, query: ListQuery) {
  const user = requireUser(ctx);
  const rest = { ...query, filters: query.filters?.filter((filter) => filter.field !== 'read') };
  const where = and(
    eq(inboxMessages.userId, user.id),
    listWhere(rest, FIELDS, (q) => searchColumns(q, [inboxMessages.title, inboxMessages.body])),
    readFilter(query),
  );
  const order = listOrder(query, FIELDS, [desc(inboxMessages.createdAt), desc(inboxMessages.id)]);
  const [page, unread] = await Promise.all([
    pagedList(
      query,
      ({ limit, offset }) =>
        platform.db
          .select()
          .from(inboxMessages)
          .where(where)
          .orderBy(...order)
          .limit(limit)
          .offset(offset),
      () => platform.db.select({ value: count() }).from(inboxMessages).where(where),
      toInboxMessage,
    ),
    platform.db
      .select({ value: count() })
      .from(inboxMessages)
      .where(and(eq(inboxMessages.userId, user.id), isNull(inboxMessages.readAt))),
  ]);
  return { ...page, unread_total: unread[0]?.value ?? 0 };
}

/** Marks the caller's messages read (all when `ids` is absent) and tells their other tabs. */
export async function readMessages(platform: Platform, ctx: RequestContext, ids?: string[]) {
  const user = requireUser(ctx);
  return platform.db.transaction(async (tx) => {
    const updated = await markRead(tx, user.id, ids);
    if (updated === 0) {
      // Nothing changed: no announcement, just the current count.
      const { total } = await unreadSummary(tx, user.id);
      return { updated, unread_total: total };
    }
    const unread = await announceUnread(platform, user.id, tx);
    return { updated, unread_total: unread.total };
  });
}
