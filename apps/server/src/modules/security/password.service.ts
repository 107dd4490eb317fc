import { AppError, validationError } from '../../platform/app-error';
import { recordOperation } from '../../platform/audit';
import type { Platform } from '../../platform/platform';
import type { RequestContext } from '../../platform/request-context';
import { withAuthErrors } from '../auth/auth-errors';
import { deleteOtherSessions } from './sessions.repo';
import { requireUser, signedInHeaders } from './signed-in';

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
export async function changePassword(platform: Platform, ctx: RequestContext, input: ChangePasswordInput) {
  const user = requireUser(ctx);
  if (input.new_password === input.current_password) {
    throw validationError({ new_password: 'The new password must be different from the current one' });
  }
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
