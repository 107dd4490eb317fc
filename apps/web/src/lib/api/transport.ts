import type { Locale } from '@app/contract/common';
import type { ErrorBody } from '@app/contract/errors';
import { ApiError } from './api-error';
import { type Feedback, type FeedbackBody, feedbackFor } from './feedback';

/**
 * The wire part of every API call (timeout, abort, retry, error bodies, the error catalogue),
 * shared by the contract client (`client.ts`, which validates answers with the contract's zod
 * schemas) and the light client of the sign-in pages (`light-client.ts`, which does not). It
 * imports neither zod nor antd: each client passes in how it reads an error body and how it shows
 * feedback.
 */

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

export interface RawAnswer {
  status: number;
  data: unknown;
  reqId: string | null;
}

export interface TransportHooks {
  /** The error body of a refused call, or null when the answer is not one. */
  errorBody: (data: unknown) => ErrorBody | null;
  /** Carries out what the error catalogue decided for a call that is not silent. */
  showFeedback: (feedback: Feedback) => void;
}

/** Sends one request (with retries when asked) and runs the error catalogue unless `silent`. */
export async function send(
  url: string,
  init: RequestInit,
  options: RequestOptions,
  hooks: TransportHooks,
): Promise<RawAnswer> {
  let answer: RawAnswer;
  try {
    answer = await withRetry(() => sendOnce(url, init, options, hooks), options);
  } catch (error) {
    if (!options.silent && error instanceof ApiError) {
      hooks.showFeedback(feedbackFor(error.status, error.body, currentLocation()));
    }
    throw error;
  }
  if (!options.silent)
    hooks.showFeedback(feedbackFor(answer.status, asFeedbackBody(answer.data), currentLocation()));
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

async function sendOnce(
  url: string,
  init: RequestInit,
  options: RequestOptions,
  hooks: TransportHooks,
): Promise<RawAnswer> {
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
      const body = hooks.errorBody(data);
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

export function toQueryString(query: object | undefined): string {
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
