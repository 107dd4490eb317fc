import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { AppError } from './app-error';
import type { Platform } from './platform';
import { bearerToken, parseTzOffset, pickLocale, type RequestContext } from './request-context';
import { resolveSession } from './session';

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
  const { config, auth, db, access, translator } = platform;
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
      t: (msgid) => translator.translate(locale, msgid),
    };
    if (!request.url.startsWith('/api/')) return;

    // Stale translations beat a failed request (the health check must answer while the database is down).
    await translator
      .ensureFresh()
      .catch((error: unknown) => request.log.warn({ err: error }, 'translations not refreshed'));
    const authorization = request.headers.authorization;
    if (authorization && bearerToken(authorization)) {
      const session = await resolveSession(auth, db, authorization);
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
}
