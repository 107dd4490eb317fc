import type { ListQuery } from '@app/contract/list';
import { messageSendListFields } from '@app/contract/messages/send';
import { desc } from 'drizzle-orm';
import { messageSends } from '../../db/schema';
import type { Db, Tx } from '../../platform/db';
import { bindList, listOrder, listPage, listWhere, searchColumns } from '../../platform/list-query';

export type NewMessageSend = typeof messageSends.$inferInsert;

export async function insertSend(tx: Tx, send: NewMessageSend): Promise<void> {
  await tx.insert(messageSends).values(send);
}

const sendList = bindList(messageSendListFields, {
  level: messageSends.level,
  creation_time: messageSends.createdAt,
});

/** What admins sent, newest first; `q`: the title or the body. */
export function listSendRows(db: Db, query: ListQuery) {
  const where = listWhere(query, sendList, (q) => searchColumns(q, [messageSends.title, messageSends.body]));
  return listPage(
    db,
    query,
    () => db.select().from(messageSends).where(where).$dynamic(),
    listOrder(query, sendList, [desc(messageSends.createdAt), desc(messageSends.id)]),
  );
}
