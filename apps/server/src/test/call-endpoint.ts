import {
  buildPath,
  type Endpoint,
  type EndpointBody,
  type EndpointParams,
  type EndpointQuery,
  type EndpointResponse,
} from '@app/contract/define-endpoint';
import { type ErrorBody, zErrorBody } from '@app/contract/errors';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { z } from 'zod';

/** Who calls: an identity from `signUpUser` / `signInAdmin` (its `auth` headers), or nobody. */
export interface Caller {
  auth: Record<string, string>;
}

/** Required where the contract requires something; optional when every field of it is. */
type Part<Schema, Value, Key extends string> = Schema extends z.ZodType
  ? undefined extends Value
    ? { [K in Key]?: Value }
    : Record<never, never> extends Value
      ? { [K in Key]?: Value }
      : { [K in Key]: Value }
  : { [K in Key]?: never };

/**
 * What a call takes, typed by the contract: params, query and body exactly as the client would
 * send them (required where the contract requires them), the caller, and extra headers.
 */
export type CallInput<E extends Endpoint> = Part<E['params'], EndpointParams<E>, 'params'> &
  Part<E['query'], EndpointQuery<E>, 'query'> &
  Part<E['body'], EndpointBody<E>, 'body'> & {
    as?: Caller | null;
    headers?: Record<string, string>;
    /** Cookies the browser would send back (the social sign-in's browser binding). */
    cookies?: Record<string, string>;
  };

export interface Call<E extends Endpoint> {
  status: number;
  headers: LightMyRequestResponse['headers'];
  /** Cookies the answer sets (the `app_token` of a sign-in). */
  cookies: LightMyRequestResponse['cookies'];
  /** The raw text of the answer (streams, bytes). */
  text: string;
  /** The answer's bytes (a file). */
  raw: Buffer;
  /** A 2xx answer, checked against the contract's response schema and typed by it. */
  ok(): EndpointResponse<E>;
  /** A refusal's envelope (error_code, msg, req_id and extras), checked against its schema. */
  error(): ErrorBody;
}

function queryString(query: unknown): string {
  if (!query || typeof query !== 'object') return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? value : [value]) {
      search.append(key, typeof item === 'object' ? JSON.stringify(item) : String(item));
    }
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/**
 * Calls an endpoint the way the web client does, through its contract: a change to the contract
 * that breaks a caller breaks its test at compile time, and the answer is read with the
 * contract's own schema rather than a hand-written shape.
 */
export async function callEndpoint<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  ...[input]: Record<string, never> extends CallInput<E> ? [input?: CallInput<E>] : [input: CallInput<E>]
): Promise<Call<E>> {
  // Typed on the way in by CallInput; the wire takes any value.
  return callEndpointRaw(app, endpoint, (input ?? {}) as RawCallInput);
}

/** The URL a call goes to: the contract's path with its parameters, and the query string. */
export function endpointUrl(
  endpoint: Endpoint,
  { params, query }: { params?: Record<string, string | number>; query?: unknown },
): string {
  return `${buildPath(endpoint.path, params)}${queryString(query)}`;
}

/** An answer read through its endpoint's contract (see `Call`). */
export function toCall<E extends Endpoint>(endpoint: E, res: LightMyRequestResponse): Call<E> {
  const describe = () => `${endpoint.id} answered ${res.statusCode}: ${res.body.slice(0, 500)}`;
  return {
    status: res.statusCode,
    headers: res.headers,
    cookies: res.cookies,
    text: res.body,
    raw: res.rawPayload,
    ok() {
      if (res.statusCode < 200 || res.statusCode >= 300) throw new Error(describe());
      return endpoint.response.parse(res.json()) as EndpointResponse<E>;
    },
    error() {
      if (res.statusCode < 400) throw new Error(`expected a refusal: ${describe()}`);
      return zErrorBody.loose().parse(res.json());
    },
  };
}

/** What `callEndpointRaw` sends: anything, on purpose (see there). */
export interface RawCallInput {
  params?: Record<string, string | number>;
  query?: unknown;
  body?: unknown;
  as?: Caller | null;
  headers?: Record<string, string>;
  cookies?: Record<string, string>;
}

/**
 * Sends through an endpoint's contract (its method and path) what the contract itself would not
 * let a client send: a missing required field, a wrong type, an unknown value. For tests of the
 * server's refusals only; every other call goes through `callEndpoint`, typed.
 */
export async function callEndpointRaw<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  input: RawCallInput = {},
): Promise<Call<E>> {
  const res = await app.inject({
    method: endpoint.method,
    url: endpointUrl(endpoint, input),
    headers: { ...(input.as?.auth ?? {}), ...(input.headers ?? {}) },
    ...(input.cookies ? { cookies: input.cookies } : {}),
    ...(endpoint.method === 'GET' ? {} : { payload: (input.body ?? {}) as object }),
  });
  return toCall(endpoint, res);
}
