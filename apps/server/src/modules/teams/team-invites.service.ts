import { AppError } from '../../platform/app-error';
import type { SignedInContext } from '../../platform/endpoint';
import type { Platform } from '../../platform/platform';
import {
  acceptInvite,
  createInvite,
  inviteRole,
  previewInvite,
  revokeInvite,
} from '../invites/invites.service';
import { assertTeamCan, toTeamRole } from './team-policy';
import { findMembership, insertMember, isMemberByEmail, lockMembership, setCurrentTeam } from './teams.repo';
import { myTeam, requireTeam, TEAM_NOT_FOUND } from './teams.service';

/**
 * Owner or admin, decided on the locked membership so a role taken away a moment ago is honoured.
 * The invite itself (one link, replacing a pending one, mailed when SMTP is set up) is the shared
 * mechanism's (`invites/invites.service.ts`).
 */
export async function inviteToTeam(
  platform: Platform,
  ctx: SignedInContext,
  teamId: string,
  input: { email: string; role: 'admin' | 'member' },
) {
  return createInvite(
    platform,
    ctx,
    { kind: 'team', id: teamId },
    {
      ...input,
      check: async (tx) => {
        const me = await lockMembership(tx, teamId, ctx.user.id);
        if (!me) throw new AppError('NOT_FOUND', { msg: TEAM_NOT_FOUND });
        assertTeamCan(toTeamRole(me.role), 'members.invite');
        if (await isMemberByEmail(tx, teamId, input.email)) {
          throw new AppError('CONFLICT', {
            fields: { email: 'This person is already a member of the team' },
          });
        }
        return { kind: 'team', team: me.name };
      },
    },
  );
}

export async function revokeTeamInvite(
  platform: Platform,
  ctx: SignedInContext,
  { teamId, inviteId }: { teamId: string; inviteId: string },
) {
  const team = await requireTeam(platform.db, ctx, teamId);
  assertTeamCan(team.role, 'members.invite');
  return revokeInvite(platform, { kind: 'team', id: teamId }, inviteId);
}

/** What the link offers; `already_member` when the caller is in the team already. */
export async function previewTeamInvite(platform: Platform, ctx: SignedInContext, token: string) {
  const { shown } = await previewInvite(platform, ctx, 'team', {
    token,
    isMember: async (invite) => (await findMembership(platform.db, invite.teamId, ctx.user.id)) !== null,
  });
  return shown;
}

/** Joins the team with the invited role and makes it the current team. */
export async function acceptTeamInvite(platform: Platform, ctx: SignedInContext, token: string) {
  const user = ctx.user;
  const teamId = await acceptInvite(platform, ctx, 'team', {
    token,
    join: async (tx, invite) => {
      if (!(await insertMember(tx, invite.teamId, user.id, inviteRole(invite)))) {
        throw new AppError('CONFLICT', { msg: 'You are already a member of this team' });
      }
      await setCurrentTeam(tx, user.id, invite.teamId);
      return invite.teamId;
    },
  });
  return { team: await myTeam(platform.db, ctx, { teamId, currentId: teamId }) };
}
