import { listJobRuns, retryJobRun } from '@app/contract/admin/logs/job-runs';
import { routesFor } from '../../platform/endpoint';
import type { ServerModule } from '../../platform/platform';
import * as logs from './schedule-logs.service';

/** `/admin/system/schedule/notify/logs`: what the background jobs did, and a retry for failures. */
export const scheduleLogsModule: ServerModule = {
  name: 'schedule-logs',
  register(app, platform) {
    const route = routesFor(app, platform.registry);
    route(listJobRuns, ({ query }) => logs.listJobRuns(platform, query));
    route(retryJobRun, ({ ctx, params }) => logs.retryJobRun(platform, ctx, params.id));
  },
};
