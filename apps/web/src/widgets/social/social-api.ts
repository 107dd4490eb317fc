import { getSocialProviders, listSocialAccounts } from '@app/contract/social/social';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '../../lib/api/client';

/** Every query of this feature starts with this key, so one invalidation refreshes them all. */
export const socialKey = ['social'] as const;

/**
 * Which providers the server holds credentials for. Silent: the buttons say "not configured" (or
 * that the check failed) themselves. Credentials change only with a deployment, hence the long
 * freshness.
 */
export const socialProvidersQuery = queryOptions({
  queryKey: [...socialKey, 'providers'],
  queryFn: ({ signal }) => callApi(getSocialProviders, { signal, silent: true }),
  staleTime: 5 * 60_000,
});

/** The caller's linked accounts; silent, the card shows a failure with a retry. */
export const socialAccountsQuery = queryOptions({
  queryKey: [...socialKey, 'accounts'],
  queryFn: ({ signal }) => callApi(listSocialAccounts, { signal, silent: true }),
});
