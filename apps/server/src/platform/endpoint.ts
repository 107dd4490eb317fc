import type { Readable } from 'node:stream';
import type { Endpoint, RawAnswer } from '@app/contract/define-endpoint';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from './app-error';
import type { CtxTeam, CtxUser, RequestContext } from './request-context';

type OutputOf<T> = T extends z.ZodType ? z.output<T> : undefined;

/**
 * The context of a request that passed a non-public permission: someone is signed in, with a
 * session and a current team (every user has a personal team), by type. Services that act for a
 * user take this, so none of them checks for a missing user again.
 */
export interface SignedInContext extends RequestContext {
  user: CtxUser;
  team: CtxTeam;
  sessionId: string;
}

/** `public` endpoints see whoever asks (maybe nobody); every other endpoint sees a signed-in caller. */
export type ContextFor<E extends Endpoint> = E['permission'] extends 'public'
  ? RequestContext
  : SignedInContext;

/** The pipeline has already refused anonymous callers of non-public endpoints; this makes it a type. */
export function signedIn(ctx: RequestContext): SignedInContext {
  const { user, team, sessionId } = ctx;
  if (!user || !team || !sessionId) throw new AppError('BEARER_TOKEN_ERROR');
  return { ...ctx, user, team, sessionId };
}

export interface HandlerInput<E extends Endpoint> {
  ctx: ContextFor<E>;
  params: OutputOf<E['params']>;
  query: OutputOf<E['query']>;
  body: OutputOf<E['body']>;
  request: FastifyRequest;
  reply: FastifyReply;
}

/** What `serveEventStream` answers once it has taken the reply over: the stream is the answer. */
export interface StreamStarted {
  readonly stream: true;
}

/**
 * A file's bytes and how to send them. `body` may be a stream, so a large file never sits in
 * memory; `type` must be one the contract lists.
 */
export interface BytesAnswer {
  body: Buffer | Readable | null;
  type: string;
  status?: 200 | 206 | 304;
  headers?: Record<string, string>;
}

/** What a handler gives back: the JSON answer, or the raw answer its contract declares. */
export type AnswerOf<E extends Endpoint> = E['answer'] extends { kind: 'event-stream' }
  ? StreamStarted
  : E['answer'] extends { kind: 'bytes' }
    ? BytesAnswer
    : z.input<E['response']>;

export type EndpointHandler<E extends Endpoint> = (
  input: HandlerInput<E>,
) => Promise<AnswerOf<E>> | AnswerOf<E>;

export interface RouteOptions {
  /**
   * Requests per minute per client address (sign-in, sign-up, ...); `max` may be read per request
   * (a dynamic config, such as the chat's).
   */
  rateLimit?: { max: number | ((request: FastifyRequest) => Promise<number>); timeWindow?: number };
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
      response: { 200: endpoint.answer ? rawResponse(endpoint.answer) : endpoint.response },
      ...(endpoint.permission === 'public' ? {} : { security: [{ bearerAuth: [] }] }),
    },
    config: {
      endpoint,
      ...(options.rateLimit
        ? { rateLimit: { max: options.rateLimit.max, timeWindow: options.rateLimit.timeWindow ?? 60_000 } }
        : {}),
    },
    handler: async (request, reply) => {
      const answer = await handler({
        ctx: (endpoint.permission === 'public' ? request.ctx : signedIn(request.ctx)) as ContextFor<E>,
        // Validated by the endpoint's zod schemas before the handler runs.
        params: request.params as OutputOf<E['params']>,
        query: request.query as OutputOf<E['query']>,
        body: request.body as OutputOf<E['body']>,
        request,
        reply,
      });
      if (endpoint.answer?.kind === 'event-stream') return reply;
      if (endpoint.answer?.kind === 'bytes') return sendBytes(reply, endpoint.answer, answer as BytesAnswer);
      return answer;
    },
  });
}

/** Bytes: nothing to document but their types, with the file as a binary string (OpenAPI's way). */
const zBinary = z.string().meta({ format: 'binary' });

/** The 200 answer OpenAPI shows for a raw answer: its content types and, for a stream, one frame. */
function rawResponse(answer: RawAnswer) {
  if (answer.kind === 'event-stream') {
    return {
      description: `text/event-stream: each \`data:\` frame is one message (JSON), then \`data: ${answer.end ?? 'END'}\``,
      content: { 'text/event-stream': { schema: answer.message } },
    };
  }
  return {
    description: 'The file itself',
    content: Object.fromEntries(answer.types.map((type) => [type, { schema: zBinary }])),
  };
}

function sendBytes(reply: FastifyReply, declared: Extract<RawAnswer, { kind: 'bytes' }>, bytes: BytesAnswer) {
  // A type the contract does not list would reach clients undocumented (and unchecked).
  if (bytes.status !== 304 && !declared.types.includes(bytes.type)) {
    throw new Error(`answered ${bytes.type}, which the contract does not list`);
  }
  reply.code(bytes.status ?? 200);
  for (const [name, value] of Object.entries(bytes.headers ?? {})) reply.header(name, value);
  if (bytes.status === 304 || bytes.body === null) return reply.send();
  return reply.type(bytes.type).send(bytes.body);
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
