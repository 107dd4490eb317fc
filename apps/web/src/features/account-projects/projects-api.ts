import {
  acceptProjectInvite,
  listProjectMembers,
  previewProjectInvite,
} from '@app/contract/account/projects/project-members';
import { getProject, listProjects, type ProjectScope } from '@app/contract/account/projects/projects';
import type { ListQueryInput } from '@app/contract/list';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '../../lib/api/client';

/** Every query of this feature starts with this key, so one invalidation refreshes them all. */
export const accountProjectsKey = ['account', 'projects'] as const;

export function fetchProjects(
  scope: ProjectScope,
  query: ListQueryInput,
  { signal }: { signal: AbortSignal },
) {
  return callApi(listProjects, { query: { ...query, scope }, signal });
}

/** Silent: an unknown id (or another team's project) is the page's NOT_FOUND, not a toast. */
export function projectQuery(id: string) {
  return queryOptions({
    queryKey: [...accountProjectsKey, 'details', id],
    queryFn: ({ signal }) => callApi(getProject, { params: { id }, signal, silent: true }),
    retry: false,
  });
}

export function projectMembersQuery(id: string) {
  return queryOptions({
    queryKey: [...accountProjectsKey, 'members', id],
    queryFn: ({ signal }) => callApi(listProjectMembers, { params: { id }, signal }),
  });
}

/** Silent, both: the invite page shows an expired or misaddressed invite itself. */
export function previewProjectInviteOf(token: string, signal: AbortSignal) {
  return callApi(previewProjectInvite, { body: { token }, signal, silent: true });
}

export function acceptProjectInviteOf(token: string) {
  return callApi(acceptProjectInvite, { body: { token }, silent: true });
}
