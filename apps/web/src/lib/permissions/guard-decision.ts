import type { AccessCode } from '@app/contract/permissions/list-permissions';
import { loginRedirectPath } from '../session/login-redirect';

export const FORBIDDEN_PATH = '/403';

export interface GuardTarget {
  path: string;
  search: string;
}

export type GuardDecision = { kind: 'allow' } | { kind: 'redirect'; to: string; clearToken: boolean };

const ALLOW: GuardDecision = { kind: 'allow' };

/** Spec section 6: a login-required route needs a token before anything is asked of the server. */
export function decideSignedIn(needsLogin: boolean, hasToken: boolean, target: GuardTarget): GuardDecision {
  if (!needsLogin || hasToken) return ALLOW;
  return { kind: 'redirect', to: loginRedirectPath(`${target.path}${target.search}`), clearToken: false };
}

/**
 * Spec section 6: the server's permission code for the page decides. A bearer-token error means
 * the session is gone (sign in again, then come back); UNAUTHORIZED and FORBIDDEN mean this user
 * may not see the page.
 */
export function decideAccess(code: AccessCode, target: GuardTarget): GuardDecision {
  switch (code) {
    case 'OK':
      return ALLOW;
    case 'BEARER_TOKEN_ERROR':
      return { kind: 'redirect', to: loginRedirectPath(`${target.path}${target.search}`), clearToken: true };
    case 'UNAUTHORIZED':
    case 'FORBIDDEN':
      return {
        kind: 'redirect',
        to: `${FORBIDDEN_PATH}?from=${encodeURIComponent(target.path)}`,
        clearToken: false,
      };
  }
}
