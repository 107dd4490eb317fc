import { getPermissionMatrix, setRoleGrants } from '@app/contract/admin/permissions/permissions';
import type { EndpointResponse } from '@app/contract/define-endpoint';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../lib/api/client';
import { basicInfosQueryKey } from '../../lib/session/basic-infos';

export type PermissionMatrix = EndpointResponse<typeof getPermissionMatrix>;

export const permissionMatrixQuery = queryOptions({
  queryKey: ['admin', 'permissions', 'matrix'],
  queryFn: ({ signal }) => callApi(getPermissionMatrix, { signal }),
});

export interface GrantChange {
  role: string;
  code: string;
  held: boolean;
}

/**
 * Grants or withdraws one code. The answer is the role's new grant list (a withdrawn pattern is
 * replaced by the codes it covered), written straight into the matrix; the permission version
 * it bumps is re-read so this browser's cached page permissions (the side menu) follow.
 */
export function useSetGrant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ role, code, held }: GrantChange) =>
      callApi(setRoleGrants, { params: { code: role }, body: { codes: [code], held } }),
    onSuccess: (answer, { role }) => {
      queryClient.setQueryData(permissionMatrixQuery.queryKey, (matrix) =>
        matrix
          ? { ...matrix, grants: { ...matrix.grants, [role]: answer.grants }, version: answer.version }
          : matrix,
      );
      void queryClient.invalidateQueries({ queryKey: basicInfosQueryKey });
    },
  });
}
