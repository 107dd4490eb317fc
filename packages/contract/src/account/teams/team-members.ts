import { z } from 'zod';
import { zSeconds } from '../../common';
import { defineEndpoint } from '../../define-endpoint';
import { zInviteRole, zPendingInvite } from './invite';
import { zMyTeam, zTeamIdParams, zTeamRole } from './teams';

const tags = ['account: teams'];

export const zTeamMember = z.object({
  user_id: z.string(),
  username: z.string(),
  email: z.string(),
  avatar_url: z.string().nullable(),
  role: zTeamRole,
  joined_at: zSeconds,
  is_me: z.boolean(),
});
export type TeamMember = z.infer<typeof zTeamMember>;

const zMemberParams = zTeamIdParams.extend({ user_id: z.string().min(1).max(64) });

export const listTeamMembers = defineEndpoint({
  method: 'GET',
  path: '/api/account/teams/{id}/members',
  permission: 'signed_in',
  summary: 'Members and pending invites of a team (any member)',
  tags,
  params: zTeamIdParams,
  response: z.object({ my_role: zTeamRole, members: z.array(zTeamMember), invites: z.array(zPendingInvite) }),
});

export const changeTeamMemberRole = defineEndpoint({
  method: 'PUT',
  path: '/api/account/teams/{id}/members/{user_id}/role',
  permission: 'signed_in',
  summary: "Make a member admin or member (owner only; the owner's role moves only by transfer)",
  tags,
  params: zMemberParams,
  body: z.object({ role: zInviteRole }),
  response: z.object({ member: zTeamMember }),
});

export const removeTeamMember = defineEndpoint({
  method: 'DELETE',
  path: '/api/account/teams/{id}/members/{user_id}',
  permission: 'signed_in',
  summary: 'Remove a member (owner: anyone but themself; admin: plain members only)',
  tags,
  params: zMemberParams,
  response: z.object({ removed: z.literal(true) }),
});

export const leaveTeam = defineEndpoint({
  method: 'POST',
  path: '/api/account/teams/{id}/leave',
  permission: 'signed_in',
  summary: 'Leave a team (the owner transfers ownership first)',
  tags,
  params: zTeamIdParams,
  response: z.object({ left: z.literal(true) }),
});

export const transferTeamOwnership = defineEndpoint({
  method: 'POST',
  path: '/api/account/teams/{id}/transfer',
  permission: 'signed_in',
  summary: 'Hand the team to another member (owner only); the old owner stays as admin',
  tags,
  params: zTeamIdParams,
  body: z.object({ user_id: z.string().trim().min(1, { message: 'Choose a member' }).max(64) }),
  response: z.object({ team: zMyTeam }),
});
