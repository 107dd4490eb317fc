import {
  buildPath,
  type Endpoint,
  type EndpointBody,
  type EndpointParams,
  type EndpointQuery,
  type EndpointResponse,
} from '@app/contract/define-endpoint';
import { zErrorBody } from '@app/contract/errors';
import { ApiError } from './api-error';
import { applyFeedback } from './feedback-effects';
import { requestHeaders } from './request-headers';
import { type RawAnswer, type RequestOptions, send, type TransportHooks, toQueryString } from './transport';

export { DEFAULT_TIMEOUT_MS, MAX_RETRIES, type RequestOptions } from './transport';

/** Error bodies are checked against the contract; the error catalogue shows in antd. */
const hooks: TransportHooks = {
  errorBody: (data) => {
    const parsed = zErrorBody.safeParse(data);
    return parsed.success ? parsed.data : null;
  },
  showFeedback: applyFeedback,
};

// A slot is optional when the endpoint has no such part or every field of it is optional.
type Slot<K extends string, T> = [T] extends [undefined]
  ? { [P in K]?: undefined }
  : undefined extends T
    ? { [P in K]?: T }
    : Partial<T> extends T
      ? { [P in K]?: T }
      : { [P in K]: T };

export type CallInput<E extends Endpoint> = Slot<'params', EndpointParams<E>> &
  Slot<'query', EndpointQuery<E>> &
  Slot<'body', EndpointBody<E>> &
  RequestOptions;

type CallArgs<I> = Partial<I> extends I ? [input?: I] : [input: I];

interface RawInput extends RequestOptions {
  params?: Record<string, string | number>;
  query?: object;
  body?: unknown;
}

/**
 * Calls one contract endpoint: path, query and body are typed from it, the answer is validated
 * against its response schema, failures arrive as `ApiError`, and the error catalogue runs unless
 * `silent`.
 */
export function callApi<E extends Endpoint>(
  endpoint: E,
  ...args: CallArgs<CallInput<E>>
): Promise<EndpointResponse<E>>;
export async function callApi(endpoint: Endpoint, input: RawInput = {}): Promise<unknown> {
  const url = buildPath(endpoint.path, input.params) + toQueryString(input.query);
  // Fastify rejects a JSON content-type with an empty body, and body-less POSTs still expect `{}`.
  const sendsBody = endpoint.method !== 'GET' && endpoint.method !== 'DELETE';
  const body = input.body !== undefined || sendsBody ? JSON.stringify(input.body ?? {}) : undefined;
  const headers: Record<string, string> = { ...requestHeaders(input.locale), Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';

  const answer = await send(url, { method: endpoint.method, headers, body }, input, hooks);
  return validated(endpoint, answer);
}

function validated(endpoint: Endpoint, answer: RawAnswer): unknown {
  const parsed = endpoint.response.safeParse(answer.data);
  if (!parsed.success) {
    throw new ApiError(
      'invalid_response',
      answer.status,
      null,
      answer.reqId,
      `${endpoint.id} answered outside its contract: ${parsed.error.message}`,
    );
  }
  return parsed.data;
}

/** An upload's path parameters, query and options; its body is the multipart form. */
export type UploadInput<E extends Endpoint> = Slot<'params', EndpointParams<E>> &
  Slot<'query', EndpointQuery<E>> &
  RequestOptions;

/**
 * Multipart upload to one contract endpoint (spec section 7: storage upload and friends): the path
 * and query come from it and the answer is validated against its response, as with `callApi`. The
 * browser sets the multipart content-type with its boundary, so we must not.
 */
export function uploadMultipart<E extends Endpoint>(
  endpoint: E,
  formData: FormData,
  ...args: CallArgs<UploadInput<E>>
): Promise<EndpointResponse<E>>;
export async function uploadMultipart(
  endpoint: Endpoint,
  formData: FormData,
  input: Omit<RawInput, 'body'> = {},
): Promise<unknown> {
  const url = buildPath(endpoint.path, input.params) + toQueryString(input.query);
  const headers = { ...requestHeaders(input.locale), Accept: 'application/json' };
  const answer = await send(url, { method: endpoint.method, headers, body: formData }, input, hooks);
  return validated(endpoint, answer);
}

/** Downloads open in a new window (spec section 7); the token cookie travels with it. */
export function openDownload(url: string): void {
  window.open(url, '_blank', 'noopener,noreferrer');
}
