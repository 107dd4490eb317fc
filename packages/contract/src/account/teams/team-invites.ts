import { z } from 'zod';
import { defineEndpoint } from '../../define-endpoint';
import { zInviteAnswer, zInviteBody, zInvitePreviewFields, zTokenBody } from './invite';
import { zMyTeam, zTeamIdParams } from './teams';

const tags = ['account: teams'];

export const inviteTeamMember = defineEndpoint({
  method: 'POST',
  path: '/api/account/teams/{id}/invites',
  permission: 'signed_in',
  summary:
    'Invite by e-mail as admin or member (owner or admin); a new invite replaces a pending one to the same address',
  tags,
  params: zTeamIdParams,
  body: zInviteBody,
  response: zInviteAnswer,
});

export const revokeTeamInvite = defineEndpoint({
  method: 'DELETE',
  path: '/api/account/teams/{id}/invites/{invite_id}',
  permission: 'signed_in',
  summary: 'Revoke a pending invite (owner or admin)',
  tags,
  params: zTeamIdParams.extend({ invite_id: z.string().min(1).max(64) }),
  response: z.object({ revoked: z.literal(true) }),
});

/** POST, not GET: the token stays out of URLs and access logs. */
export const previewTeamInvite = defineEndpoint({
  method: 'POST',
  path: '/api/account/team-invites/preview',
  permission: 'signed_in',
  summary: 'What an invite link offers and whether it can still be accepted',
  tags,
  body: zTokenBody,
  response: z.object({ team_name: z.string(), ...zInvitePreviewFields }),
});

export const acceptTeamInvite = defineEndpoint({
  method: 'POST',
  path: '/api/account/team-invites/accept',
  permission: 'signed_in',
  summary: "Join the team (the invited e-mail must be the caller's, verified); it becomes the current team",
  tags,
  body: zTokenBody,
  response: z.object({ team: zMyTeam }),
});
