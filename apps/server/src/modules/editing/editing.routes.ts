import { registerEditing } from '@app/contract/admin/editing/register';
import { routesFor } from '../../platform/endpoint';
import type { ServerModule } from '../../platform/platform';
import { expirePresence, registerEditing as register } from './presence.service';

/** Editing presence on admin detail and edit pages (spec sections 3, 7, 9). */
export const editingModule: ServerModule = {
  name: 'editing',
  register(app, platform) {
    platform.jobs.define({
      name: 'presence.expire',
      cron: '* * * * *',
      retryLimit: 0,
      run: async () => {
        await expirePresence(platform);
      },
    });
    const route = routesFor(app, platform.registry);
    route(registerEditing, ({ ctx, body }) => register(platform, ctx, body));
  },
};
