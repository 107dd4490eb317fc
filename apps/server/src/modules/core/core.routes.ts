import { getApiDocument } from '@app/contract/core/api-docs';
import { getHealthy } from '@app/contract/core/healthy';
import { getMetrics } from '@app/contract/core/metrics';
import { getPing } from '@app/contract/core/ping';
import { getReady } from '@app/contract/core/ready';
import { registerEndpoint } from '../../platform/endpoint';
import type { ServerModule } from '../../platform/platform';
import { watchPlatform } from '../../platform/platform-metrics';
import { apiDocuments } from './api-documents';
import { assertMayScrape } from './metrics-guard';
import { readinessProbe } from './readiness';

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

    const probe = readinessProbe(platform);
    registerEndpoint(app, platform.registry, getReady, async ({ reply, ctx }) => {
      const { ready, checks, failed } = await probe();
      if (ready) return { status: 'ready' as const, checks };
      // 503 names what failed (the checks' codes), so an operator reads it off the probe's log.
      return reply.code(503).send({
        error_code: 'SERVER_ERROR',
        msg: ctx.t('Not ready: {{failed}} failed').replace('{{failed}}', failed.join(', ')),
        req_id: ctx.reqId,
        checks,
      });
    });

    watchPlatform(platform.metrics, platform);
    registerEndpoint(app, platform.registry, getMetrics, async ({ request }) => {
      assertMayScrape(request, platform.config);
      const { body, type } = await platform.metrics.scrape();
      return { body: Buffer.from(body), type, headers: { 'cache-control': 'no-store' } };
    });

    const documents = apiDocuments(app, platform);
    registerEndpoint(app, platform.registry, getApiDocument, async ({ ctx, params }) => ({
      body: Buffer.from(await documents.read(params.type, ctx)),
      type: 'application/json',
      // Staff's document differs by who asks; neither changes while this server runs.
      headers: { 'cache-control': params.type === 'open' ? 'public, max-age=300' : 'private, no-store' },
    }));
    // The whole API at the address tools look for first (ARCHITECTURE section 5), for staff.
    app.get('/api/openapi.json', { schema: { hide: true } }, async (request, reply) =>
      reply.type('application/json').send(await documents.read('all', request.ctx)),
    );
  },
};
