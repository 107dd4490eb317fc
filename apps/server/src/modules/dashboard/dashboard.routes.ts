import { getAdminDashboard } from '@app/contract/admin/dashboard/dashboard';
import { getSetupNotices } from '@app/contract/admin/setup/setup-notices';
import { routesFor } from '../../platform/endpoint';
import type { ServerModule } from '../../platform/platform';
import { getDashboard } from './dashboard.service';

export const dashboardModule: ServerModule = {
  name: 'dashboard',
  register(app, platform) {
    const route = routesFor(app, platform.registry);
    route(getAdminDashboard, ({ ctx, query }) => getDashboard(platform, ctx, query.days));
    route(getSetupNotices, async () => ({ mail_configured: platform.mailer.configured }));
  },
};
