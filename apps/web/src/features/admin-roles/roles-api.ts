import { createRole, deleteRole, listRoles, updateRole, type zRole } from '@app/contract/admin/roles/roles';
import type { EndpointBody } from '@app/contract/define-endpoint';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { callApi } from '../../lib/api/client';

export type Role = z.infer<typeof zRole>;

const rolesKey = ['admin', 'roles'] as const;

export const rolesListQuery = queryOptions({
  queryKey: [...rolesKey, 'list'],
  queryFn: ({ signal }) => callApi(listRoles, { signal }),
});

/**
 * Create and rename are silent: their forms show the server's refusal on the field it names.
 * Delete goes through the error catalogue, whose toast carries the server's reason (in use,
 * seeded role).
 */
export function useRoleMutations() {
  const queryClient = useQueryClient();
  // Every roles query (this list, the user pages' role options) changes with a role.
  const refresh = () => queryClient.invalidateQueries({ queryKey: rolesKey });

  const create = useMutation({
    mutationFn: (body: EndpointBody<typeof createRole>) => callApi(createRole, { body, silent: true }),
    onSuccess: refresh,
  });
  const rename = useMutation({
    mutationFn: ({ code, ...body }: { code: string } & EndpointBody<typeof updateRole>) =>
      callApi(updateRole, { params: { code }, body, silent: true }),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: (code: string) => callApi(deleteRole, { params: { code } }),
    onSuccess: refresh,
  });

  return { create, rename, remove };
}
