import { z } from 'zod';
import { zSeconds } from '../../common';
import { defineEndpoint } from '../../define-endpoint';
import { defineListFields, zListQueryOf, zListResponse } from '../../list';

const tags = ['admin: teams'];

export const zAdminTeamRow = z.object({
  id: z.string(),
  name: z.string(),
  personal: z.boolean(),
  owner: z.object({ id: z.string(), username: z.string(), email: z.string() }),
  members_count: z.number().int(),
  created_at: zSeconds,
});

/** The fields listAdminTeams may be filtered and sorted by (nothing else reaches the server). */
export const adminTeamListFields = defineListFields({
  personal: { kind: 'bool', filter: ['eq'], sort: true },
  name: { kind: 'text', filter: ['contains', 'eq'], sort: true },
  created_at: { kind: 'time', filter: ['between', 'gte', 'lte'], sort: true },
});

/** `q` searches the team name and the owner's e-mail. */
export const listAdminTeams = defineEndpoint({
  method: 'GET',
  path: '/api/admin/teams',
  permission: 'admin.teams.read',
  summary: 'Teams with their owner and size',
  tags,
  query: zListQueryOf(adminTeamListFields),
  response: zListResponse(zAdminTeamRow),
});

export const getAdminTeam = defineEndpoint({
  method: 'GET',
  path: '/api/admin/teams/{id}',
  permission: 'admin.teams.read',
  summary: 'A team and its members',
  tags,
  params: z.object({ id: z.string().min(1).max(64) }),
  response: z.object({
    team: zAdminTeamRow,
    members: z.array(
      z.object({
        id: z.string(),
        username: z.string(),
        email: z.string(),
        role: z.string(),
        joined_at: zSeconds,
      }),
    ),
  }),
});
