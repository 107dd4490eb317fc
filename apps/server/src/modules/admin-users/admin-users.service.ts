import { randomBytes } from 'node:crypto';
import type { AdminUserRow } from '@app/contract/admin/users/user-row';
import type { ListQuery } from '@app/contract/list';
import { eq } from 'drizzle-orm';
import { roles, users } from '../../db/schema';
import { AppError } from '../../platform/app-error';
import { audited, recordOperation } from '../../platform/audit';
import type { Tx } from '../../platform/db';
import { toSeconds } from '../../platform/list-query';
import { toOperationRecord } from '../../platform/operation-record-row';
import type { Platform } from '../../platform/platform';
import type { RequestContext } from '../../platform/request-context';
import { bumpVersion } from '../../platform/versions';
import {
  countOtherActiveSuperAdmins,
  deleteUserSessions,
  findUser,
  listUsers,
  lockUser,
  type UserRecord,
  userOperations,
  userSessions,
  userTeams,
} from './admin-users.repo';

const SUPER_ADMIN = 'super_admin';
const RESET_LINK_HOURS = 1;

function toRow(user: UserRecord): AdminUserRow {
  return {
    id: user.id,
    username: user.name,
    email: user.email,
    email_verified: user.emailVerified,
    avatar_url: user.image,
    role: user.role,
    role_name: user.roleName ?? user.role,
    banned: user.banned,
    ban_reason: user.banReason,
    created_at: toSeconds(user.createdAt),
    last_active_at: user.lastActive ? toSeconds(new Date(user.lastActive)) : null,
  };
}

async function mustFind(platform: Platform, id: string): Promise<UserRecord> {
  const user = await findUser(platform.db, id);
  if (!user) throw new AppError('NOT_FOUND', { msg: 'User not found' });
  return user;
}

export function listAdminUsers(platform: Platform, query: ListQuery) {
  return listUsers(platform.db, query, toRow);
}

export async function getAdminUserDetails(platform: Platform, id: string) {
  const user = await mustFind(platform, id);
  const [teamRows, sessionRows, operations] = await Promise.all([
    userTeams(platform.db, id),
    userSessions(platform.db, id),
    userOperations(platform.db, id),
  ]);
  return {
    user: toRow(user),
    teams: teamRows,
    sessions: sessionRows.map((s) => ({
      id: s.id,
      ip_address: s.ipAddress,
      user_agent: s.userAgent,
      created_at: toSeconds(s.createdAt),
      last_active_at: toSeconds(s.updatedAt),
      expires_at: toSeconds(s.expiresAt),
    })),
    operations: operations.map(toOperationRecord),
  };
}

/**
 * Super admin is granted and taken only by a super admin, and the last one who can still sign in
 * cannot be demoted (ARCHITECTURE section 6).
 */
async function assertMayChangeSuperAdmin(tx: Tx, ctx: RequestContext, target: { id: string; role: string }) {
  if (ctx.user?.role !== SUPER_ADMIN) {
    throw new AppError('FORBIDDEN', { msg: 'Only a super admin may change a super admin' });
  }
  if (target.role === SUPER_ADMIN && (await countOtherActiveSuperAdmins(tx, target.id)) === 0) {
    throw new AppError('CONFLICT', { msg: 'The last super admin cannot be removed or demoted' });
  }
}

export async function setUserRole(platform: Platform, ctx: RequestContext, id: string, role: string) {
  await audited(
    platform.db,
    ctx,
    { action: 'user.role.update', targetType: 'user', targetId: id },
    async (tx) => {
      const target = await lockUser(tx, id);
      if (!target) throw new AppError('NOT_FOUND', { msg: 'User not found' });
      const [exists] = await tx.select({ code: roles.code }).from(roles).where(eq(roles.code, role));
      if (!exists) throw new AppError('VALIDATION_ERROR', { fields: { role: 'No such role' } });
      if (target.role === role) return { result: null, before: { role }, after: { role } };
      if (target.role === SUPER_ADMIN || role === SUPER_ADMIN)
        await assertMayChangeSuperAdmin(tx, ctx, target);
      await tx.update(users).set({ role, updatedAt: new Date() }).where(eq(users.id, id));
      // The user's cached permission results are stale now.
      await bumpVersion(tx, 'permission');
      return { result: null, before: { role: target.role }, after: { role } };
    },
  );
  platform.access.invalidate();
  return { user: toRow(await mustFind(platform, id)) };
}

export async function banUser(platform: Platform, ctx: RequestContext, id: string, reason: string) {
  await audited(platform.db, ctx, { action: 'user.ban', targetType: 'user', targetId: id }, async (tx) => {
    const target = await lockUser(tx, id);
    if (!target) throw new AppError('NOT_FOUND', { msg: 'User not found' });
    if (target.id === ctx.user?.id) throw new AppError('CONFLICT', { msg: 'You cannot ban yourself' });
    if (target.role === SUPER_ADMIN) await assertMayChangeSuperAdmin(tx, ctx, target);
    await tx
      .update(users)
      .set({ banned: true, banReason: reason, bannedAt: new Date() })
      .where(eq(users.id, id));
    const revoked = await deleteUserSessions(tx, id);
    return {
      result: null,
      before: { banned: target.banned, ban_reason: target.banReason },
      after: { banned: true, ban_reason: reason, sessions_revoked: revoked },
    };
  });
  return { user: toRow(await mustFind(platform, id)) };
}

export async function unbanUser(platform: Platform, ctx: RequestContext, id: string) {
  await audited(platform.db, ctx, { action: 'user.unban', targetType: 'user', targetId: id }, async (tx) => {
    const target = await lockUser(tx, id);
    if (!target) throw new AppError('NOT_FOUND', { msg: 'User not found' });
    await tx.update(users).set({ banned: false, banReason: null, bannedAt: null }).where(eq(users.id, id));
    return {
      result: null,
      before: { banned: target.banned, ban_reason: target.banReason },
      after: { banned: false },
    };
  });
  return { user: toRow(await mustFind(platform, id)) };
}

export async function signOutUser(platform: Platform, ctx: RequestContext, id: string) {
  const revoked = await audited(
    platform.db,
    ctx,
    { action: 'user.sessions.revoke', targetType: 'user', targetId: id },
    async (tx) => {
      if (!(await lockUser(tx, id))) throw new AppError('NOT_FOUND', { msg: 'User not found' });
      const count = await deleteUserSessions(tx, id);
      return { result: count, after: { sessions_revoked: count } };
    },
  );
  return { revoked };
}

/**
 * Mails the user a single-use link to set a new password. The token is better-auth's own
 * reset token, so `/api/auth/reset-password` accepts it. Without SMTP nothing is sent, and the
 * answer says so. (The token lives in the auth library's table, so this is recorded after, not
 * in one transaction with it.)
 */
export async function sendPasswordReset(platform: Platform, ctx: RequestContext, id: string) {
  const target = { action: 'user.password.reset_link', targetType: 'user', targetId: id };
  const user = await findUser(platform.db, id);
  if (!user) {
    await recordOperation(platform.db, ctx, target, { error: 'NOT_FOUND' });
    throw new AppError('NOT_FOUND', { msg: 'User not found' });
  }
  const token = randomBytes(24).toString('base64url');
  const authContext = await platform.auth.$context;
  await authContext.internalAdapter.createVerificationValue({
    identifier: `reset-password:${token}`,
    value: user.id,
    expiresAt: new Date(Date.now() + RESET_LINK_HOURS * 3600 * 1000),
  });
  const link = `${platform.config.publicUrl}/reset-password?token=${token}`;
  const outcome = await platform.mailer.send(
    {
      to: user.email,
      subject: 'Set a new password',
      text: `Hello ${user.name},\n\nAn administrator asked us to send you a link to set a new password:\n\n${link}\n\nThe link works once, within ${RESET_LINK_HOURS} hour.\n`,
    },
    { template: 'security.reset_link', userId: user.id, sensitive: true },
  );
  const answer = outcome.sent ? { sent: true, reason: null } : { sent: false, reason: outcome.reason };
  await recordOperation(platform.db, ctx, target, { after: { ...answer, to: user.email } });
  return answer;
}
