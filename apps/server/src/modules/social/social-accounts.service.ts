import { AppError } from '../../platform/app-error';
import { recordOperation } from '../../platform/audit';
import type { SignedInContext } from '../../platform/endpoint';
import type { Platform } from '../../platform/platform';
import { hasPassword, listForUser, unlinkUnlessLast } from './social-accounts.repo';
import { toSocialAccount } from './social-identity.service';

export async function listMySocialAccounts(platform: Platform, ctx: SignedInContext) {
  const user = ctx.user;
  const [rows, password] = await Promise.all([
    listForUser(platform.db, user.id),
    hasPassword(platform.db, user.id),
  ]);
  return { items: rows.map(toSocialAccount), has_password: password };
}

export const LINK_NOT_FOUND = 'This linked account was not found';
export const LAST_SIGN_IN_METHOD =
  'This is the only way you can sign in, so it cannot be unlinked. Link another account first.';

/**
 * Unlinks one of the caller's accounts, unless it is their last way in. Someone else's link is
 * NOT_FOUND, as if it did not exist.
 */
export async function unlinkSocialAccount(platform: Platform, ctx: SignedInContext, id: string) {
  const user = ctx.user;
  const outcome = await unlinkUnlessLast(platform.db, user.id, id);
  if (outcome.kind === 'not_found') throw new AppError('NOT_FOUND', { msg: LINK_NOT_FOUND });
  if (outcome.kind === 'last_sign_in_method') throw new AppError('CONFLICT', { msg: LAST_SIGN_IN_METHOD });
  await recordOperation(
    platform.db,
    ctx,
    { action: 'user.social.unlink', targetType: 'user', targetId: user.id },
    { after: { provider: outcome.row.provider, display_name: outcome.row.displayName } },
  );
  return { removed: true as const };
}
