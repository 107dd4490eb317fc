import { z } from 'zod';
import { zSeconds } from '../../common';
import { defineEndpoint } from '../../define-endpoint';
import {
  zInviteAnswer,
  zInviteBody,
  zInvitePreviewFields,
  zPendingInvite,
  zTokenBody,
} from '../teams/invite';
import { zProject, zProjectIdParams, zProjectRole } from './projects';

const tags = ['account: projects'];

export const zProjectMember = z.object({
  user_id: z.string(),
  username: z.string(),
  email: z.string(),
  avatar_url: z.string().nullable(),
  role: zProjectRole,
  /** In the project but not in its team. */
  guest: z.boolean(),
  joined_at: zSeconds,
  is_me: z.boolean(),
});
export type ProjectMember = z.infer<typeof zProjectMember>;

export const listProjectMembers = defineEndpoint({
  method: 'GET',
  path: '/api/account/projects/{id}/members',
  permission: 'signed_in',
  summary: 'Members and pending invites of a project (anyone who can open it)',
  tags,
  params: zProjectIdParams,
  response: z.object({ members: z.array(zProjectMember), invites: z.array(zPendingInvite) }),
});

export const inviteProjectMember = defineEndpoint({
  method: 'POST',
  path: '/api/account/projects/{id}/invites',
  permission: 'signed_in',
  summary: 'Invite by e-mail to the project only (team owner or admin, or project admin)',
  tags,
  params: zProjectIdParams,
  body: zInviteBody,
  response: zInviteAnswer,
});

export const revokeProjectInvite = defineEndpoint({
  method: 'DELETE',
  path: '/api/account/projects/{id}/invites/{invite_id}',
  permission: 'signed_in',
  summary: 'Revoke a pending project invite',
  tags,
  params: zProjectIdParams.extend({ invite_id: z.string().min(1).max(64) }),
  response: z.object({ revoked: z.literal(true) }),
});

export const removeProjectMember = defineEndpoint({
  method: 'DELETE',
  path: '/api/account/projects/{id}/members/{user_id}',
  permission: 'signed_in',
  summary: 'Remove a member (team owner or admin, or project admin); anyone may remove themself',
  tags,
  params: zProjectIdParams.extend({ user_id: z.string().min(1).max(64) }),
  response: z.object({ removed: z.literal(true) }),
});

/** POST, not GET: the token stays out of URLs and access logs. */
export const previewProjectInvite = defineEndpoint({
  method: 'POST',
  path: '/api/account/project-invites/preview',
  permission: 'signed_in',
  summary: 'What a project invite link offers and whether it can still be accepted',
  tags,
  body: zTokenBody,
  response: z.object({ project_name: z.string(), team_name: z.string(), ...zInvitePreviewFields }),
});

export const acceptProjectInvite = defineEndpoint({
  method: 'POST',
  path: '/api/account/project-invites/accept',
  permission: 'signed_in',
  summary: "Join the project (not its team); the invited e-mail must be the caller's, verified",
  tags,
  body: zTokenBody,
  response: z.object({ project: zProject }),
});
