import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './app-error';
import type { OpenApiGate } from './open-api-gate';
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
  const { config, sessions, access, translator, changes, openApi } = platform;
  const fallbackLocale = config.REGION === 'cn' ? 'zh_CN' : 'en_US';

  app.decorateRequest('ctx', undefined as unknown as RequestContext);

  // Request latency by route pattern and status, and the event streams open (platform/metrics.ts).
  app.addHook('onRequest', platform.metrics.onRequest);
  app.addHook('onResponse', platform.metrics.onResponse);

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
    if (openApi.isTokenCall(request.headers['x-client-key'], token)) {
      await admitTokenCall(request, token, openApi);
      return;
    }
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

  // A REST token's own rate limit, in the rate-limit store every instance shares (Redis when set).
  // Only token calls reach the limiter: it marks each request it sees as limited, so a session's
  // request passing through it would skip its route's own limit (the sign-in's). For a token call
  // the token's budget is the one that counts.
  const limitToken = app.rateLimit({
    max: (request) => request.ctx.openApi?.token?.rateLimitPerMinute ?? 1,
    timeWindow: 60_000,
    keyGenerator: (request) => `rest-token:${request.ctx.openApi?.token?.id ?? '-'}`,
  });
  app.addHook('onRequest', async (request, reply) => {
    if (request.ctx.openApi?.token) await limitToken.call(app, request, reply);
  });

  // A token reads its own team's data only: naming another team anywhere in the call is refused.
  app.addHook('preValidation', async (request) => {
    const token = request.ctx.openApi?.token;
    if (token && namesOtherTeam(request, token.teamId)) {
      throw new AppError('FORBIDDEN', { msg: 'A REST token reaches its own team only' });
    }
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const call = request.ctx?.openApi;
    if (call && reply.statusCode >= 400 && typeof payload === 'string') {
      call.errorCode = /"error_code":"([A-Z_]+)"/.exec(payload)?.[1] ?? null;
    }
    return payload;
  });

  app.addHook('onResponse', async (request, reply) => {
    const call = request.ctx?.openApi;
    if (!call) return;
    const length = Number(reply.getHeader('content-length'));
    openApi.log({
      tokenId: call.token?.id ?? null,
      teamId: call.token?.teamId ?? null,
      reqId: request.id,
      method: request.method,
      route:
        request.routeOptions.config.endpoint?.id ??
        `${request.method} ${request.url.split('?')[0]}`.slice(0, 300),
      status: reply.statusCode,
      errorCode: call.errorCode,
      latencyMs: Math.round(reply.elapsedTime),
      bytes: Number.isFinite(length) ? length : 0,
      ip: request.ip,
    });
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

/**
 * An Open API call: a live REST token becomes the request's user (its creator) and team, and the
 * endpoint must be in the Open API and in the token's scopes. Marked first, so a refusal is logged too.
 */
async function admitTokenCall(
  request: FastifyRequest,
  token: string | null,
  openApi: OpenApiGate,
): Promise<void> {
  const call: NonNullable<RequestContext['openApi']> = { token: null, errorCode: null };
  request.ctx.openApi = call;
  const resolved = token ? await openApi.resolve(token) : null;
  if (!resolved) {
    throw new AppError('BEARER_TOKEN_ERROR', { msg: 'The REST token is missing, expired or revoked' });
  }
  call.token = resolved.token;
  request.ctx.user = resolved.user;
  request.ctx.team = resolved.team;
  // Handlers that need a session (`signedIn`) see the token as one: its own, never a user's.
  request.ctx.sessionId = `rest-token:${resolved.token.id}`;
  const endpoint = request.routeOptions.config.endpoint;
  if (!endpoint) return;
  const code = await openApi.decide(endpoint, resolved);
  if (code !== 'OK') throw new AppError(code, { msg: 'This REST token may not call this endpoint' });
}

/** Whether the call's path, query or body names a team other than `teamId`. */
function namesOtherTeam(request: FastifyRequest, teamId: string): boolean {
  return [request.params, request.query, request.body].some((part) => {
    if (!part || typeof part !== 'object') return false;
    const named = (part as Record<string, unknown>).team_id;
    return named !== undefined && named !== teamId;
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
