import { createHmac, randomBytes } from 'node:crypto';
import { AppError } from '../../platform/app-error';
import type { Platform } from '../../platform/platform';
import type { RequestContext } from '../../platform/request-context';
import { recordSignInAttempt } from '../auth/auth.service';
import { withAuthErrors } from '../auth/auth-errors';

/** How long a pending second factor waits (better-auth's two-factor default, as password sign-in). */
const TWO_FACTOR_SECONDS = 600;

export type SocialSignIn =
  | { kind: 'signed_in'; token: string; expiresAt: Date }
  | { kind: 'two_factor'; challenge: string };

interface SigningInUser {
  id: string;
  email: string;
  banned: boolean;
  twoFactorEnabled: boolean;
}

/**
 * Opens a session for a user a provider vouched for, the way the password sign-in does: a banned
 * user is refused, and a user with two-factor authentication gets the same pending sign-in
 * (`two_factor_token`, finished at `POST /api/auth/two-factor/verify-totp`), because a linked
 * Google or WeChat account must not be a way around the second factor.
 */
export async function openSocialSession(
  platform: Platform,
  ctx: RequestContext,
  user: SigningInUser,
  method: 'google' | 'wechat',
): Promise<SocialSignIn> {
  const attempt = { userId: user.id, email: user.email, method, ipAddress: ctx.ip, userAgent: ctx.userAgent };
  if (user.banned) {
    await recordSignInAttempt(platform.db, { ...attempt, success: false, reason: 'banned' });
    throw new AppError('FORBIDDEN', { msg: 'This account is banned' });
  }
  if (user.twoFactorEnabled)
    return { kind: 'two_factor', challenge: await twoFactorChallenge(platform, user.id) };

  const authContext = await platform.auth.$context;

  // The session hook (platform/auth.ts) refuses banned users here too, whatever slipped past above.
  const session = await withAuthErrors(() =>
    authContext.internalAdapter.createSession(user.id, false, {
      ipAddress: ctx.ip,
      userAgent: ctx.userAgent,
    }),
  );
  await recordSignInAttempt(platform.db, { ...attempt, success: true });
  return { kind: 'signed_in', token: session.token, expiresAt: new Date(session.expiresAt) };
}

/**
 * better-auth's pending two-factor sign-in, as its plugin makes it after a correct password: a
 * verification row naming the user plus its attempt counter, and the identifier signed the way
 * its cookies are (`value.base64(HMAC-SHA256)`, URI-encoded). The sign-in endpoint hands that
 * cookie value out as `two_factor_token`; so does this.
 */
async function twoFactorChallenge(platform: Platform, userId: string): Promise<string> {
  const authContext = await platform.auth.$context;
  const identifier = `2fa-${randomBytes(15).toString('base64url')}`;
  const expiresAt = new Date(Date.now() + TWO_FACTOR_SECONDS * 1000);
  await authContext.internalAdapter.createVerificationValue({ value: userId, identifier, expiresAt });
  await authContext.internalAdapter.createVerificationValue({
    value: '0',
    identifier: `2fa-attempts-${identifier}`,
    expiresAt,
  });
  const signature = createHmac('sha256', authContext.secret).update(identifier).digest('base64');
  return encodeURIComponent(`${identifier}.${signature}`);
}
