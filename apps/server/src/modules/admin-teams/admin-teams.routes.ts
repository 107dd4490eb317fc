import { getAdminTeam, listAdminTeams } from '@app/contract/admin/teams/teams';
import { routesFor } from '../../platform/endpoint';
import type { ServerModule } from '../../platform/platform';
import * as teams from './admin-teams.service';

export const adminTeamsModule: ServerModule = {
  name: 'admin-teams',
  register(app, platform) {
    const route = routesFor(app, platform.registry);
    route(listAdminTeams, ({ query }) => teams.listAdminTeams(platform, query));
    route(getAdminTeam, ({ params }) => teams.getAdminTeam(platform, params.id));
  },
};
