import { and, eq } from 'drizzle-orm';
import { sessions } from '../../db/schema';
import { AppError } from '../../platform/app-error';
import type { Platform } from '../../platform/platform';
import type { CtxUser, RequestContext } from '../../platform/request-context';
import { clientHeaders } from '../auth/auth.service';

export function requireUser(ctx: RequestContext): CtxUser {
  if (!ctx.user) throw new AppError('BEARER_TOKEN_ERROR');
  return ctx.user;
}

/**
 * Headers that make a better-auth call act as the caller's own session (its session-bound
 * endpoints: change password, two-factor set-up). The token is read from the session row the
 * request was authenticated with, so services never handle the raw Authorization header.
 */
export async function signedInHeaders(platform: Platform, ctx: RequestContext): Promise<Headers> {
  const user = requireUser(ctx);
  const [session] = ctx.sessionId
    ? await platform.db
        .select({ token: sessions.token })
        .from(sessions)
        .where(and(eq(sessions.id, ctx.sessionId), eq(sessions.userId, user.id)))
    : [];
  if (!session) throw new AppError('BEARER_TOKEN_ERROR');
  const headers = clientHeaders(ctx);
  headers.set('authorization', `Bearer ${session.token}`);
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
