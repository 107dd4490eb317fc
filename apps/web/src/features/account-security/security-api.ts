import { getSecurityOverview } from '@app/contract/account/security/security-overview';
import { listActiveSessions } from '@app/contract/account/security/sessions';
import { listRecentSignIns } from '@app/contract/account/security/sign-ins';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '../../lib/api/client';
import { getToken, setToken } from '../../lib/cookies';

/** Every query of this feature starts with this key, so one invalidation refreshes them all. */
export const securityKey = ['account', 'security'] as const;

export const securityOverviewQuery = queryOptions({
  queryKey: [...securityKey, 'overview'],
  queryFn: ({ signal }) => callApi(getSecurityOverview, { signal }),
});

export const activeSessionsQuery = queryOptions({
  queryKey: [...securityKey, 'sessions'],
  queryFn: ({ signal }) => callApi(listActiveSessions, { signal }),
});

export const recentSignInsQuery = queryOptions({
  queryKey: [...securityKey, 'sign-ins'],
  queryFn: ({ signal }) => callApi(listRecentSignIns, { signal }),
});

/**
 * Switching two-factor authentication on or off renews the session and the old token stops
 * working. The server sets the new cookie itself (with its lifetime); only when that cookie did not
 * arrive is the answered token written, or the next call would be signed out.
 */
export function keepRenewedToken(token: string): void {
  if (getToken() !== token) setToken(token);
}
