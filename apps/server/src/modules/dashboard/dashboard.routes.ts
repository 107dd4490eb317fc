import { getAdminDashboard } from '@app/contract/admin/dashboard/dashboard';
import { routesFor } from '../../platform/endpoint';
import type { ServerModule } from '../../platform/platform';
import { getDashboard } from './dashboard.service';

export const dashboardModule: ServerModule = {
  name: 'dashboard',
  register(app, platform) {
    routesFor(app, platform.registry)(getAdminDashboard, ({ ctx, query }) =>
      getDashboard(platform, ctx, query.days),
    );
  },
};
