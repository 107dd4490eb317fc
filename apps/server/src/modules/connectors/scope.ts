import { AppError } from '../../platform/app-error';
import type { SignedInContext } from '../../platform/endpoint';
import type { Platform } from '../../platform/platform';
import { requireProject, scopeOf } from '../projects/projects.service';
import { findProjectFor, findTeamFor } from './bindings.repo';

/**
 * What a Google call is about (spec section 6: project and team identifiers may scope it): a team,
 * or one project inside it. The data owner is the team's owner, for the team and every project of
 * it: the team is the billing account that connectors belong to (ARCHITECTURE section 6).
 */
export interface ConnectorScope {
  teamId: string;
  teamName: string;
  projectId: string | null;
  dataOwnerId: string;
}

export interface ScopeInput {
  team_id?: string | undefined;
  project_id?: string | undefined;
}

export const TEAM_NOT_FOUND = 'Team not found';

/**
 * The caller's scope: a project they can reach (a guest's too), a team they belong to, or their
 * current team. Anything else is NOT_FOUND, so another team's existence is not revealed.
 */
export async function resolveScope(
  platform: Platform,
  ctx: SignedInContext,
  input: ScopeInput,
): Promise<ConnectorScope> {
  if (input.project_id) {
    // A project is reached as the projects pages reach it: in the current team (or the team named,
    // if the caller is in it), or as a guest from anywhere.
    const named = input.team_id ? await findTeamFor(platform.db, input.team_id, ctx.user.id) : null;
    if (input.team_id && !named?.role) throw new AppError('NOT_FOUND', { msg: 'Project not found' });
    const { row } = await requireProject(platform.db, scopeOf(ctx, named?.id), input.project_id);
    if (input.team_id && input.team_id !== row.teamId)
      throw new AppError('NOT_FOUND', { msg: 'Project not found' });
    const team = await findTeamFor(platform.db, row.teamId, ctx.user.id);
    if (!team) throw new AppError('NOT_FOUND', { msg: 'Project not found' });
    return { teamId: team.id, teamName: team.name, projectId: row.id, dataOwnerId: team.ownerId };
  }
  const teamId = input.team_id ?? ctx.team.id;
  const team = await findTeamFor(platform.db, teamId, ctx.user.id);
  if (!team?.role) throw new AppError('NOT_FOUND', { msg: TEAM_NOT_FOUND });
  return { teamId: team.id, teamName: team.name, projectId: null, dataOwnerId: team.ownerId };
}

/** An admin may name any team or project; without either, their own current team. */
export async function resolveAdminScope(
  platform: Platform,
  ctx: SignedInContext,
  input: ScopeInput,
): Promise<ConnectorScope> {
  if (input.project_id) {
    const project = await findProjectFor(platform.db, input.project_id, null);
    if (!project || (input.team_id && input.team_id !== project.teamId)) {
      throw new AppError('NOT_FOUND', { msg: 'Project not found' });
    }
    const team = await findTeamFor(platform.db, project.teamId, null);
    if (!team) throw new AppError('NOT_FOUND', { msg: 'Project not found' });
    return { teamId: team.id, teamName: team.name, projectId: project.id, dataOwnerId: team.ownerId };
  }
  const team = await findTeamFor(platform.db, input.team_id ?? ctx.team.id, null);
  if (!team) throw new AppError('NOT_FOUND', { msg: TEAM_NOT_FOUND });
  return { teamId: team.id, teamName: team.name, projectId: null, dataOwnerId: team.ownerId };
}

/** Spec section 6: only the data owner binds, revokes and chooses what is synced. */
export function assertDataOwner(ctx: SignedInContext, scope: ConnectorScope): void {
  if (ctx.user.id !== scope.dataOwnerId) {
    throw new AppError('FORBIDDEN', {
      msg: ctx.t("Only the team's owner (the data owner) may bind, revoke or choose Google data"),
    });
  }
}
