import { acceptTeamInvite, previewTeamInvite } from '@app/contract/account/teams/team-invites';
import { listTeamMembers } from '@app/contract/account/teams/team-members';
import { listMyTeams } from '@app/contract/account/teams/teams';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '../../lib/api/client';

/** Every query of this feature starts with this key, so one invalidation refreshes them all. */
export const accountTeamsKey = ['account', 'teams'] as const;

/** Silent, like the members query: the page shows a failure itself, with a retry. */
export const myTeamsQuery = queryOptions({
  queryKey: [...accountTeamsKey, 'mine'],
  queryFn: ({ signal }) => callApi(listMyTeams, { signal, silent: true }),
});

export function teamMembersQuery(teamId: string) {
  return queryOptions({
    queryKey: [...accountTeamsKey, 'members', teamId],
    queryFn: ({ signal }) => callApi(listTeamMembers, { params: { id: teamId }, signal, silent: true }),
  });
}

/** Silent, both: the invite page shows an expired or misaddressed invite itself. */
export function previewTeamInviteOf(token: string, signal: AbortSignal) {
  return callApi(previewTeamInvite, { body: { token }, signal, silent: true });
}

export function acceptTeamInviteOf(token: string) {
  return callApi(acceptTeamInvite, { body: { token }, silent: true });
}
