import type { Project } from '@app/contract/account/projects/projects';
import type { ListQuery } from '@app/contract/list';
import { AppError } from '../../platform/app-error';
import type { Db } from '../../platform/db';
import type { SignedInContext } from '../../platform/endpoint';
import { toListPage, toSeconds } from '../../platform/list-query';
import type { Platform } from '../../platform/platform';
import { assertTeamCan, toTeamRole } from '../teams/team-policy';
import { currentTeam } from '../teams/teams.service';
import { assertProjectCan, type ProjectAccess, projectCan, toProjectRole } from './project-policy';
import {
  deleteProjectRow,
  findVisibleProject,
  insertProject,
  listVisibleProjects,
  type ProjectRecord,
  type ProjectScope,
  updateProjectRow,
} from './projects.repo';

// What other modules may use of this module's queries (they never import its repositories).
export { teamProjectIdsVisibleTo } from './projects.repo';

export const PROJECT_NOT_FOUND = 'Project not found';

export function scopeOf(ctx: SignedInContext, currentTeamId: string | null = ctx.team.id): ProjectScope {
  return { userId: ctx.user.id, currentTeamId };
}

function accessOf(row: ProjectRecord): ProjectAccess {
  return {
    projectRole: toProjectRole(row.projectRole),
    teamRole: row.teamRole === null ? null : toTeamRole(row.teamRole),
  };
}

export function toProject(row: ProjectRecord): Project {
  const access = accessOf(row);
  return {
    id: row.id,
    team_id: row.teamId,
    team_name: row.teamName,
    name: row.name,
    description: row.description,
    my_role: access.projectRole,
    guest: access.teamRole === null,
    can_manage: projectCan(access, 'manage'),
    can_delete: projectCan(access, 'delete'),
    members_count: Number(row.membersCount),
    created_at: toSeconds(row.createdAt),
    updated_at: toSeconds(row.updatedAt),
  };
}

/**
 * A project the caller can reach, with how they reach it. Anything else, another team's project
 * included, is NOT_FOUND: existence is not revealed.
 */
export async function requireProject(db: Db, scope: ProjectScope, projectId: string) {
  const row = await findVisibleProject(db, scope, projectId);
  if (!row) throw new AppError('NOT_FOUND', { msg: PROJECT_NOT_FOUND });
  return { row, access: accessOf(row) };
}

export async function listProjects(
  platform: Platform,
  ctx: SignedInContext,
  query: ListQuery & { scope: 'team' | 'shared' },
) {
  return toListPage(query, await listVisibleProjects(platform.db, scopeOf(ctx), query), toProject);
}

/** In the current team, by any of its members; the creator becomes the project's admin. */
export async function createProject(
  platform: Platform,
  ctx: SignedInContext,
  input: { name: string; description: string },
) {
  const user = ctx.user;
  const team = currentTeam(ctx);
  assertTeamCan(team.role, 'projects.create');
  const id = await platform.db.transaction((tx) =>
    insertProject(tx, {
      teamId: team.id,
      name: input.name,
      description: input.description,
      createdBy: user.id,
    }),
  );
  return getProject(platform, ctx, id);
}

export async function getProject(platform: Platform, ctx: SignedInContext, projectId: string) {
  const { row } = await requireProject(platform.db, scopeOf(ctx), projectId);
  return { project: toProject(row) };
}

export async function updateProject(
  platform: Platform,
  ctx: SignedInContext,
  projectId: string,
  changes: { name?: string; description?: string },
) {
  const { row, access } = await requireProject(platform.db, scopeOf(ctx), projectId);
  assertProjectCan(access, 'manage');
  if (changes.name !== undefined || changes.description !== undefined) {
    await updateProjectRow(platform.db, row, changes);
  }
  return getProject(platform, ctx, projectId);
}

/** Its members, invites and (later) the data it scopes go with it. */
export async function deleteProject(platform: Platform, ctx: SignedInContext, projectId: string) {
  const { row, access } = await requireProject(platform.db, scopeOf(ctx), projectId);
  assertProjectCan(access, 'delete');
  await deleteProjectRow(platform.db, row);
  return { deleted: true as const };
}
