import type { Locale } from '@app/contract/common';
import {
  buildPath,
  type Endpoint,
  type EndpointBody,
  type EndpointParams,
  type EndpointQuery,
  type EndpointResponse,
} from '@app/contract/define-endpoint';
import { zErrorBody } from '@app/contract/errors';
import type { z } from 'zod';
import { ApiError } from './api-error';
import { type FeedbackBody, feedbackFor } from './feedback';
import { applyFeedback } from './feedback-effects';
import { requestHeaders } from './request-headers';

/** Spec section 9: requests give up after 180 s. */
export const DEFAULT_TIMEOUT_MS = 180_000;
/** `retry: true` follows the server's `_retry_` hint at most this many times, so it cannot loop forever. */
export const MAX_RETRIES = 3;

export interface RequestOptions {
  /** Skip the error catalogue (spec section 8) for this call: the caller handles every outcome. */
  silent?: boolean;
  /** When the error body carries `_retry_.waiting_time`, wait that many seconds + 1 and try again. */
  retry?: boolean;
  timeoutMs?: number;
  signal?: AbortSignal;
  /** Accept-Language for this call only, e.g. loading another language's translations. */
  locale?: Locale;
}

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

interface RawAnswer {
  status: number;
  data: unknown;
  reqId: string | null;
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

  const answer = await send(url, { method: endpoint.method, headers, body }, input);
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

export interface UploadOptions extends RequestOptions {}

/**
 * Multipart upload to a caller-supplied path (spec section 7: storage upload and friends). The
 * browser sets the multipart content-type with its boundary, so we must not.
 */
export function uploadMultipart<S extends z.ZodType>(
  path: string,
  formData: FormData,
  options: UploadOptions & { response: S },
): Promise<z.output<S>>;
export function uploadMultipart(path: string, formData: FormData, options?: UploadOptions): Promise<unknown>;
export async function uploadMultipart(
  path: string,
  formData: FormData,
  options: UploadOptions & { response?: z.ZodType } = {},
): Promise<unknown> {
  const headers = { ...requestHeaders(options.locale), Accept: 'application/json' };
  const answer = await send(path, { method: 'POST', headers, body: formData }, options);
  if (!options.response) return answer.data;
  const parsed = options.response.safeParse(answer.data);
  if (!parsed.success) {
    throw new ApiError('invalid_response', answer.status, null, answer.reqId, parsed.error.message);
  }
  return parsed.data;
}

/** Downloads open in a new window (spec section 7); the token cookie travels with it. */
export function openDownload(url: string): void {
  window.open(url, '_blank', 'noopener,noreferrer');
}

async function send(url: string, init: RequestInit, options: RequestOptions): Promise<RawAnswer> {
  let answer: RawAnswer;
  try {
    answer = await withRetry(() => sendOnce(url, init, options), options);
  } catch (error) {
    if (!options.silent && error instanceof ApiError) {
      applyFeedback(feedbackFor(error.status, error.body, currentLocation()));
    }
    throw error;
  }
  if (!options.silent)
    applyFeedback(feedbackFor(answer.status, asFeedbackBody(answer.data), currentLocation()));
  return answer;
}

async function withRetry(attempt: () => Promise<RawAnswer>, options: RequestOptions): Promise<RawAnswer> {
  for (let retries = 0; ; retries++) {
    try {
      return await attempt();
    } catch (error) {
      const waitSeconds = error instanceof ApiError ? error.body?._retry_?.waiting_time : undefined;
      if (!options.retry || waitSeconds === undefined || retries >= MAX_RETRIES) throw error;
      // The extra second covers clock skew between the server's window and ours (spec section 7).
      await sleep((waitSeconds + 1) * 1000, options.signal);
    }
  }
}

async function sendOnce(url: string, init: RequestInit, options: RequestOptions): Promise<RawAnswer> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  const outer = options.signal;
  const forwardAbort = () => controller.abort();
  if (outer?.aborted) controller.abort();
  outer?.addEventListener('abort', forwardAbort, { once: true });

  const failure = () =>
    new ApiError(timedOut ? 'timeout' : outer?.aborted ? 'aborted' : 'network', 0, null, null);
  try {
    let response: Response;
    let text: string;
    try {
      response = await fetch(url, { ...init, signal: controller.signal });
      // The timeout covers the body too: a server can stall after sending headers.
      text = await response.text();
    } catch {
      throw failure();
    }
    const headerReqId = response.headers.get('x-request-id');
    const data = parseJson(text);
    if (!response.ok) {
      const error = zErrorBody.safeParse(data);
      const body = error.success ? error.data : null;
      throw new ApiError('http', response.status, body, body?.req_id ?? headerReqId);
    }
    return { status: response.status, data, reqId: headerReqId };
  } finally {
    clearTimeout(timer);
    outer?.removeEventListener('abort', forwardAbort);
  }
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new ApiError('aborted', 0, null, null));
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(new ApiError('aborted', 0, null, null));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

function toQueryString(query: object | undefined): string {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    const items: unknown[] = Array.isArray(value) ? value : [value];
    for (const item of items) {
      if (item === undefined || item === null) continue;
      // Structured values (the filter list) travel as JSON, the wire convention of ARCHITECTURE section 5.
      search.append(key, typeof item === 'object' ? JSON.stringify(item) : String(item));
    }
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

function parseJson(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function asFeedbackBody(data: unknown): FeedbackBody | null {
  if (typeof data !== 'object' || data === null) return null;
  const record = data as Record<string, unknown>;
  const text = (key: string) => (typeof record[key] === 'string' ? record[key] : undefined);
  return {
    msg: text('msg'),
    msg_type: text('msg_type'),
    error_code: text('error_code'),
    req_id: text('req_id'),
    msg_limit: record.msg_limit,
  };
}

function currentLocation() {
  return { pathname: window.location.pathname, search: window.location.search };
}
