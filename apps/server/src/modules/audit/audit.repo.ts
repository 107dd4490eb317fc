import { operationRecordListFields } from '@app/contract/admin/logs/list-operation-records';
import { serverErrorListFields } from '@app/contract/admin/logs/list-server-errors';
import type { ListQuery } from '@app/contract/list';
import { desc, eq, or } from 'drizzle-orm';
import { operationRecords, serverErrors, users } from '../../db/schema';
import type { Db } from '../../platform/db';
import { bindList, listOrder, listPage, listWhere, searchColumns } from '../../platform/list-query';

export type OperationRecordRow = typeof operationRecords.$inferSelect;

const recordList = bindList(operationRecordListFields, {
  action: operationRecords.action,
  target_type: operationRecords.targetType,
  target_id: operationRecords.targetId,
  actor_id: operationRecords.actorId,
  result: operationRecords.result,
  creation_time: operationRecords.createdAt,
});

/** `q`: the actor's e-mail, the action or the target id. */
export function listOperationRecordRows(db: Db, query: ListQuery) {
  const where = listWhere(query, recordList, (q) =>
    searchColumns(q, [operationRecords.actorEmail, operationRecords.action, operationRecords.targetId]),
  );
  return listPage(
    db,
    query,
    () => db.select().from(operationRecords).where(where).$dynamic(),
    listOrder(query, recordList, [desc(operationRecords.createdAt), desc(operationRecords.id)]),
  );
}

const errorList = bindList(serverErrorListFields, {
  route: serverErrors.route,
  user_id: serverErrors.userId,
  status: serverErrors.status,
  creation_time: serverErrors.createdAt,
});

/** `q` finds a request id exactly (what a user reads off the error dialog) or words of the message. */
export function listServerErrorRows(db: Db, query: ListQuery) {
  const where = listWhere(query, errorList, (q) =>
    or(eq(serverErrors.reqId, q), searchColumns(q, [serverErrors.message])),
  );
  return listPage(
    db,
    query,
    () =>
      db
        .select({ error: serverErrors, userEmail: users.email })
        .from(serverErrors)
        .leftJoin(users, eq(users.id, serverErrors.userId))
        .where(where)
        .$dynamic(),
    listOrder(query, errorList, [desc(serverErrors.createdAt), desc(serverErrors.id)]),
    () => db.select({ id: serverErrors.id }).from(serverErrors).where(where).$dynamic(),
  );
}
