import { listProjectMembers } from '@app/contract/account/projects/project-members';
import { getProject, listProjects } from '@app/contract/account/projects/projects';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '../../lib/api/client';
import type { ListQueryInput } from '../../widgets/list-state/use-list-state';

/** Every query of this feature starts with this key, so one invalidation refreshes them all. */
export const accountProjectsKey = ['account', 'projects'] as const;

/** `team`: the current team's projects; `shared`: other teams' projects I was invited to. */
export type ProjectScope = 'team' | 'shared';

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
