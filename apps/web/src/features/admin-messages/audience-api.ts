import { listAdminTeams } from '@app/contract/admin/teams/teams';
import { listAdminUsers } from '@app/contract/admin/users/list-users';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { callApi } from '../../lib/api/client';

/** How many matches a search picker offers; the admin narrows the search to find others. */
const CHOICES = 20;

/** Teams matching what the admin typed, for the team picker. */
export function teamChoicesQuery(q: string) {
  return queryOptions({
    queryKey: ['admin', 'teams', 'choices', q],
    queryFn: ({ signal }) =>
      callApi(listAdminTeams, { query: { page: 1, page_size: CHOICES, q: q || undefined }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

/** Users matching what the admin typed (name or e-mail), for the users picker. */
export function userChoicesQuery(q: string) {
  return queryOptions({
    queryKey: ['admin', 'users', 'choices', q],
    queryFn: ({ signal }) =>
      callApi(listAdminUsers, { query: { page: 1, page_size: CHOICES, q: q || undefined }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
