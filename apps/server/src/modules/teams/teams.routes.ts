import {
  acceptTeamInvite,
  inviteTeamMember,
  previewTeamInvite,
  revokeTeamInvite,
} from '@app/contract/account/teams/team-invites';
import {
  changeTeamMemberRole,
  leaveTeam,
  listTeamMembers,
  removeTeamMember,
  transferTeamOwnership,
} from '@app/contract/account/teams/team-members';
import {
  createTeam,
  deleteTeam,
  listMyTeams,
  renameTeam,
  switchCurrentTeam,
} from '@app/contract/account/teams/teams';
import { routesFor } from '../../platform/endpoint';
import type { ServerModule } from '../../platform/platform';
import * as invites from './team-invites.service';
import * as members from './team-members.service';
import * as teams from './teams.service';

/** Invites send mail; a generous per-address cap keeps the endpoint from being a spam relay. */
const inviteRateLimit = { rateLimit: { max: 60 } };

export const teamsModule: ServerModule = {
  name: 'teams',
  register(app, platform) {
    const route = routesFor(app, platform.registry);
    route(listMyTeams, ({ ctx }) => teams.listMyTeams(platform, ctx));
    route(createTeam, ({ ctx, body }) => teams.createTeam(platform, ctx, body.name));
    route(switchCurrentTeam, ({ ctx, body }) => teams.switchCurrentTeam(platform, ctx, body.team_id));
    route(renameTeam, ({ ctx, params, body }) => teams.renameTeam(platform, ctx, params.id, body.name));
    route(deleteTeam, ({ ctx, params }) => teams.deleteTeam(platform, ctx, params.id));

    route(listTeamMembers, ({ ctx, params }) => members.listTeamMembers(platform, ctx, params.id));
    route(changeTeamMemberRole, ({ ctx, params, body }) =>
      members.changeMemberRole(platform, ctx, { teamId: params.id, userId: params.user_id, role: body.role }),
    );
    route(removeTeamMember, ({ ctx, params }) =>
      members.removeMember(platform, ctx, { teamId: params.id, userId: params.user_id }),
    );
    route(leaveTeam, ({ ctx, params }) => members.leaveTeam(platform, ctx, params.id));
    route(transferTeamOwnership, ({ ctx, params, body }) =>
      members.transferOwnership(platform, ctx, { teamId: params.id, userId: body.user_id }),
    );

    route(
      inviteTeamMember,
      ({ ctx, params, body }) => invites.inviteToTeam(platform, ctx, params.id, body),
      inviteRateLimit,
    );
    route(revokeTeamInvite, ({ ctx, params }) =>
      invites.revokeTeamInvite(platform, ctx, { teamId: params.id, inviteId: params.invite_id }),
    );
    route(previewTeamInvite, ({ ctx, body }) => invites.previewTeamInvite(platform, ctx, body.token));
    route(acceptTeamInvite, ({ ctx, body }) => invites.acceptTeamInvite(platform, ctx, body.token));
  },
};
