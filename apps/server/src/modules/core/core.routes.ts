import { getHealthy } from '@app/contract/core/healthy';
import { getPing } from '@app/contract/core/ping';
import { registerEndpoint } from '../../platform/endpoint';
import type { ServerModule } from '../../platform/platform';

export const coreModule: ServerModule = {
  name: 'core',
  register(app, platform) {
    registerEndpoint(app, platform.registry, getHealthy, async ({ reply, ctx }) => {
      try {
        await platform.database.ping();
      } catch {
        // 503, not 500: the client's health check treats both as "go to /500", a balancer as "not ready".
        return reply.code(503).send({
          error_code: 'SERVER_ERROR',
          msg: ctx.t('The database is not answering'),
          req_id: ctx.reqId,
        });
      }
      return { status: 'ok' as const, time: Math.floor(Date.now() / 1000) };
    });

    registerEndpoint(app, platform.registry, getPing, () => ({ pong: true as const }));

    app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  },
};
