import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './app-error';
import type { Platform } from './platform';
import { bearerToken, parseTzOffset, pickLocale, type RequestContext } from './request-context';

declare module 'fastify' {
  interface FastifyRequest {
    ctx: RequestContext;
  }
}

export function newRequestId(): string {
  return randomUUID();
}

/**
 * Every request: an `x-request-id`, then for API calls the context (user, team, language, time
 * zone) and the permission check of the endpoint's contract. No handler decides access itself.
 */
export function installPipeline(app: FastifyInstance, platform: Platform): void {
  const { config, sessions, access, translator, changes } = platform;
  const fallbackLocale = config.REGION === 'cn' ? 'zh_CN' : 'en_US';

  app.decorateRequest('ctx', undefined as unknown as RequestContext);

  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
    const locale = pickLocale(request.cookies ?? {}, request.headers['accept-language'], fallbackLocale);
    request.ctx = {
      reqId: request.id,
      user: null,
      team: null,
      sessionId: null,
      locale,
      tzOffsetHours: parseTzOffset(request.headers['x-tz-offset']),
      ip: request.ip,
      userAgent: String(request.headers['user-agent'] ?? '').slice(0, 500),
      t: (msgid, count) => translator.translate(locale, msgid, count),
      audit: { recorded: false },
    };
    if (!request.url.startsWith('/api/')) return;

    // Stale translations beat a failed request (the health check must answer while the database is down).
    await translator
      .ensureFresh()
      .catch((error: unknown) => request.log.warn({ err: error }, 'translations not refreshed'));
    const token = bearerToken(request.headers.authorization);
    if (token) {
      const session = await sessions.resolve(token);
      if (session) {
        request.ctx.user = session.user;
        request.ctx.team = session.team;
        request.ctx.sessionId = session.sessionId;
      }
    }

    const endpoint = request.routeOptions.config.endpoint;
    if (!endpoint) return;
    const code = await access.decide(endpoint.permission, request.ctx.user);
    if (code !== 'OK') throw new AppError(code);
  });

  // A change (a sign-out, a ban, a role, a grant, a translation) reaches this instance's caches
  // through the change feed; before a successful change answers, this instance has heard of it, so
  // the caller's next request never meets the old state.
  app.addHook('onSend', async (request, reply) => {
    if (MUTATING.has(request.method) && reply.statusCode < 400 && request.url.startsWith('/api/')) {
      await changes.settle();
      assertAuditTrail(request, reply.statusCode, config.NODE_ENV !== 'production');
    }
  });
}

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Every admin mutation that succeeds has written its operation record (`audited` or
 * `recordOperation`). Outside production a forgotten record fails the request, so the test of any
 * new admin endpoint catches it; in production the answer goes out and the gap is logged.
 */
function assertAuditTrail(request: FastifyRequest, status: number, strict: boolean): void {
  const endpoint = request.routeOptions.config.endpoint;
  if (!endpoint || endpoint.readOnly || status >= 300 || !endpoint.permission.startsWith('admin.')) return;
  if (request.ctx.audit?.recorded) return;
  const message = `admin mutation ${endpoint.id} answered ${status} without an operation record`;
  if (strict) throw new Error(message);
  request.log.error(message);
}
