import {
  acceptProjectInvite,
  inviteProjectMember,
  listProjectMembers,
  previewProjectInvite,
  removeProjectMember,
  revokeProjectInvite,
} from '@app/contract/account/projects/project-members';
import {
  createProject,
  deleteProject,
  getProject,
  listProjects,
  updateProject,
} from '@app/contract/account/projects/projects';
import { routesFor } from '../../platform/endpoint';
import type { ServerModule } from '../../platform/platform';
import * as members from './project-members.service';
import * as projects from './projects.service';

/** Invites send mail; a generous per-address cap keeps the endpoint from being a spam relay. */
const inviteRateLimit = { rateLimit: { max: 60 } };

export const projectsModule: ServerModule = {
  name: 'projects',
  register(app, platform) {
    const route = routesFor(app, platform.registry);
    route(listProjects, ({ ctx, query }) => projects.listProjects(platform, ctx, query));
    route(createProject, ({ ctx, body }) => projects.createProject(platform, ctx, body));
    route(getProject, ({ ctx, params }) => projects.getProject(platform, ctx, params.id));
    route(updateProject, ({ ctx, params, body }) => projects.updateProject(platform, ctx, params.id, body));
    route(deleteProject, ({ ctx, params }) => projects.deleteProject(platform, ctx, params.id));

    route(listProjectMembers, ({ ctx, params }) => members.listMembersOfProject(platform, ctx, params.id));
    route(
      inviteProjectMember,
      ({ ctx, params, body }) => members.inviteToProject(platform, ctx, params.id, body),
      inviteRateLimit,
    );
    route(revokeProjectInvite, ({ ctx, params }) =>
      members.revokeProjectInvite(platform, ctx, { projectId: params.id, inviteId: params.invite_id }),
    );
    route(removeProjectMember, ({ ctx, params }) =>
      members.removeMemberOfProject(platform, ctx, { projectId: params.id, userId: params.user_id }),
    );
    route(previewProjectInvite, ({ ctx, body }) => members.previewProjectInvite(platform, ctx, body.token));
    route(acceptProjectInvite, ({ ctx, body }) => members.acceptProjectInvite(platform, ctx, body.token));
  },
};
