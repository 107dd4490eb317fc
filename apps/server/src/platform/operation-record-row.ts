import type { OperationRecord } from '@app/contract/admin/logs/operation-record';
import type { operationRecords } from '../db/schema';
import { toSeconds } from './list-query';

/** The wire shape of an operation record; shared by the audit log and the user details page. */
export function toOperationRecord(row: typeof operationRecords.$inferSelect): OperationRecord {
  return {
    id: row.id,
    actor_id: row.actorId,
    actor_email: row.actorEmail,
    action: row.action,
    target_type: row.targetType,
    target_id: row.targetId,
    before: row.before ?? null,
    after: row.after ?? null,
    ip: row.ip,
    user_agent: row.userAgent,
    result: row.result,
    error: row.error,
    creation_time: toSeconds(row.createdAt),
  };
}
