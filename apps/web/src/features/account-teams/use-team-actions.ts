import type { InviteBody } from '@app/contract/account/teams/invite';
import { inviteTeamMember, revokeTeamInvite } from '@app/contract/account/teams/team-invites';
import {
  changeTeamMemberRole,
  leaveTeam,
  removeTeamMember,
  transferTeamOwnership,
} from '@app/contract/account/teams/team-members';
import { createTeam, deleteTeam, renameTeam, switchCurrentTeam } from '@app/contract/account/teams/teams';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../lib/api/client';
import { basicInfosQueryKey } from '../../lib/session/basic-infos';
import { accountTeamsKey } from './teams-api';

/**
 * The team actions of the team manager. Refusals come back through the error catalogue in the
 * server's words, except where a form shows them itself (create, rename, invite: silent). Moving
 * to another team (switch, leave, delete, accept) refreshes every query: all data is team-scoped.
 */
export function useTeamActions(teamId: string) {
  const queryClient = useQueryClient();
  const refreshAll = () => queryClient.invalidateQueries();
  const refreshTeams = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: accountTeamsKey }),
      queryClient.invalidateQueries({ queryKey: basicInfosQueryKey }),
    ]);
  const params = { id: teamId };

  return {
    switchTo: useMutation({
      mutationFn: (id: string) => callApi(switchCurrentTeam, { body: { team_id: id } }),
      onSuccess: refreshAll,
    }),
    create: useMutation({
      mutationFn: (name: string) => callApi(createTeam, { body: { name }, silent: true }),
      onSuccess: refreshTeams,
    }),
    rename: useMutation({
      mutationFn: (name: string) => callApi(renameTeam, { params, body: { name }, silent: true }),
      onSuccess: refreshTeams,
    }),
    remove: useMutation({
      mutationFn: () => callApi(deleteTeam, { params }),
      onSuccess: refreshAll,
    }),
    leave: useMutation({
      mutationFn: () => callApi(leaveTeam, { params }),
      onSuccess: refreshAll,
    }),
    transfer: useMutation({
      mutationFn: (userId: string) => callApi(transferTeamOwnership, { params, body: { user_id: userId } }),
      onSuccess: refreshTeams,
    }),
    changeRole: useMutation({
      mutationFn: (input: { userId: string; role: 'admin' | 'member' }) =>
        callApi(changeTeamMemberRole, {
          params: { ...params, user_id: input.userId },
          body: { role: input.role },
        }),
      onSuccess: refreshTeams,
    }),
    removeMember: useMutation({
      mutationFn: (userId: string) => callApi(removeTeamMember, { params: { ...params, user_id: userId } }),
      onSuccess: refreshTeams,
    }),
    invite: useMutation({
      mutationFn: (values: InviteBody) => callApi(inviteTeamMember, { params, body: values, silent: true }),
      onSuccess: refreshTeams,
    }),
    revokeInvite: useMutation({
      mutationFn: (inviteId: string) =>
        callApi(revokeTeamInvite, { params: { ...params, invite_id: inviteId } }),
      onSuccess: refreshTeams,
    }),
  };
}

export type TeamActions = ReturnType<typeof useTeamActions>;
