import {
  inviteProjectMember,
  removeProjectMember,
  revokeProjectInvite,
} from '@app/contract/account/projects/project-members';
import { createProject, deleteProject, updateProject } from '@app/contract/account/projects/projects';
import type { InviteBody } from '@app/contract/account/teams/invite';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../lib/api/client';
import { accountProjectsKey } from './projects-api';

export interface ProjectValues {
  name: string;
  description: string;
}

/**
 * Project actions. Forms (create, edit, invite) call silently and show the server's answer in
 * place; the rest let the error catalogue show a refusal in the server's words. Every success
 * refreshes the feature's queries (list counts, details, members).
 */
export function useProjectActions() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: accountProjectsKey });
  /**
   * After a delete or leaving, the project is out of reach: only the lists are refreshed, since
   * refetching its details (the page is leaving them) would only answer NOT_FOUND.
   */
  const refreshLists = () => queryClient.invalidateQueries({ queryKey: [...accountProjectsKey, 'list'] });

  return {
    create: useMutation({
      mutationFn: (values: ProjectValues) => callApi(createProject, { body: values, silent: true }),
      onSuccess: refresh,
    }),
    update: useMutation({
      mutationFn: ({ id, values }: { id: string; values: ProjectValues }) =>
        callApi(updateProject, { params: { id }, body: values, silent: true }),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (id: string) => callApi(deleteProject, { params: { id } }),
      onSuccess: refreshLists,
    }),
    invite: useMutation({
      mutationFn: ({ id, values }: { id: string; values: InviteBody }) =>
        callApi(inviteProjectMember, { params: { id }, body: values, silent: true }),
      onSuccess: refresh,
    }),
    revokeInvite: useMutation({
      mutationFn: ({ id, inviteId }: { id: string; inviteId: string }) =>
        callApi(revokeProjectInvite, { params: { id, invite_id: inviteId } }),
      onSuccess: refresh,
    }),
    removeMember: useMutation({
      mutationFn: ({ id, userId }: { id: string; userId: string; losesAccess: boolean }) =>
        callApi(removeProjectMember, { params: { id, user_id: userId } }),
      onSuccess: (_, { losesAccess }) => (losesAccess ? refreshLists() : refresh()),
    }),
  };
}

export type ProjectActions = ReturnType<typeof useProjectActions>;
