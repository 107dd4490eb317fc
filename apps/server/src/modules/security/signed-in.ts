import { AppError } from '../../platform/app-error';
import type { SignedInContext } from '../../platform/endpoint';
import type { Platform } from '../../platform/platform';
import { clientHeaders } from '../auth/auth.service';
import { sessionToken } from './sessions.repo';

/**
 * Headers that make a better-auth call act as the caller's own session (its session-bound
 * endpoints: change password, two-factor set-up). The token is read from the session row the
 * request was authenticated with, so services never handle the raw Authorization header.
 */
export async function signedInHeaders(platform: Platform, ctx: SignedInContext): Promise<Headers> {
  const token = await sessionToken(platform.db, ctx.sessionId, ctx.user.id);
  if (!token) throw new AppError('BEARER_TOKEN_ERROR');
  const headers = clientHeaders(ctx);
  headers.set('authorization', `Bearer ${token}`);
  return headers;
}

/** Whether `password` is the user's, checked with the auth library's hash. */
export async function passwordMatches(
  platform: Platform,
  userId: string,
  password: string,
): Promise<boolean> {
  const authContext = await platform.auth.$context;
  const account = await authContext.internalAdapter.findCredentialAccount(userId);
  if (!account?.password) return false;
  return authContext.password.verify({ hash: account.password, password });
}

/**
 * The new session token better-auth issued when it renewed the session (two-factor switched on or
 * off): its bearer plugin hands it out signed (`token.signature`); clients hold the bare token,
 * as sign-in gives it.
 */
export function renewedToken(headers: Headers): string | null {
  const signed = headers.get('set-auth-token');
  if (!signed) return null;
  let decoded = signed;
  try {
    decoded = decodeURIComponent(signed);
  } catch {}
  return decoded.split('.')[0] || null;
}
