import { defineEndpoint } from '../../define-endpoint';
import { defineListFields, zListQueryOf, zListResponse } from '../../list';
import { zOperationRecord } from './operation-record';

/** The fields listOperationRecords may be filtered and sorted by (nothing else reaches the server). */
export const operationRecordListFields = defineListFields({
  action: { kind: 'text', filter: ['eq', 'in', 'contains'], sort: true },
  target_type: { kind: 'text', filter: ['eq', 'in'], sort: true },
  target_id: { kind: 'text', filter: ['eq'] },
  actor_id: { kind: 'text', filter: ['eq'] },
  result: { kind: 'text', filter: ['eq', 'in'], sort: true },
  creation_time: { kind: 'time', filter: ['between', 'gte', 'lte'], sort: true },
});

/** `q`: actor e-mail, action, target. */
export const listOperationRecords = defineEndpoint({
  method: 'GET',
  path: '/api/admin/operation-records',
  permission: 'admin.logs.read',
  summary: 'The audit log of admin mutations',
  tags: ['admin: logs'],
  query: zListQueryOf(operationRecordListFields),
  response: zListResponse(zOperationRecord),
});
