import { listOperationRecords } from '@app/contract/admin/logs/list-operation-records';
import { listServerErrors } from '@app/contract/admin/logs/list-server-errors';
import { routesFor } from '../../platform/endpoint';
import type { ServerModule } from '../../platform/platform';
import * as audit from './audit.service';

export const auditModule: ServerModule = {
  name: 'audit',
  register(app, platform) {
    const route = routesFor(app, platform.registry);
    route(listOperationRecords, ({ query }) => audit.listOperationRecords(platform, query));
    route(listServerErrors, ({ query }) => audit.listServerErrors(platform, query));
  },
};
