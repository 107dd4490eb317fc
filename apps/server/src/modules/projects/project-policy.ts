import type { ProjectRole } from '@app/contract/account/projects/projects';
import type { TeamRole } from '@app/contract/account/teams/teams';
import { AppError } from '../../platform/app-error';
import { teamCan } from '../teams/team-policy';

/**
 * How the caller reaches a project. `teamRole` is set when the project is in their current team
 * (then the team's owner and admins manage it, member of it or not); it is null for a guest, who
 * was invited to the project without joining its team. Anyone else never gets this far: the
 * project is NOT_FOUND to them.
 */
export interface ProjectAccess {
  projectRole: ProjectRole | null;
  teamRole: TeamRole | null;
}

export type ProjectAction = 'view' | 'manage' | 'delete';

const teamManages = (access: ProjectAccess) =>
  access.teamRole !== null && teamCan(access.teamRole, 'projects.manage_all');

/**
 * view: anyone who reaches it. manage (rename, invite, revoke, remove members): the team's owner
 * or admins, or a project admin. delete: the same, except a guest project admin; a team's project
 * is deleted only by someone in the team.
 */
export function projectCan(access: ProjectAccess, action: ProjectAction): boolean {
  switch (action) {
    case 'view':
      return true;
    case 'manage':
      return teamManages(access) || access.projectRole === 'admin';
    case 'delete':
      return teamManages(access) || (access.projectRole === 'admin' && access.teamRole !== null);
  }
}

const refusals: Record<ProjectAction, string> = {
  view: 'You do not have permission to do this',
  manage: "Only the project's admins or the team's owner and admins may do this",
  delete: "Only the project's admins in the team or the team's owner and admins may delete the project",
};

export function assertProjectCan(access: ProjectAccess, action: ProjectAction): void {
  if (!projectCan(access, action)) throw new AppError('FORBIDDEN', { msg: refusals[action] });
}

export function toProjectRole(value: string | null): ProjectRole | null {
  if (value === null) return null;
  return value === 'admin' ? 'admin' : 'member';
}
