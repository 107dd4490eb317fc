import type { OperationRecord } from '@app/contract/admin/logs/operation-record';
import { toSeconds } from '../../platform/list-query';
import type { OperationRecordRow } from './audit.repo';

/** The wire shape of an operation record; shared by the audit log and the user details page. */
export function toOperationRecord(row: OperationRecordRow): OperationRecord {
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
