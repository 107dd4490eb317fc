import {
  postChangeEmail,
  postSendEmailChangeCode,
  postSendVerificationCode,
  postVerifyEmail,
} from '@app/contract/account/security/email';
import { postChangePassword, postSetPassword } from '@app/contract/account/security/password';
import { getSecurityOverview } from '@app/contract/account/security/security-overview';
import {
  listActiveSessions,
  revokeActiveSession,
  revokeOtherSessions,
} from '@app/contract/account/security/sessions';
import { listRecentSignIns } from '@app/contract/account/security/sign-ins';
import {
  postConfirmTwoFactor,
  postDisableTwoFactor,
  postEnableTwoFactor,
  postRegenerateRecoveryCodes,
} from '@app/contract/account/security/two-factor';
import type { EndpointBody } from '@app/contract/define-endpoint';
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

// The page's changes. Silent where a form shows the refusal itself (useServerErrors, the code
// form, the password prompt); the session revokes let the shared feedback say a failure.

export function sendEmailChangeCode(body: EndpointBody<typeof postSendEmailChangeCode>) {
  return callApi(postSendEmailChangeCode, { body, silent: true });
}

export function changeEmail(code: string) {
  return callApi(postChangeEmail, { body: { code }, silent: true });
}

export function sendVerificationCode() {
  return callApi(postSendVerificationCode, { silent: true });
}

export function verifyEmail(code: string) {
  return callApi(postVerifyEmail, { body: { code }, silent: true });
}

export function setPassword(body: EndpointBody<typeof postSetPassword>) {
  return callApi(postSetPassword, { body, silent: true });
}

export function changePassword(body: EndpointBody<typeof postChangePassword>) {
  return callApi(postChangePassword, { body, silent: true });
}

export function enableTwoFactor(password: string) {
  return callApi(postEnableTwoFactor, { body: { password }, silent: true });
}

export function confirmTwoFactor(code: string) {
  return callApi(postConfirmTwoFactor, { body: { code }, silent: true });
}

export function disableTwoFactor(password: string) {
  return callApi(postDisableTwoFactor, { body: { password }, silent: true });
}

export function regenerateRecoveryCodes(password: string) {
  return callApi(postRegenerateRecoveryCodes, { body: { password }, silent: true });
}

export function revokeSession(id: string) {
  return callApi(revokeActiveSession, { params: { id } });
}

export function revokeAllOtherSessions() {
  return callApi(revokeOtherSessions);
}
