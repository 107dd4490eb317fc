import { RECENT_SIGN_INS_LIMIT } from '@app/contract/account/security/sign-ins';
import { AppError } from '../../platform/app-error';
import type { SignedInContext } from '../../platform/endpoint';
import { toSeconds } from '../../platform/list-query';
import type { Platform } from '../../platform/platform';
import { deleteOtherSessions, deleteUserSession, listSignInEvents, listUserSessions } from './sessions.repo';

export async function listSessions(platform: Platform, ctx: SignedInContext) {
  const rows = await listUserSessions(platform.db, ctx.user.id);
  return {
    items: rows.map((row) => ({
      id: row.id,
      ip_address: row.ipAddress || null,
      user_agent: row.userAgent || null,
      created_at: toSeconds(row.createdAt),
      last_active_at: toSeconds(row.updatedAt),
      expires_at: toSeconds(row.expiresAt),
      current: row.id === ctx.sessionId,
    })),
  };
}

/**
 * Ends one of the caller's other sessions. Deleting the row stops its token at once on every
 * instance. Another user's session id is simply not found.
 */
export async function revokeSession(platform: Platform, ctx: SignedInContext, id: string) {
  const user = ctx.user;
  if (id === ctx.sessionId) {
    throw new AppError('CONFLICT', { msg: 'This is the session you are using; sign out instead' });
  }
  if (!(await deleteUserSession(platform.db, user.id, id))) throw new AppError('NOT_FOUND');
  return { revoked: true as const };
}

export async function revokeOtherSessions(platform: Platform, ctx: SignedInContext) {
  const user = ctx.user;
  return { revoked: await deleteOtherSessions(platform.db, user.id, ctx.sessionId) };
}

export async function listRecentSignIns(platform: Platform, ctx: SignedInContext) {
  const rows = await listSignInEvents(platform.db, ctx.user.id, RECENT_SIGN_INS_LIMIT);
  return {
    items: rows.map((row) => ({
      id: row.id,
      method: row.method,
      success: row.success,
      reason: row.reason,
      ip_address: row.ipAddress,
      user_agent: row.userAgent,
      created_at: toSeconds(row.createdAt),
    })),
  };
}
