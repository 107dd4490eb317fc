import { getAdminTeam, listAdminTeams } from '@app/contract/admin/teams/teams';
import type { EndpointQuery } from '@app/contract/define-endpoint';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '../../lib/api/client';

export const adminTeamsKey = ['admin', 'teams'] as const;

export function fetchTeams(query: EndpointQuery<typeof listAdminTeams>, { signal }: { signal: AbortSignal }) {
  return callApi(listAdminTeams, { query, signal });
}

export function teamQuery(id: string) {
  return queryOptions({
    queryKey: [...adminTeamsKey, 'details', id],
    queryFn: ({ signal }) => callApi(getAdminTeam, { params: { id }, signal }),
  });
}
