import { listRoles } from '@app/contract/admin/roles/roles';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '../api/client';

/**
 * The roles for role filters and pickers (admin users, message audiences). Silent: an operator may
 * read users without reading roles, and then simply gets no role choices.
 */
export const rolesQuery = queryOptions({
  queryKey: ['admin', 'roles', 'options'],
  queryFn: ({ signal }) => callApi(listRoles, { signal, silent: true }),
  staleTime: 5 * 60_000,
});
