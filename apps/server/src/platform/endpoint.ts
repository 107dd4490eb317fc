import type { Endpoint } from '@app/contract/define-endpoint';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { RequestContext } from './request-context';

type OutputOf<T> = T extends z.ZodType ? z.output<T> : undefined;

export interface HandlerInput<E extends Endpoint> {
  ctx: RequestContext;
  params: OutputOf<E['params']>;
  query: OutputOf<E['query']>;
  body: OutputOf<E['body']>;
  request: FastifyRequest;
  reply: FastifyReply;
}

export type EndpointHandler<E extends Endpoint> = (
  input: HandlerInput<E>,
) => Promise<z.input<E['response']>> | z.input<E['response']>;

export interface RouteOptions {
  /** Requests per minute per client address (sign-in, sign-up, ...). */
  rateLimit?: { max: number; timeWindow?: number };
}

declare module 'fastify' {
  interface FastifyContextConfig {
    endpoint?: Endpoint;
  }
}

/** `/api/chat/{chat_id}` -> `/api/chat/:chat_id` */
export function toFastifyPath(path: string): string {
  return path.replace(/\{(\w+)\??\}/g, ':$1');
}

/** Every registered endpoint by id (`METHOD /path`): the API half of the permission registry. */
export class EndpointRegistry {
  private readonly byId = new Map<string, Endpoint>();

  add(endpoint: Endpoint): void {
    if (this.byId.has(endpoint.id)) throw new Error(`Endpoint registered twice: ${endpoint.id}`);
    this.byId.set(endpoint.id, endpoint);
  }

  get(id: string): Endpoint | undefined {
    return this.byId.get(id);
  }

  all(): Endpoint[] {
    return [...this.byId.values()];
  }
}

/**
 * Registers a contract endpoint: validation of params, query and body, the response schema (which
 * also feeds OpenAPI), and the permission code the request pipeline enforces before the handler.
 */
export function registerEndpoint<E extends Endpoint>(
  app: FastifyInstance,
  registry: EndpointRegistry,
  endpoint: E,
  handler: EndpointHandler<E>,
  options: RouteOptions = {},
): void {
  registry.add(endpoint);
  app.route({
    method: endpoint.method,
    url: toFastifyPath(endpoint.path),
    schema: {
      summary: endpoint.summary,
      tags: endpoint.tags,
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      response: { 200: endpoint.response },
      ...(endpoint.permission === 'public' ? {} : { security: [{ bearerAuth: [] }] }),
    },
    config: {
      endpoint,
      ...(options.rateLimit
        ? { rateLimit: { max: options.rateLimit.max, timeWindow: options.rateLimit.timeWindow ?? 60_000 } }
        : {}),
    },
    handler: async (request, reply) =>
      handler({
        ctx: request.ctx,
        // Validated by the endpoint's zod schemas before the handler runs.
        params: request.params as OutputOf<E['params']>,
        query: request.query as OutputOf<E['query']>,
        body: request.body as OutputOf<E['body']>,
        request,
        reply,
      }),
  });
}

export type RouteFn = <E extends Endpoint>(
  endpoint: E,
  handler: EndpointHandler<E>,
  options?: RouteOptions,
) => void;

/** `registerEndpoint` bound to one app, so a module's routes file reads as a list. */
export function routesFor(app: FastifyInstance, registry: EndpointRegistry): RouteFn {
  return (endpoint, handler, options) => registerEndpoint(app, registry, endpoint, handler, options);
}
