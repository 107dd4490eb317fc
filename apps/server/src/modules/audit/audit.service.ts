import type { ListQuery } from '@app/contract/list';
import { count, desc, eq, or } from 'drizzle-orm';
import { operationRecords, serverErrors, users } from '../../db/schema';
import {
  type ListFields,
  listOrder,
  listWhere,
  pagedList,
  searchColumns,
  toSeconds,
} from '../../platform/list-query';
import { toOperationRecord } from '../../platform/operation-record-row';
import type { Platform } from '../../platform/platform';

const recordFields: ListFields = {
  action: { column: operationRecords.action, kind: 'text', filter: ['eq', 'in', 'contains'], sort: true },
  target_type: { column: operationRecords.targetType, kind: 'text', filter: ['eq', 'in'], sort: true },
  target_id: { column: operationRecords.targetId, kind: 'text', filter: ['eq'] },
  actor_id: { column: operationRecords.actorId, kind: 'text', filter: ['eq'] },
  result: { column: operationRecords.result, kind: 'text', filter: ['eq', 'in'], sort: true },
  creation_time: {
    column: operationRecords.createdAt,
    kind: 'time',
    filter: ['between', 'gte', 'lte'],
    sort: true,
  },
};

export async function listOperationRecords(platform: Platform, query: ListQuery) {
  const where = listWhere(query, recordFields, (q) =>
    searchColumns(q, [operationRecords.actorEmail, operationRecords.action, operationRecords.targetId]),
  );
  return pagedList(
    query,
    ({ limit, offset }) =>
      platform.db
        .select()
        .from(operationRecords)
        .where(where)
        .orderBy(
          ...listOrder(query, recordFields, [desc(operationRecords.createdAt), desc(operationRecords.id)]),
        )
        .limit(limit)
        .offset(offset),
    () => platform.db.select({ value: count() }).from(operationRecords).where(where),
    toOperationRecord,
  );
}

const errorFields: ListFields = {
  route: { column: serverErrors.route, kind: 'text', filter: ['eq', 'contains'], sort: true },
  user_id: { column: serverErrors.userId, kind: 'text', filter: ['eq'] },
  status: { column: serverErrors.status, kind: 'number', filter: ['eq', 'gte'], sort: true },
  creation_time: {
    column: serverErrors.createdAt,
    kind: 'time',
    filter: ['between', 'gte', 'lte'],
    sort: true,
  },
};

/** `q` finds a request id exactly (what a user reads off the error dialog) or words of the message. */
export async function listServerErrors(platform: Platform, query: ListQuery) {
  const where = listWhere(query, errorFields, (q) =>
    or(eq(serverErrors.reqId, q), searchColumns(q, [serverErrors.message])),
  );
  return pagedList(
    query,
    ({ limit, offset }) =>
      platform.db
        .select({ error: serverErrors, userEmail: users.email })
        .from(serverErrors)
        .leftJoin(users, eq(users.id, serverErrors.userId))
        .where(where)
        .orderBy(...listOrder(query, errorFields, [desc(serverErrors.createdAt), desc(serverErrors.id)]))
        .limit(limit)
        .offset(offset),
    () => platform.db.select({ value: count() }).from(serverErrors).where(where),
    ({ error, userEmail }) => ({
      id: error.id,
      req_id: error.reqId,
      method: error.method,
      url: error.url,
      route: error.route,
      user_id: error.userId,
      user_email: userEmail,
      status: error.status,
      message: error.message,
      stack: error.stack,
      creation_time: toSeconds(error.createdAt),
    }),
  );
}
