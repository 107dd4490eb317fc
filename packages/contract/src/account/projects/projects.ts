import { z } from 'zod';
import { zSeconds } from '../../common';
import { defineEndpoint } from '../../define-endpoint';
import { defineListFields, zListQueryOf, zListResponse } from '../../list';

const tags = ['account: projects'];

export const zProjectRole = z.enum(['admin', 'member']);
export type ProjectRole = z.infer<typeof zProjectRole>;

export const zProjectIdParams = z.object({ id: z.string().min(1).max(64) });

const zProjectName = z
  .string()
  .trim()
  .min(1, { message: 'Enter a project name' })
  .max(80, { message: 'Input exceeds maximum length' });
const zProjectDescription = z.string().trim().max(1000, { message: 'Input exceeds maximum length' });

export const zProject = z.object({
  id: z.string(),
  team_id: z.string(),
  team_name: z.string(),
  name: z.string(),
  description: z.string(),
  /** My role in the project; null when I see it as the team's owner or admin without being in it. */
  my_role: zProjectRole.nullable(),
  /** I am in the project but not in its team (invited to the project only). */
  guest: z.boolean(),
  can_manage: z.boolean(),
  can_delete: z.boolean(),
  members_count: z.number().int(),
  created_at: zSeconds,
  updated_at: zSeconds,
});
export type Project = z.infer<typeof zProject>;

const zProjectAnswer = z.object({ project: zProject });

/** The fields listProjects may be filtered and sorted by (nothing else reaches the server). */
export const projectListFields = defineListFields({
  name: { kind: 'text', filter: ['contains', 'eq'], sort: true },
  created_at: { kind: 'time', filter: ['between', 'gte', 'lte'], sort: true },
  updated_at: { kind: 'time', filter: ['between', 'gte', 'lte'], sort: true },
});

/** `team`: the current team's projects; `shared`: other teams' projects I was invited to. */
export const zProjectScope = z.enum(['team', 'shared']);
export type ProjectScope = z.infer<typeof zProjectScope>;

/**
 * `scope=team` (default): projects of the current team I may see (its owner and admins see all).
 * `scope=shared`: projects of other teams I was invited to without joining the team.
 * Filterable: name (contains, eq), created_at; sortable: name, created_at, updated_at; `q` searches the name.
 */
export const listProjects = defineEndpoint({
  method: 'GET',
  path: '/api/account/projects',
  permission: 'signed_in',
  summary: 'Projects I can open, in the current team or shared with me',
  tags,
  query: zListQueryOf(projectListFields, { scope: zProjectScope.default('team') }),
  response: zListResponse(zProject),
});

export const createProject = defineEndpoint({
  method: 'POST',
  path: '/api/account/projects',
  permission: 'signed_in',
  summary: 'Create a project in the current team; the creator is its admin',
  tags,
  body: z.object({ name: zProjectName, description: zProjectDescription.default('') }),
  response: zProjectAnswer,
});

export const getProject = defineEndpoint({
  method: 'GET',
  path: '/api/account/projects/{id}',
  permission: 'signed_in',
  summary: 'One project I can open',
  tags,
  params: zProjectIdParams,
  response: zProjectAnswer,
});

export const updateProject = defineEndpoint({
  method: 'PATCH',
  path: '/api/account/projects/{id}',
  permission: 'signed_in',
  summary: "Change a project's name or description (team owner or admin, or project admin)",
  tags,
  params: zProjectIdParams,
  body: z.object({ name: zProjectName.optional(), description: zProjectDescription.optional() }),
  response: zProjectAnswer,
});

export const deleteProject = defineEndpoint({
  method: 'DELETE',
  path: '/api/account/projects/{id}',
  permission: 'signed_in',
  summary: 'Delete a project (team owner or admin, or a project admin who is in the team)',
  tags,
  params: zProjectIdParams,
  response: z.object({ deleted: z.literal(true) }),
});
