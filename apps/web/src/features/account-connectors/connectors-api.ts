import { listProjects } from '@app/contract/account/projects/projects';
import {
  type ConnectorsStatus,
  getConnectorsStatus,
  postConnectorSync,
} from '@app/contract/connectors/connectors';
import type { GoogleService } from '@app/contract/connectors/google-services';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '../../lib/api/client';
import {
  type ConnectorScope,
  googleConnectorKey,
  scopeParams,
} from '../../widgets/google-connector/google-connector-api';

/** Under the widget's key: a choice or a revoke there refreshes this page too. */
export const connectorsStatusKey = [...googleConnectorKey, 'status'] as const;

/** A sync moving now is followed closely; one waiting for its quota only now and then. */
export const POLL_RUNNING_MS = 2000;
export const POLL_WAITING_MS = 15_000;

export function pollInterval(status: ConnectorsStatus | undefined): number | false {
  const states = status?.services.map((service) => service.sync.status) ?? [];
  if (states.some((state) => state === 'queued' || state === 'running')) return POLL_RUNNING_MS;
  if (states.includes('waiting')) return POLL_WAITING_MS;
  return false;
}

export function connectorsStatusQuery(scope: ConnectorScope) {
  const query = scopeParams(scope);
  return queryOptions({
    queryKey: [...connectorsStatusKey, query],
    queryFn: ({ signal }) => callApi(getConnectorsStatus, { query, signal }),
    refetchInterval: (q) => pollInterval(q.state.data),
  });
}

export const syncNow = (service: GoogleService, scope: ConnectorScope) =>
  callApi(postConnectorSync, { body: { service, ...scopeParams(scope) } });

/** The current team's projects, for the scope choice (one page is plenty for a picker). */
export const teamProjectsQuery = () =>
  queryOptions({
    queryKey: ['account', 'projects', 'connector-scope'],
    queryFn: ({ signal }) =>
      callApi(listProjects, { query: { scope: 'team', page: 1, page_size: 100 }, signal }),
  });
