import { getToken, setToken } from '../../lib/cookies';

/**
 * The server sets `app_token` itself; a browser may still refuse that cookie (a proxy rewriting
 * the domain, for instance), so the token from the answer is stored when the cookie is missing.
 */
export function keepSessionToken(token: string): void {
  if (!getToken()) setToken(token);
}
