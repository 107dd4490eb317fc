import { AppError } from '../../platform/app-error';
import { LOCALE_HEADER } from '../../platform/auth';
import type { Platform } from '../../platform/platform';
import type { RequestContext } from '../../platform/request-context';
import { readDynamicConfig } from '../dynamic-configs/dynamic-configs.service';
import { deleteSession, userIdByEmail, userIdentity } from './auth.repo';
import { withAuthErrors } from './auth-errors';
import { assertStrongPassword, type PasswordOwner } from './password-strength';
import { recordSignInAttempt } from './sign-in-events.repo';
import { sessionExpiry } from './token-cookie';

// What other modules may use of this module's queries (they never import its repositories).
export { recordSignInAttempt } from './sign-in-events.repo';

export interface AuthResult {
  token: string;
  user: { id: string; email: string; name: string };
  expiresAt: Date;
}

/** Only what better-auth needs to record the session; cookies stay out (it would demand an Origin). */
export function clientHeaders(ctx: RequestContext): Headers {
  // The request's language goes along so what the sign-up writes (the personal team's name) is in it.
  return new Headers({ 'user-agent': ctx.userAgent, 'x-forwarded-for': ctx.ip, [LOCALE_HEADER]: ctx.locale });
}

export async function signUpWithEmail(
  platform: Platform,
  ctx: RequestContext,
  input: { name: string; email: string; password: string },
): Promise<AuthResult> {
  // The admin's sign-up switch (a dynamic config): closed, no account is made.
  if (!(await readDynamicConfig(platform, 'sign_up_enable'))) {
    throw new AppError('FORBIDDEN', { msg: 'Sign-up is closed on this server' });
  }
  await assertStrongPassword(ctx.t, 'password', input.password, { name: input.name, email: input.email });
  const result = await withAuthErrors(() =>
    platform.auth.api.signUpEmail({ body: input, headers: clientHeaders(ctx) }),
  );
  if (!result.token) throw new Error('sign-up did not open a session');
  return { token: result.token, user: pickUser(result.user), expiresAt: sessionExpiry() };
}

export type SignInOutcome =
  | { kind: 'signed_in'; result: AuthResult }
  /** `challenge` is better-auth's signed two-factor cookie value, handed to the client to send back. */
  | { kind: 'two_factor'; challenge: string };

/** The name better-auth gives its pending two-factor sign-in cookie (prefix and all). */
async function twoFactorCookieName(platform: Platform): Promise<string> {
  return (await platform.auth.$context).createAuthCookie('two_factor').name;
}

function cookieValue(headers: Headers, name: string): string | null {
  for (const line of headers.getSetCookie()) {
    if (line.startsWith(`${name}=`)) return line.slice(name.length + 1).split(';')[0] || null;
  }
  return null;
}

/** Why an attempt failed, in the words of the sign-in history; never the input itself. */
function failureReason(method: string, error: AppError): string {
  if (error.code === 'FORBIDDEN') return 'banned';
  if (error.code === 'RATE_LIMITED') return 'locked';
  if (method === 'password') return error.code === 'UNAUTHORIZED' ? 'invalid_credentials' : 'invalid_input';
  // Second factors: a wrong code, or a pending sign-in that expired or spent its tries.
  return error.code === 'VALIDATION_ERROR' ? 'invalid_code' : 'expired';
}

/** A failed attempt goes into the user's sign-in history (and the address's, when it has no account). */
async function recordFailure(
  platform: Platform,
  ctx: RequestContext,
  who: { userId: string | null; email: string },
  method: string,
  error: unknown,
): Promise<void> {
  if (!(error instanceof AppError)) return;
  await recordSignInAttempt(platform.db, {
    ...who,
    method,
    success: false,
    reason: failureReason(method, error),
    ipAddress: ctx.ip,
    userAgent: ctx.userAgent,
  });
}

/**
 * E-mail and password. For a user with two-factor authentication better-auth opens no session and
 * sets a signed cookie naming the pending sign-in; our clients send a bearer token, not cookies,
 * so that value is handed back as `two_factor_token`. Successful sign-ins are recorded by the
 * session hook in platform/auth.ts, failed ones here.
 */
export async function signInWithEmail(
  platform: Platform,
  ctx: RequestContext,
  input: { email: string; password: string; rememberMe?: boolean },
): Promise<SignInOutcome> {
  let answer: Awaited<ReturnType<typeof callSignIn>>;
  try {
    answer = await callSignIn(platform, ctx, input);
  } catch (error) {
    const userId = await userIdByEmail(platform.db, input.email);
    await recordFailure(platform, ctx, { userId: userId ?? null, email: input.email }, 'password', error);
    throw error;
  }
  const { headers, response } = answer;
  if ('twoFactorRedirect' in response && response.twoFactorRedirect) {
    const challenge = cookieValue(headers, await twoFactorCookieName(platform));
    if (!challenge) throw new Error('two-factor sign-in without its cookie');
    return { kind: 'two_factor', challenge };
  }
  if (!('token' in response) || typeof response.token !== 'string')
    throw new Error('sign-in without a token');
  return {
    kind: 'signed_in',
    result: { token: response.token, user: pickUser(response.user), expiresAt: sessionExpiry() },
  };
}

function callSignIn(
  platform: Platform,
  ctx: RequestContext,
  input: { email: string; password: string; rememberMe?: boolean },
) {
  return withAuthErrors(() =>
    platform.auth.api.signInEmail({ body: input, headers: clientHeaders(ctx), returnHeaders: true }),
  );
}

/** Who a pending sign-in belongs to, only to file a failed attempt under the right account. */
async function challengeOwner(platform: Platform, challenge: string) {
  let identifier: string;
  try {
    identifier = decodeURIComponent(challenge).split('.')[0] ?? '';
  } catch {
    return null;
  }
  const authContext = await platform.auth.$context;
  const pending = identifier ? await authContext.internalAdapter.findVerificationValue(identifier) : null;
  if (!pending) return null;
  const user = await userIdentity(platform.db, pending.value);
  return user ? { id: user.id, email: user.email } : null;
}

/**
 * Finishes a pending two-factor sign-in with an authenticator code or a recovery code. better-auth
 * checks the signed challenge, counts the tries (5 per sign-in, then a 15-minute lock after 10
 * failures in a row) and spends a recovery code once.
 */
export async function verifySecondFactor(
  platform: Platform,
  ctx: RequestContext,
  method: 'totp' | 'recovery_code',
  input: { two_factor_token: string; code: string },
): Promise<AuthResult> {
  const headers = clientHeaders(ctx);
  headers.set('cookie', `${await twoFactorCookieName(platform)}=${input.two_factor_token}`);
  const body = { code: input.code };
  try {
    const result = await withAuthErrors(() =>
      method === 'totp'
        ? platform.auth.api.verifyTOTP({ body, headers })
        : platform.auth.api.verifyBackupCode({ body, headers }),
    );
    if (!result.token) throw new Error('two-factor sign-in without a token');
    return { token: result.token, user: pickUser(result.user), expiresAt: sessionExpiry() };
  } catch (error) {
    const owner = await challengeOwner(platform, input.two_factor_token);
    if (owner) await recordFailure(platform, ctx, { userId: owner.id, email: owner.email }, method, error);
    throw error;
  }
}

/**
 * Revokes the caller's session by deleting it, so the token stops working on every instance at
 * once. A missing or stale token is already signed out.
 */
export async function signOut(platform: Platform, ctx: RequestContext): Promise<boolean> {
  if (!ctx.sessionId) return false;
  return deleteSession(platform.db, ctx.sessionId);
}

function pickUser(user: { id: string; email: string; name: string }) {
  return { id: user.id, email: user.email, name: user.name };
}

/** Whose password a reset link sets, while the link is still good; null for a dead link. */
async function resetLinkOwner(platform: Platform, token: string): Promise<PasswordOwner | null> {
  const authContext = await platform.auth.$context;
  const pending = await authContext.internalAdapter.findVerificationValue(`reset-password:${token}`);
  if (!pending || pending.expiresAt.getTime() <= Date.now()) return null;
  const owner = await userIdentity(platform.db, pending.value);
  return owner ? { name: owner.name, email: owner.email } : null;
}

/**
 * Sets a new password from a reset link's token; better-auth ends every session of the user. The
 * strength check needs the owner's name and address; a dead link is left to the library, which
 * refuses it on `token` whatever the password (a better password would not revive it).
 */
export async function resetPassword(
  platform: Platform,
  ctx: RequestContext,
  input: { token: string; newPassword: string },
) {
  const owner = await resetLinkOwner(platform, input.token);
  if (owner) await assertStrongPassword(ctx.t, 'newPassword', input.newPassword, owner);
  await withAuthErrors(() => platform.auth.api.resetPassword({ body: input }));
  return { status: true as const };
}
