import { AppError } from '../../platform/app-error';
import type { SignedInContext } from '../../platform/endpoint';
import { toSeconds } from '../../platform/list-query';
import type { Platform } from '../../platform/platform';
import {
  acceptInvite,
  createInvite,
  inviteRole,
  listPendingInvites,
  previewInvite,
  revokeInvite,
} from '../invites/invites.service';
import { setCurrentTeam } from '../teams/teams.service';
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

export async function listMembersOfProject(platform: Platform, ctx: SignedInContext, projectId: string) {
  const me = ctx.user;
  const { row, access } = await requireProject(platform.db, scopeOf(ctx), projectId);
  assertProjectCan(access, 'view');
  const [members, invites] = await Promise.all([
    listProjectMembers(platform.db, row),
    listPendingInvites(platform, { kind: 'project', id: projectId }),
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
    invites,
  };
}

/**
 * To the project only: accepting does not make anyone a member of the team (see
 * docs/decisions.md). A new invite to an address replaces a pending one.
 */
export async function inviteToProject(
  platform: Platform,
  ctx: SignedInContext,
  projectId: string,
  input: { email: string; role: 'admin' | 'member' },
) {
  const { row, access } = await requireProject(platform.db, scopeOf(ctx), projectId);
  assertProjectCan(access, 'manage');
  return createInvite(
    platform,
    ctx,
    { kind: 'project', id: projectId },
    {
      ...input,
      check: async (tx) => {
        if (await isProjectMemberByEmail(tx, projectId, input.email)) {
          throw new AppError('CONFLICT', {
            fields: { email: 'This person is already a member of the project' },
          });
        }
        return { kind: 'project', project: row.name, team: row.teamName };
      },
    },
  );
}

export async function revokeProjectInvite(
  platform: Platform,
  ctx: SignedInContext,
  { projectId, inviteId }: { projectId: string; inviteId: string },
) {
  const { access } = await requireProject(platform.db, scopeOf(ctx), projectId);
  assertProjectCan(access, 'manage');
  return revokeInvite(platform, { kind: 'project', id: projectId }, inviteId);
}

/** Managers remove anyone; every member may remove themself (leave the project). */
export async function removeMemberOfProject(
  platform: Platform,
  ctx: SignedInContext,
  { projectId, userId }: { projectId: string; userId: string },
) {
  const me = ctx.user;
  const { access } = await requireProject(platform.db, scopeOf(ctx), projectId);
  if (userId !== me.id) assertProjectCan(access, 'manage');
  if (!(await isProjectMember(platform.db, projectId, userId))) {
    throw new AppError('NOT_FOUND', { msg: 'Member not found' });
  }
  await deleteProjectMember(platform.db, projectId, userId);
  return { removed: true as const };
}

/** What the link offers: the project and its team; `already_member` when the caller is in the project. */
export async function previewProjectInvite(platform: Platform, ctx: SignedInContext, token: string) {
  const { invite, shown } = await previewInvite(platform, ctx, 'project', {
    token,
    isMember: (found) => isProjectMember(platform.db, found.scopeId, ctx.user.id),
  });
  return { project_name: invite.projectName, ...shown };
}

/**
 * Joins the project with the invited role. Someone already in the project's team also switches to
 * that team, where the project is listed; a guest reaches it from any team.
 */
export async function acceptProjectInvite(platform: Platform, ctx: SignedInContext, token: string) {
  const user = ctx.user;
  const joined = await acceptInvite(platform, ctx, 'project', {
    token,
    join: async (tx, invite) => {
      if (!(await insertProjectMember(tx, invite.scopeId, user.id, inviteRole(invite)))) {
        throw new AppError('CONFLICT', { msg: 'You are already a member of this project' });
      }
      const inTeam = await isTeamMember(tx, invite.teamId, user.id);
      if (inTeam) await setCurrentTeam(tx, user.id, invite.teamId);
      return { projectId: invite.scopeId, currentTeamId: inTeam ? invite.teamId : ctx.team.id };
    },
  });
  const { row } = await requireProject(platform.db, scopeOf(ctx, joined.currentTeamId), joined.projectId);
  return { project: toProject(row) };
}
