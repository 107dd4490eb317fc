import type { PendingInvite } from '@app/contract/account/teams/invite';
import { AppError } from '../../platform/app-error';
import { toSeconds } from '../../platform/list-query';
import type { Platform } from '../../platform/platform';
import type { RequestContext } from '../../platform/request-context';
import {
  assertAcceptable,
  hashInviteToken,
  INVITE_NOT_FOUND,
  inviteState,
  mailInvite,
  newInviteToken,
  sameEmail,
} from '../teams/invite-token';
import { setCurrentTeam } from '../teams/teams.repo';
import { requireUser } from '../teams/teams.service';
import {
  findProjectInvite,
  findProjectInviteByHash,
  insertProjectInvite,
  markProjectInviteAccepted,
  pendingProjectInvites,
  revokePendingProjectInvitesTo,
  revokeProjectInviteRow,
} from './project-invites.repo';
import { assertProjectCan } from './project-policy';
import {
  deleteProjectMember,
  insertProjectMember,
  isProjectMember,
  isProjectMemberByEmail,
  isTeamMember,
  listProjectMembers,
} from './projects.repo';
import { requireProject, scopeOf, toProject } from './projects.service';

type InviteRow = NonNullable<Awaited<ReturnType<typeof findProjectInvite>>>;

function toPendingInvite(row: InviteRow): PendingInvite {
  return {
    id: row.id,
    email: row.email,
    role: row.role === 'admin' ? 'admin' : 'member',
    invited_by_name: row.invitedByName,
    state: inviteState(row),
    created_at: toSeconds(row.createdAt),
    expires_at: toSeconds(row.expiresAt),
  };
}

export async function listMembersOfProject(platform: Platform, ctx: RequestContext, projectId: string) {
  const me = requireUser(ctx);
  const { row, access } = await requireProject(platform.db, scopeOf(ctx), projectId);
  assertProjectCan(access, 'view');
  const [members, invites] = await Promise.all([
    listProjectMembers(platform.db, row),
    pendingProjectInvites(platform.db, projectId),
  ]);
  return {
    members: members.map((member) => ({
      user_id: member.userId,
      username: member.name,
      email: member.email,
      avatar_url: member.image,
      role: member.role === 'admin' ? ('admin' as const) : ('member' as const),
      guest: !member.inTeam,
      joined_at: toSeconds(member.joinedAt),
      is_me: member.userId === me.id,
    })),
    invites: invites.map(toPendingInvite),
  };
}

/**
 * To the project only: accepting does not make anyone a member of the team (see
 * docs/decisions.md). A new invite to an address replaces a pending one.
 */
export async function inviteToProject(
  platform: Platform,
  ctx: RequestContext,
  projectId: string,
  input: { email: string; role: 'admin' | 'member' },
) {
  const user = requireUser(ctx);
  const { row, access } = await requireProject(platform.db, scopeOf(ctx), projectId);
  assertProjectCan(access, 'manage');
  const { token, hash, expiresAt } = newInviteToken();
  const inviteId = await platform.db.transaction(async (tx) => {
    if (await isProjectMemberByEmail(tx, projectId, input.email)) {
      throw new AppError('CONFLICT', { fields: { email: 'This person is already a member of the project' } });
    }
    await revokePendingProjectInvitesTo(tx, projectId, input.email);
    return insertProjectInvite(tx, {
      projectId,
      email: input.email,
      role: input.role,
      tokenHash: hash,
      invitedBy: user.id,
      expiresAt,
    });
  });
  const link = `${platform.config.publicUrl}/projects/accept-invite?token=${token}`;
  const mail = await mailInvite(platform, ctx.locale, {
    to: input.email,
    inviterName: user.name,
    target: { kind: 'project', project: row.name, team: row.teamName },
    role: input.role,
    link,
  });
  const invite = await findProjectInvite(platform.db, projectId, inviteId);
  if (!invite) throw new AppError('NOT_FOUND', { msg: 'Invite not found' });
  return { invite: toPendingInvite(invite), link, ...mail };
}

export async function revokeProjectInvite(
  platform: Platform,
  ctx: RequestContext,
  projectId: string,
  inviteId: string,
) {
  const { access } = await requireProject(platform.db, scopeOf(ctx), projectId);
  assertProjectCan(access, 'manage');
  const invite = await findProjectInvite(platform.db, projectId, inviteId);
  if (!invite) throw new AppError('NOT_FOUND', { msg: 'Invite not found' });
  if (invite.acceptedAt) throw new AppError('CONFLICT', { msg: 'This invite has already been used' });
  await revokeProjectInviteRow(platform.db, projectId, inviteId);
  return { revoked: true as const };
}

/** Managers remove anyone; every member may remove themself (leave the project). */
export async function removeMemberOfProject(
  platform: Platform,
  ctx: RequestContext,
  projectId: string,
  userId: string,
) {
  const me = requireUser(ctx);
  const { access } = await requireProject(platform.db, scopeOf(ctx), projectId);
  if (userId !== me.id) assertProjectCan(access, 'manage');
  if (!(await isProjectMember(platform.db, projectId, userId))) {
    throw new AppError('NOT_FOUND', { msg: 'Member not found' });
  }
  await deleteProjectMember(platform.db, projectId, userId);
  return { removed: true as const };
}

export async function previewProjectInvite(platform: Platform, ctx: RequestContext, token: string) {
  const user = requireUser(ctx);
  const invite = await findProjectInviteByHash(platform.db, hashInviteToken(token));
  if (!invite) throw new AppError('NOT_FOUND', { msg: INVITE_NOT_FOUND });
  return {
    project_name: invite.projectName,
    team_name: invite.teamName,
    inviter_name: invite.invitedByName,
    email: invite.email,
    role: invite.role === 'admin' ? ('admin' as const) : ('member' as const),
    state: inviteState(invite),
    expires_at: toSeconds(invite.expiresAt),
    email_matches: sameEmail(invite.email, user.email),
    already_member: await isProjectMember(platform.db, invite.projectId, user.id),
  };
}

/**
 * Joins the project with the invited role. Someone already in the project's team also switches
 * to that team, where the project is listed; a guest reaches it from any team.
 */
export async function acceptProjectInvite(platform: Platform, ctx: RequestContext, token: string) {
  const user = requireUser(ctx);
  const joined = await platform.db.transaction(async (tx) => {
    const invite = await findProjectInviteByHash(tx, hashInviteToken(token), 'lock');
    if (!invite) throw new AppError('NOT_FOUND', { msg: INVITE_NOT_FOUND });
    assertAcceptable(invite, user.email);
    const role = invite.role === 'admin' ? 'admin' : 'member';
    if (!(await insertProjectMember(tx, invite.projectId, user.id, role))) {
      throw new AppError('CONFLICT', { msg: 'You are already a member of this project' });
    }
    await markProjectInviteAccepted(tx, invite.id, user.id);
    const inTeam = await isTeamMember(tx, invite.teamId, user.id);
    if (inTeam) await setCurrentTeam(tx, user.id, invite.teamId);
    return { projectId: invite.projectId, currentTeamId: inTeam ? invite.teamId : (ctx.team?.id ?? null) };
  });
  const { row } = await requireProject(platform.db, scopeOf(ctx, joined.currentTeamId), joined.projectId);
  return { project: toProject(row) };
}
