import { AppError, validationError } from '../../platform/app-error';
import { recordOperation } from '../../platform/audit';
import type { SignedInContext } from '../../platform/endpoint';
import type { Platform } from '../../platform/platform';
import { withAuthErrors } from '../auth/auth-errors';
import { assertStrongPassword } from '../auth/password-strength';
import { credentialWithPassword } from './credentials.repo';
import { deleteOtherSessions } from './sessions.repo';
import { signedInHeaders } from './signed-in';

export interface ChangePasswordInput {
  current_password: string;
  new_password: string;
  confirm_password: string;
}

/**
 * The contract already refused a confirmation that differs; here the library checks the current
 * password and stores the new hash. Every other session then ends (someone who knew the old
 * password is signed out); the caller's stays, so the page they are on keeps working.
 */
export async function changePassword(platform: Platform, ctx: SignedInContext, input: ChangePasswordInput) {
  const user = ctx.user;
  if (input.new_password === input.current_password) {
    throw validationError({ new_password: 'The new password must be different from the current one' });
  }
  await assertStrongPassword(ctx.t, 'new_password', input.new_password, user);
  const headers = await signedInHeaders(platform, ctx);
  await withAuthErrors(
    () =>
      platform.auth.api.changePassword({
        body: {
          currentPassword: input.current_password,
          newPassword: input.new_password,
          revokeOtherSessions: false,
        },
        headers,
      }),
    {
      INVALID_PASSWORD: () => validationError({ current_password: 'The current password is wrong' }),
      CREDENTIAL_ACCOUNT_NOT_FOUND: () =>
        new AppError('CONFLICT', { msg: 'This account signs in without a password' }),
    },
  );
  const revoked = await deleteOtherSessions(platform.db, user.id, ctx.sessionId);
  await recordOperation(
    platform.db,
    ctx,
    { action: 'user.password.change', targetType: 'user', targetId: user.id },
    { after: { sessions_revoked: revoked } },
  );
  return { sessions_revoked: revoked };
}

/** Whether the user can sign in with a password (a credential account with a hash). */
export async function hasPassword(platform: Platform, userId: string): Promise<boolean> {
  return credentialWithPassword(platform.db, userId);
}

/**
 * A first password for an account made by Google or WeChat sign-in. better-auth asks for a
 * recent sign-in (a stolen old session cannot add a password); an account that already has one
 * must change it, proving the current one.
 */
export async function setPassword(platform: Platform, ctx: SignedInContext, input: { new_password: string }) {
  const user = ctx.user;
  await assertStrongPassword(ctx.t, 'new_password', input.new_password, user);
  const headers = await signedInHeaders(platform, ctx);
  await withAuthErrors(
    () => platform.auth.api.setPassword({ body: { newPassword: input.new_password }, headers }),
    {
      PASSWORD_ALREADY_SET: () =>
        new AppError('CONFLICT', { msg: 'This account already has a password: change it instead' }),
      SESSION_NOT_FRESH: () => new AppError('UNAUTHORIZED', { msg: 'Sign in again, then set your password' }),
    },
  );
  await recordOperation(
    platform.db,
    ctx,
    { action: 'user.password.set', targetType: 'user', targetId: user.id },
    { after: { has_password: true } },
  );
  return { set: true as const };
}
