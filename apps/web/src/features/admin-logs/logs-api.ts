import { listOperationRecords } from '@app/contract/admin/logs/list-operation-records';
import { listServerErrors } from '@app/contract/admin/logs/list-server-errors';
import type { EndpointQuery } from '@app/contract/define-endpoint';
import { callApi } from '../../lib/api/client';

export const adminLogsKey = ['admin', 'logs'] as const;

export function fetchOperationRecords(
  query: EndpointQuery<typeof listOperationRecords>,
  { signal }: { signal: AbortSignal },
) {
  return callApi(listOperationRecords, { query, signal });
}

export function fetchServerErrors(
  query: EndpointQuery<typeof listServerErrors>,
  { signal }: { signal: AbortSignal },
) {
  return callApi(listServerErrors, { query, signal });
}

/** The actions the server records today (ARCHITECTURE section 6, audit), for the action filter. */
export const RECORDED_ACTIONS = [
  'user.role.update',
  'user.ban',
  'user.unban',
  'user.sessions.revoke',
  'user.password.reset_link',
  'role.create',
  'role.update',
  'role.delete',
  'role.grants.add',
  'role.grants.remove',
] as const;
