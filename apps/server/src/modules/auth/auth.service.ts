import { eq } from 'drizzle-orm';
import { sessions } from '../../db/schema';
import type { Platform } from '../../platform/platform';
import type { RequestContext } from '../../platform/request-context';
import { withAuthErrors } from './auth-errors';

export interface AuthResult {
  token: string;
  user: { id: string; email: string; name: string };
  expiresAt: Date;
}

/** Only what better-auth needs to record the session; cookies stay out (it would demand an Origin). */
function clientHeaders(ctx: RequestContext): Headers {
  return new Headers({ 'user-agent': ctx.userAgent, 'x-forwarded-for': ctx.ip });
}

const SESSION_DAYS = 30;

function expiry(): Date {
  return new Date(Date.now() + SESSION_DAYS * 24 * 3600 * 1000);
}

export async function signUpWithEmail(
  platform: Platform,
  ctx: RequestContext,
  input: { name: string; email: string; password: string },
): Promise<AuthResult> {
  const result = await withAuthErrors(() =>
    platform.auth.api.signUpEmail({ body: input, headers: clientHeaders(ctx) }),
  );
  if (!result.token) throw new Error('sign-up did not open a session');
  return { token: result.token, user: pickUser(result.user), expiresAt: expiry() };
}

export async function signInWithEmail(
  platform: Platform,
  ctx: RequestContext,
  input: { email: string; password: string; rememberMe?: boolean },
): Promise<AuthResult> {
  const result = await withAuthErrors(() =>
    platform.auth.api.signInEmail({ body: input, headers: clientHeaders(ctx) }),
  );
  return { token: result.token, user: pickUser(result.user), expiresAt: expiry() };
}

/**
 * Revokes the caller's session by deleting it, so the token stops working on every instance at
 * once. A missing or stale token is already signed out.
 */
export async function signOut(platform: Platform, ctx: RequestContext): Promise<boolean> {
  if (!ctx.sessionId) return false;
  const removed = await platform.db
    .delete(sessions)
    .where(eq(sessions.id, ctx.sessionId))
    .returning({ id: sessions.id });
  return removed.length > 0;
}

function pickUser(user: { id: string; email: string; name: string }) {
  return { id: user.id, email: user.email, name: user.name };
}

/** Sets a new password from a reset link's token; better-auth ends every session of the user. */
export async function resetPassword(platform: Platform, input: { token: string; newPassword: string }) {
  await withAuthErrors(() => platform.auth.api.resetPassword({ body: input }));
  return { status: true as const };
}
