import { validationError } from '../../platform/app-error';
import type { SignedInContext } from '../../platform/endpoint';
import type { Platform } from '../../platform/platform';
import { scopeOf, teamProjectIdsVisibleTo } from '../projects/projects.service';
import type { StorageViewer } from './storage.repo';

/**
 * The caller's view of their current team's storage. Projects scope folders as they scope other
 * data: a project's folders (and the files in them) are seen by whoever sees the project, its
 * members and the team's owner and admins, and by nobody else in the team.
 */
export async function storageViewer(platform: Platform, ctx: SignedInContext): Promise<StorageViewer> {
  return { teamId: ctx.team.id, projects: await teamProjectIdsVisibleTo(platform.db, scopeOf(ctx)) };
}

/** A `project_id` the viewer may narrow to; any other is refused on that field. */
export function assertSeesProject(viewer: StorageViewer, projectId: string | undefined | null) {
  if (!projectId || viewer.projects === 'all') return;
  if (!viewer.projects.includes(projectId)) throw validationError({ project_id: 'Project not found' });
}
