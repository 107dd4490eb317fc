import { defineEndpoint } from '../../define-endpoint';
import { zListQuery, zListResponse } from '../../list';
import { zOperationRecord } from './operation-record';

/** Filterable: action, target_type, target_id, actor_id, result (eq, in), creation_time (between). `q`: actor e-mail, action, target. */
export const listOperationRecords = defineEndpoint({
  method: 'GET',
  path: '/api/admin/operation-records',
  permission: 'admin.logs.read',
  summary: 'The audit log of admin mutations',
  tags: ['admin: logs'],
  query: zListQuery,
  response: zListResponse(zOperationRecord),
});
