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
} from './invite-token';
import {
  findInvite,
  findInviteByHash,
  insertInvite,
  markAccepted,
  revokeInviteRow,
  revokePendingTo,
} from './team-invites.repo';
import { toPendingInvite } from './team-members.service';
import { assertTeamCan, toTeamRole } from './team-policy';
import { findMembership, insertMember, isMemberByEmail, lockMembership, setCurrentTeam } from './teams.repo';
import { myTeam, requireTeam, requireUser, TEAM_NOT_FOUND } from './teams.service';

const INVITE_ROW_NOT_FOUND = 'Invite not found';

/**
 * Owner or admin. A new invite to an address replaces any pending one (only the newest link
 * works), since a lost link cannot be shown again. The link goes to the inviter in the answer and
 * to the invitee by mail when SMTP is set up.
 */
export async function inviteToTeam(
  platform: Platform,
  ctx: RequestContext,
  teamId: string,
  input: { email: string; role: 'admin' | 'member' },
) {
  const user = requireUser(ctx);
  const { token, hash, expiresAt } = newInviteToken();
  const { inviteId, teamName } = await platform.db.transaction(async (tx) => {
    // Decided on the locked membership, so a role taken away a moment ago is honoured.
    const me = await lockMembership(tx, teamId, user.id);
    if (!me) throw new AppError('NOT_FOUND', { msg: TEAM_NOT_FOUND });
    assertTeamCan(toTeamRole(me.role), 'members.invite');
    if (await isMemberByEmail(tx, teamId, input.email)) {
      throw new AppError('CONFLICT', { fields: { email: 'This person is already a member of the team' } });
    }
    await revokePendingTo(tx, teamId, input.email);
    const id = await insertInvite(tx, {
      teamId,
      email: input.email,
      role: input.role,
      tokenHash: hash,
      invitedBy: user.id,
      expiresAt,
    });
    return { inviteId: id, teamName: me.name };
  });
  const link = `${platform.config.publicUrl}/teams/accept-invite?token=${token}`;
  const mail = await mailInvite(platform, ctx.locale, {
    to: input.email,
    inviterName: user.name,
    target: { kind: 'team', team: teamName },
    role: input.role,
    link,
  });
  const invite = await findInvite(platform.db, teamId, inviteId);
  if (!invite) throw new AppError('NOT_FOUND', { msg: INVITE_ROW_NOT_FOUND });
  return { invite: toPendingInvite(invite), link, ...mail };
}

export async function revokeTeamInvite(
  platform: Platform,
  ctx: RequestContext,
  teamId: string,
  inviteId: string,
) {
  const team = await requireTeam(platform.db, ctx, teamId);
  assertTeamCan(team.role, 'members.invite');
  const invite = await findInvite(platform.db, teamId, inviteId);
  if (!invite) throw new AppError('NOT_FOUND', { msg: INVITE_ROW_NOT_FOUND });
  if (invite.acceptedAt) throw new AppError('CONFLICT', { msg: 'This invite has already been used' });
  await revokeInviteRow(platform.db, teamId, inviteId);
  return { revoked: true as const };
}

/** Whoever holds the link may see what it offers; accepting is what checks the e-mail. */
export async function previewTeamInvite(platform: Platform, ctx: RequestContext, token: string) {
  const user = requireUser(ctx);
  const invite = await findInviteByHash(platform.db, hashInviteToken(token));
  if (!invite) throw new AppError('NOT_FOUND', { msg: INVITE_NOT_FOUND });
  const membership = await findMembership(platform.db, invite.teamId, user.id);
  return {
    team_name: invite.teamName,
    inviter_name: invite.invitedByName,
    email: invite.email,
    role: invite.role === 'admin' ? ('admin' as const) : ('member' as const),
    state: inviteState(invite),
    expires_at: toSeconds(invite.expiresAt),
    email_matches: sameEmail(invite.email, user.email),
    already_member: membership !== null,
  };
}

/**
 * Joins the team with the invited role and makes it the current team. The invite row is locked,
 * so two clicks (or two tabs) use it once.
 */
export async function acceptTeamInvite(platform: Platform, ctx: RequestContext, token: string) {
  const user = requireUser(ctx);
  const teamId = await platform.db.transaction(async (tx) => {
    const invite = await findInviteByHash(tx, hashInviteToken(token), 'lock');
    if (!invite) throw new AppError('NOT_FOUND', { msg: INVITE_NOT_FOUND });
    assertAcceptable(invite, user.email);
    const joined = await insertMember(
      tx,
      invite.teamId,
      user.id,
      invite.role === 'admin' ? 'admin' : 'member',
    );
    if (!joined) throw new AppError('CONFLICT', { msg: 'You are already a member of this team' });
    await markAccepted(tx, invite.id, user.id);
    await setCurrentTeam(tx, user.id, invite.teamId);
    return invite.teamId;
  });
  return { team: await myTeam(platform.db, ctx, teamId, teamId) };
}
