import type { TeamMember } from '@app/contract/account/teams/team-members';
import { AppError } from '../../platform/app-error';
import type { Tx } from '../../platform/db';
import type { SignedInContext } from '../../platform/endpoint';
import { toSeconds } from '../../platform/list-query';
import type { Platform } from '../../platform/platform';
import { listPendingInvites } from '../invites/invites.service';
import { assertMayRemoveMember, assertTeamCan, toTeamRole } from './team-policy';
import {
  deleteMember,
  findMember,
  listMembers,
  lockMembership,
  type MemberRecord,
  setMemberRole,
  setTeamOwner,
} from './teams.repo';
import { myTeam, requireTeam, TEAM_NOT_FOUND } from './teams.service';

const MEMBER_NOT_FOUND = 'Member not found';

function toMember(row: MemberRecord, meId: string): TeamMember {
  return {
    user_id: row.userId,
    username: row.name,
    email: row.email,
    avatar_url: row.image,
    role: toTeamRole(row.role),
    joined_at: toSeconds(row.joinedAt),
    is_me: row.userId === meId,
  };
}

export async function listTeamMembers(platform: Platform, ctx: SignedInContext, teamId: string) {
  const team = await requireTeam(platform.db, ctx, teamId);
  assertTeamCan(team.role, 'members.view');
  const meId = ctx.user.id;
  const [members, invites] = await Promise.all([
    listMembers(platform.db, teamId),
    listPendingInvites(platform, { kind: 'team', id: teamId }),
  ]);
  return {
    my_role: team.role,
    members: members.map((row) => toMember(row, meId)),
    invites,
  };
}

/** A member of a team, named by both ids so the two cannot be swapped silently. */
export interface MemberRef {
  teamId: string;
  userId: string;
}

/** The caller's role and the target's, read with the team locked so concurrent changes queue. */
async function lockPair(tx: Tx, ctx: SignedInContext, { teamId, userId }: MemberRef) {
  const me = await lockMembership(tx, teamId, ctx.user.id);
  if (!me) throw new AppError('NOT_FOUND', { msg: TEAM_NOT_FOUND });
  const target = await findMember(tx, teamId, userId);
  return { me: { ...me, role: toTeamRole(me.role) }, target };
}

/** Owner only; the owner's own role moves only by transferring the team. */
export async function changeMemberRole(
  platform: Platform,
  ctx: SignedInContext,
  { teamId, userId, role }: MemberRef & { role: 'admin' | 'member' },
) {
  await platform.db.transaction(async (tx) => {
    const { me, target } = await lockPair(tx, ctx, { teamId, userId });
    assertTeamCan(me.role, 'members.change_role');
    if (!target) throw new AppError('NOT_FOUND', { msg: MEMBER_NOT_FOUND });
    if (target.role === 'owner') {
      throw new AppError('CONFLICT', { msg: "The owner's role changes only by transferring the team" });
    }
    await setMemberRole(tx, teamId, userId, role);
  });
  const member = await findMember(platform.db, teamId, userId);
  if (!member) throw new AppError('NOT_FOUND', { msg: MEMBER_NOT_FOUND });
  return { member: toMember(member, ctx.user.id) };
}

export async function removeMember(platform: Platform, ctx: SignedInContext, { teamId, userId }: MemberRef) {
  await platform.db.transaction(async (tx) => {
    const { me, target } = await lockPair(tx, ctx, { teamId, userId });
    assertTeamCan(me.role, 'members.remove');
    if (!target) throw new AppError('NOT_FOUND', { msg: MEMBER_NOT_FOUND });
    assertMayRemoveMember(me.role, toTeamRole(target.role));
    await deleteMember(tx, teamId, userId);
  });
  return { removed: true as const };
}

/** Anyone but the owner, who hands the team over first. Their current team falls back. */
export async function leaveTeam(platform: Platform, ctx: SignedInContext, teamId: string) {
  const user = ctx.user;
  await platform.db.transaction(async (tx) => {
    const me = await lockMembership(tx, teamId, user.id);
    if (!me) throw new AppError('NOT_FOUND', { msg: TEAM_NOT_FOUND });
    if (me.role === 'owner') {
      throw new AppError('CONFLICT', {
        msg: 'The owner cannot leave; transfer the team to another member first',
      });
    }
    await deleteMember(tx, teamId, user.id);
  });
  return { left: true as const };
}

/**
 * Owner only, to another member. The team always has exactly one owner: the new one is promoted,
 * the old one becomes admin, and `teams.owner_id` follows, in one transaction.
 */
export async function transferOwnership(
  platform: Platform,
  ctx: SignedInContext,
  { teamId, userId }: MemberRef,
) {
  const user = ctx.user;
  await platform.db.transaction(async (tx) => {
    const { me, target } = await lockPair(tx, ctx, { teamId, userId });
    assertTeamCan(me.role, 'team.transfer');
    if (me.personal) throw new AppError('CONFLICT', { msg: 'The personal team cannot be transferred' });
    if (!target) throw new AppError('NOT_FOUND', { msg: MEMBER_NOT_FOUND });
    if (target.userId === user.id) throw new AppError('CONFLICT', { msg: 'You already own this team' });
    await setMemberRole(tx, teamId, userId, 'owner');
    await setMemberRole(tx, teamId, user.id, 'admin');
    await setTeamOwner(tx, teamId, userId);
  });
  return { team: await myTeam(platform.db, ctx, { teamId }) };
}
