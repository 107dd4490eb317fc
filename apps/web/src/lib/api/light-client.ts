import type { Endpoint, EndpointResponse } from '@app/contract/define-endpoint';
import type { ErrorBody } from '@app/contract/errors';
import type { CallInput } from './client';
import { requestHeaders } from './request-headers';
import { showFeedbackLazily } from './show-feedback';
import { type RequestOptions, send, type TransportHooks, toQueryString } from './transport';

/**
 * A contract endpoint named by its method and path only. `E` is the contract's endpoint, imported
 * with `import type`: the compiler checks the method and path against it and types the call from
 * it, while its zod schemas (and zod itself) stay out of the bundle.
 *
 *   import type { postSignIn } from '@app/contract/auth/sign-in';
 *   const signIn = endpointRef<typeof postSignIn>('POST', '/api/auth/sign-in/email');
 */
export interface EndpointRef<E extends Endpoint> {
  readonly method: E['method'];
  readonly path: E['path'];
  /** Only carries `E` for the compiler; never set. */
  readonly endpoint?: E;
}

export function endpointRef<E extends Endpoint>(method: E['method'], path: E['path']): EndpointRef<E> {
  return { method, path };
}

type CallArgs<I> = Partial<I> extends I ? [input?: I] : [input: I];

interface RawInput extends RequestOptions {
  params?: Record<string, string | number>;
  query?: object;
  body?: unknown;
}

/**
 * Any JSON object with an error code and a message is taken as the error body. The contract
 * client checks it against `zErrorBody`; here zod would cost more than the sign-in pages' own code.
 */
function errorBody(data: unknown): ErrorBody | null {
  if (typeof data !== 'object' || data === null) return null;
  const body = data as Record<string, unknown>;
  return typeof body.error_code === 'string' && typeof body.msg === 'string' ? (data as ErrorBody) : null;
}

const hooks: TransportHooks = { errorBody, showFeedback: showFeedbackLazily };

/**
 * `callApi` for pages that must stay light (the sign-in pages, the app's root): the same headers,
 * timeout, retry, `ApiError`s and error catalogue, typed from the contract, but the answer is not
 * validated against the endpoint's schema (the server validates what it sends with the same one).
 */
export function lightCall<E extends Endpoint>(
  ref: EndpointRef<E>,
  ...args: CallArgs<CallInput<E>>
): Promise<EndpointResponse<E>>;
export async function lightCall(ref: EndpointRef<Endpoint>, input: RawInput = {}): Promise<unknown> {
  const url = fillPath(ref.path, input.params) + toQueryString(input.query);
  // Fastify rejects a JSON content-type with an empty body, and body-less POSTs still expect `{}`.
  const sendsBody = ref.method !== 'GET' && ref.method !== 'DELETE';
  const body = input.body !== undefined || sendsBody ? JSON.stringify(input.body ?? {}) : undefined;
  const headers: Record<string, string> = { ...requestHeaders(input.locale), Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const answer = await send(url, { method: ref.method, headers, body }, input, hooks);
  return answer.data;
}

/** `buildPath` of the contract, which lives beside zod there. */
function fillPath(path: string, params?: Record<string, string | number>): string {
  return path.replace(/\{(\w+)\??\}/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`Missing path parameter "${name}" for ${path}`);
    return encodeURIComponent(String(value));
  });
}
