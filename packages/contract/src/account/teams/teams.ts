import { z } from 'zod';
import { zSeconds } from '../../common';
import { defineEndpoint } from '../../define-endpoint';

const tags = ['account: teams'];

export const zTeamRole = z.enum(['owner', 'admin', 'member']);
export type TeamRole = z.infer<typeof zTeamRole>;

export const zTeamIdParams = z.object({ id: z.string().min(1).max(64) });

export const zTeamName = z
  .string()
  .trim()
  .min(1, { message: 'Enter a team name' })
  .max(60, { message: 'Input exceeds maximum length' });

/** A team as its member sees it: their role in it and whether it is the team they work in now. */
export const zMyTeam = z.object({
  id: z.string(),
  name: z.string(),
  personal: z.boolean(),
  role: zTeamRole,
  members_count: z.number().int(),
  current: z.boolean(),
  created_at: zSeconds,
});
export type MyTeam = z.infer<typeof zMyTeam>;

const zTeamAnswer = z.object({ team: zMyTeam });

export const listMyTeams = defineEndpoint({
  method: 'GET',
  path: '/api/account/teams',
  permission: 'signed_in',
  summary: 'The teams I belong to, the personal one first',
  tags,
  response: z.object({ items: z.array(zMyTeam) }),
});

export const createTeam = defineEndpoint({
  method: 'POST',
  path: '/api/account/teams',
  permission: 'signed_in',
  summary: 'Create a team; the creator is its owner (the current team does not change)',
  tags,
  body: z.object({ name: zTeamName }),
  response: zTeamAnswer,
});

export const renameTeam = defineEndpoint({
  method: 'PATCH',
  path: '/api/account/teams/{id}',
  permission: 'signed_in',
  summary: 'Rename a team (owner or admin)',
  tags,
  params: zTeamIdParams,
  body: z.object({ name: zTeamName }),
  response: zTeamAnswer,
});

export const deleteTeam = defineEndpoint({
  method: 'DELETE',
  path: '/api/account/teams/{id}',
  permission: 'signed_in',
  summary: 'Delete a team with its projects, invites and brand (owner only; never the personal team)',
  tags,
  params: zTeamIdParams,
  response: z.object({ deleted: z.literal(true) }),
});

export const switchCurrentTeam = defineEndpoint({
  method: 'PUT',
  path: '/api/account/teams/current',
  permission: 'signed_in',
  summary: 'Work in another team I belong to (takes effect on the next request)',
  tags,
  body: z.object({ team_id: z.string().trim().min(1, { message: 'Choose a team' }).max(64) }),
  response: zTeamAnswer,
});
