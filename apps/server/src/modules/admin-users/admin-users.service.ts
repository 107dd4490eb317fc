import type { AdminUserRow } from '@app/contract/admin/users/user-row';
import type { ListQuery } from '@app/contract/list';
import { SUPER_ADMIN_ROLE } from '@app/contract/permission-codes';
import { AppError } from '../../platform/app-error';
import { type AuditedChange, audited, recordOperation } from '../../platform/audit';
import type { Tx } from '../../platform/db';
import type { SignedInContext } from '../../platform/endpoint';
import { toListPage, toSeconds } from '../../platform/list-query';
import { unsentMessage } from '../../platform/mail';
import type { Platform } from '../../platform/platform';
import { bumpVersion } from '../../platform/versions';
import { toOperationRecord } from '../audit/operation-record-row';
import { mailResetLink } from '../auth/password-reset.service';
import {
  countOtherActiveSuperAdmins,
  deleteUserSessions,
  findUser,
  listUsers,
  lockUser,
  roleExists,
  setBan,
  setRole,
  type UserRecord,
  userOperations,
  userSessions,
  userTeams,
} from './admin-users.repo';

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

export async function listAdminUsers(platform: Platform, query: ListQuery) {
  return toListPage(query, await listUsers(platform.db, query), toRow);
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

/** What an admin may do to a user from the users pages; each passes `actOnUser`. */
export type UserAction = 'role' | 'ban' | 'unban' | 'sign_out' | 'reset_password';

const AUDIT_ACTIONS: Record<UserAction, string> = {
  role: 'user.role.update',
  ban: 'user.ban',
  unban: 'user.unban',
  sign_out: 'user.sessions.revoke',
  reset_password: 'user.password.reset_link',
};

type LockedUser = NonNullable<Awaited<ReturnType<typeof lockUser>>>;

/**
 * The one rule every admin action on a user passes, before the action itself: a super admin is
 * acted on only by a super admin, whatever the action (role, ban, sign-out, a reset link), and
 * nobody bans themselves.
 */
function assertMayActOn(ctx: SignedInContext, target: LockedUser, action: UserAction): void {
  if (target.role === SUPER_ADMIN_ROLE && ctx.user.role !== SUPER_ADMIN_ROLE) {
    throw new AppError('FORBIDDEN', { msg: 'Only a super admin may act on a super admin' });
  }
  if (action === 'ban' && target.id === ctx.user.id) {
    throw new AppError('CONFLICT', { msg: 'You cannot ban yourself' });
  }
}

/** The last super admin who can still sign in is never demoted or banned. */
async function assertNotLastSuperAdmin(tx: Tx, target: LockedUser): Promise<void> {
  if (target.role === SUPER_ADMIN_ROLE && (await countOtherActiveSuperAdmins(tx, target.id)) === 0) {
    throw new AppError('CONFLICT', { msg: 'The last super admin cannot be removed or demoted' });
  }
}

const auditTarget = (id: string, action: UserAction) => ({
  action: AUDIT_ACTIONS[action],
  targetType: 'user',
  targetId: id,
});

/**
 * The rule alone, for an action whose effect is not ours to put in a transaction (a token the
 * auth library keeps, a mail): the caller acts once this returns and records the outcome itself.
 */
async function allowActionOn(
  platform: Platform,
  ctx: SignedInContext,
  id: string,
  action: UserAction,
): Promise<LockedUser> {
  try {
    return await platform.db.transaction(async (tx) => {
      const target = await lockUser(tx, id);
      if (!target) throw new AppError('NOT_FOUND', { msg: 'User not found' });
      assertMayActOn(ctx, target, action);
      return target;
    });
  } catch (error) {
    const code = error instanceof AppError ? `${error.code}: ${error.message}` : 'SERVER_ERROR';
    await recordOperation(platform.db, ctx, auditTarget(id, action), { error: code });
    throw error;
  }
}

/**
 * Runs one admin action on a user: the target is locked, the rule above applied, then the change
 * and its operation record are written in one transaction (a refusal is recorded too).
 */
function actOnUser<T>(
  platform: Platform,
  ctx: SignedInContext,
  id: string,
  action: UserAction,
  change: (tx: Tx, target: LockedUser) => Promise<AuditedChange<T>>,
): Promise<T> {
  return audited(platform.db, ctx, auditTarget(id, action), async (tx) => {
    const target = await lockUser(tx, id);
    if (!target) throw new AppError('NOT_FOUND', { msg: 'User not found' });
    assertMayActOn(ctx, target, action);
    return change(tx, target);
  });
}

export async function setUserRole(platform: Platform, ctx: SignedInContext, id: string, role: string) {
  await actOnUser(platform, ctx, id, 'role', async (tx, target) => {
    if (!(await roleExists(tx, role)))
      throw new AppError('VALIDATION_ERROR', { fields: { role: 'No such role' } });
    if (target.role === role) return { result: null, before: { role }, after: { role } };
    // Granting super admin is a super admin's act too.
    if (role === SUPER_ADMIN_ROLE && ctx.user.role !== SUPER_ADMIN_ROLE) {
      throw new AppError('FORBIDDEN', { msg: 'Only a super admin may act on a super admin' });
    }
    await assertNotLastSuperAdmin(tx, target);
    await setRole(tx, id, role);
    // The user's cached permission results are stale now; every instance hears of it.
    await bumpVersion(tx, 'permission');
    return { result: null, before: { role: target.role }, after: { role } };
  });
  return { user: toRow(await mustFind(platform, id)) };
}

export async function banUser(platform: Platform, ctx: SignedInContext, id: string, reason: string) {
  await actOnUser(platform, ctx, id, 'ban', async (tx, target) => {
    await assertNotLastSuperAdmin(tx, target);
    await setBan(tx, id, { reason });
    const revoked = await deleteUserSessions(tx, id);
    return {
      result: null,
      before: { banned: target.banned, ban_reason: target.banReason },
      after: { banned: true, ban_reason: reason, sessions_revoked: revoked },
    };
  });
  return { user: toRow(await mustFind(platform, id)) };
}

export async function unbanUser(platform: Platform, ctx: SignedInContext, id: string) {
  await actOnUser(platform, ctx, id, 'unban', async (tx, target) => {
    await setBan(tx, id, null);
    return {
      result: null,
      before: { banned: target.banned, ban_reason: target.banReason },
      after: { banned: false },
    };
  });
  return { user: toRow(await mustFind(platform, id)) };
}

export async function signOutUser(platform: Platform, ctx: SignedInContext, id: string) {
  const revoked = await actOnUser(platform, ctx, id, 'sign_out', async (tx) => {
    const count = await deleteUserSessions(tx, id);
    return { result: count, after: { sessions_revoked: count } };
  });
  return { revoked };
}

/**
 * Mails the user a single-use link to set a new password. The token is better-auth's own
 * reset token, so `/api/auth/reset-password` accepts it. Without SMTP nothing is sent, and the
 * answer says so. (The token lives in the auth library's table, so this is recorded after, not
 * in one transaction with it.)
 */
export async function sendPasswordReset(platform: Platform, ctx: SignedInContext, id: string) {
  const user = await allowActionOn(platform, ctx, id, 'reset_password');
  const outcome = await mailResetLink(platform, user.id, {
    fallback: ctx.locale,
    why: 'An administrator asked us to send you a link to set a new password.',
  });
  if (!outcome)
    throw new AppError('CONFLICT', { msg: 'This account has no e-mail address to send a link to' });
  // Without mail set up, the admin is told so in their words (the SMTP error itself otherwise).
  const answer = outcome.sent
    ? { sent: true, reason: null }
    : {
        sent: false,
        reason: platform.mailer.configured ? outcome.reason : ctx.t(unsentMessage(platform.mailer)),
      };
  await recordOperation(platform.db, ctx, auditTarget(id, 'reset_password'), {
    after: { ...answer, to: user.email },
  });
  return answer;
}
