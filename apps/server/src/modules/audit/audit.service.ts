import type { ListQuery } from '@app/contract/list';
import { toListPage, toSeconds } from '../../platform/list-query';
import type { Platform } from '../../platform/platform';
import { listOperationRecordRows, listServerErrorRows } from './audit.repo';
import { toOperationRecord } from './operation-record-row';

export async function listOperationRecords(platform: Platform, query: ListQuery) {
  return toListPage(query, await listOperationRecordRows(platform.db, query), toOperationRecord);
}

export async function listServerErrors(platform: Platform, query: ListQuery) {
  return toListPage(query, await listServerErrorRows(platform.db, query), ({ error, userEmail }) => ({
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
  }));
}
