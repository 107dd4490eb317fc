import { shownEmail } from '@app/contract/user/mask-email';
import { AppError } from '../../platform/app-error';
import { recordOperation } from '../../platform/audit';
import type { SignedInContext } from '../../platform/endpoint';
import type { Platform } from '../../platform/platform';
import { type AuthErrorOverrides, withAuthErrors } from '../auth/auth-errors';
import { hasPassword } from './password.service';
import { renewedToken, signedInHeaders } from './signed-in';
import { findTwoFactorState } from './two-factor.repo';

const alreadyOn = () => new AppError('CONFLICT', { msg: 'Two-factor authentication is already on' });
const isOff = () => new AppError('CONFLICT', { msg: 'Two-factor authentication is off' });

const overrides: AuthErrorOverrides = {
  TOTP_ALREADY_ENABLED: alreadyOn,
  TWO_FACTOR_NOT_ENABLED: isOff,
  TOTP_NOT_ENABLED: () => new AppError('CONFLICT', { msg: 'Start the two-factor set-up first' }),
};

async function stateOf(platform: Platform, userId: string) {
  const state = await findTwoFactorState(platform.db, userId);
  if (!state) throw new AppError('BEARER_TOKEN_ERROR');
  return state;
}

/** The recovery codes still unused; read through the library, which keeps them encrypted. */
async function recoveryCodesLeft(platform: Platform, userId: string): Promise<number | null> {
  const answer = await platform.auth.api.viewBackupCodes({ body: { userId } }).catch(() => null);
  return answer ? answer.backupCodes.length : null;
}

export async function getSecurityOverview(platform: Platform, ctx: SignedInContext) {
  const user = ctx.user;
  const [state, password] = await Promise.all([stateOf(platform, user.id), hasPassword(platform, user.id)]);
  return {
    email: shownEmail(state.email),
    has_password: password,
    email_verified: state.emailVerified,
    two_factor_enabled: state.enabled,
    two_factor_pending: state.pending,
    recovery_codes_left: state.enabled ? await recoveryCodesLeft(platform, user.id) : null,
  };
}

/**
 * Step one: better-auth makes the secret and the recovery codes (stored encrypted) and answers
 * the otpauth:// URI. Starting again before confirming replaces the pending secret.
 */
export async function startTwoFactor(platform: Platform, ctx: SignedInContext, password: string) {
  const user = ctx.user;
  if ((await stateOf(platform, user.id)).enabled) throw alreadyOn();
  const headers = await signedInHeaders(platform, ctx);
  const answer = await withAuthErrors(
    () => platform.auth.api.enableTwoFactor({ body: { password, method: 'totp' }, headers }),
    overrides,
  );
  if (!('totpURI' in answer) || !answer.totpURI) throw new Error('two-factor set-up without a TOTP URI');
  return {
    totp_uri: answer.totpURI,
    // For apps where the user types the key instead of scanning the QR code.
    secret: new URL(answer.totpURI).searchParams.get('secret') ?? '',
    recovery_codes: answer.backupCodes,
  };
}

function audit(platform: Platform, ctx: SignedInContext, userId: string, on: boolean) {
  return recordOperation(
    platform.db,
    ctx,
    {
      action: on ? 'user.two_factor.enable' : 'user.two_factor.disable',
      targetType: 'user',
      targetId: userId,
    },
    { after: { two_factor_enabled: on } },
  );
}

/**
 * Step two: the first code proves the app holds the secret, and two-factor authentication is on
 * from the next sign-in. better-auth renews the caller's session while doing so; the new token
 * is answered (and set as the cookie by the route).
 */
export async function confirmTwoFactor(platform: Platform, ctx: SignedInContext, code: string) {
  const user = ctx.user;
  const state = await stateOf(platform, user.id);
  if (state.enabled) throw alreadyOn();
  if (!state.pending) throw new AppError('CONFLICT', { msg: 'Start the two-factor set-up first' });
  const headers = await signedInHeaders(platform, ctx);
  const answer = await withAuthErrors(
    () => platform.auth.api.verifyTOTP({ body: { code }, headers, returnHeaders: true }),
    overrides,
  );
  const token = renewedToken(answer.headers);
  if (!token) throw new Error('two-factor confirmed without a renewed session');
  await audit(platform, ctx, user.id, true);
  return { two_factor_enabled: true, token };
}

/** Off again (or a pending set-up dropped): the secret and recovery codes are deleted. */
export async function disableTwoFactor(platform: Platform, ctx: SignedInContext, password: string) {
  const user = ctx.user;
  const state = await stateOf(platform, user.id);
  if (!state.enabled && !state.pending) throw isOff();
  const headers = await signedInHeaders(platform, ctx);
  const answer = await withAuthErrors(
    () => platform.auth.api.disableTwoFactor({ body: { password }, headers, returnHeaders: true }),
    overrides,
  );
  const token = renewedToken(answer.headers);
  if (!token) throw new Error('two-factor disabled without a renewed session');
  await audit(platform, ctx, user.id, false);
  return { two_factor_enabled: false, token };
}

/** A fresh set of recovery codes; the previous ones stop working. */
export async function regenerateRecoveryCodes(platform: Platform, ctx: SignedInContext, password: string) {
  const user = ctx.user;
  if (!(await stateOf(platform, user.id)).enabled) throw isOff();
  const headers = await signedInHeaders(platform, ctx);
  const answer = await withAuthErrors(
    () => platform.auth.api.generateBackupCodes({ body: { password }, headers }),
    overrides,
  );
  await recordOperation(
    platform.db,
    ctx,
    { action: 'user.two_factor.recovery_codes', targetType: 'user', targetId: user.id },
    { after: { recovery_codes: answer.backupCodes.length } },
  );
  return { recovery_codes: answer.backupCodes };
}
