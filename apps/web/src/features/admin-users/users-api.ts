import { getAdminUserDetails } from '@app/contract/admin/users/get-user-details';
import { listAdminUsers } from '@app/contract/admin/users/list-users';
import type { EndpointQuery } from '@app/contract/define-endpoint';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '../../lib/api/client';

/** Every query of this feature starts with this key, so one invalidation refreshes them all. */
export const adminUsersKey = ['admin', 'users'] as const;

export function fetchUsers(query: EndpointQuery<typeof listAdminUsers>, { signal }: { signal: AbortSignal }) {
  return callApi(listAdminUsers, { query, signal });
}

export function userDetailsQuery(id: string) {
  return queryOptions({
    queryKey: [...adminUsersKey, 'details', id],
    queryFn: ({ signal }) => callApi(getAdminUserDetails, { params: { id }, signal }),
  });
}

export { rolesQuery } from '../../lib/permissions/roles-query';
