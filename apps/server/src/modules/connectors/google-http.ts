import type { CallOutcome, ExternalApi } from '@app/contract/connectors/admin-interfaces';
import type { Platform } from '../../platform/platform';
import { insertExternalCall } from './external-calls.repo';

/** A Google API that does not answer in this time is reported as unreachable. */
const TIMEOUT_MS = 30_000;

/**
 * Why a Google call failed, as a sync or a page must react to it: `quota` (429,
 * RESOURCE_EXHAUSTED, rate or quota limits: back off and resume), `auth` (the user's token is
 * refused or revoked: reconnect), `config` (our side: the Ads developer token, a missing scope),
 * `unavailable` (5xx, no answer: try again later), `refused` (anything else Google refused).
 */
export type GoogleFailureKind = 'quota' | 'auth' | 'config' | 'unavailable' | 'refused';

export class GoogleApiError extends Error {
  constructor(
    readonly kind: GoogleFailureKind,
    /** Google's own words: `RESOURCE_EXHAUSTED: Exhausted property tokens...`, never a token. */
    message: string,
    readonly status: number | null,
    /** Google's error status or code (`RESOURCE_EXHAUSTED`, `invalid_grant`). */
    readonly code: string | null,
    /** Seconds Google asked us to wait (Retry-After, Ads `retryDelay`). */
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
  }
}

export interface CallMeta {
  api: ExternalApi;
  service?: string | null;
  teamId?: string | null;
  bindingId?: string | null;
}

export interface GoogleAnswer {
  status: number;
  body: unknown;
}

const QUOTA_REASONS = new Set([
  'rateLimitExceeded',
  'userRateLimitExceeded',
  'quotaExceeded',
  'dailyLimitExceeded',
  'RESOURCE_EXHAUSTED',
]);

const asRecord = (value: unknown): Record<string, unknown> | null =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;

/** Google Ads puts its reasons in `error.details[].errors[].errorCode` (`{ quotaError: ... }`). */
function adsErrorCodes(
  error: Record<string, unknown>,
): { type: string; value: string; retry: number | null }[] {
  const found: { type: string; value: string; retry: number | null }[] = [];
  for (const detail of Array.isArray(error.details) ? error.details : []) {
    const errors = asRecord(detail)?.errors;
    for (const item of Array.isArray(errors) ? errors : []) {
      const record = asRecord(item);
      const retryDelay = asRecord(asRecord(asRecord(record?.details)?.quotaErrorDetails))?.retryDelay;
      const retry = typeof retryDelay === 'string' ? Number.parseFloat(retryDelay) : Number.NaN;
      for (const [type, value] of Object.entries(asRecord(record?.errorCode) ?? {})) {
        found.push({ type, value: String(value), retry: Number.isFinite(retry) ? retry : null });
      }
    }
  }
  return found;
}

/** Reads Google's error answer (OAuth's `{ error, error_description }` or `google.rpc.Status`). */
export function classify(status: number, body: unknown, retryAfterHeader: string | null): GoogleApiError {
  const root = asRecord(body);
  const rpc = asRecord(root?.error);
  const retryHeader = retryAfterHeader ? Number(retryAfterHeader) : Number.NaN;
  let retry = Number.isFinite(retryHeader) ? retryHeader : null;
  if (!rpc) {
    // OAuth endpoints: `{ error: 'invalid_grant', error_description }`.
    const code = typeof root?.error === 'string' ? root.error : null;
    const description = typeof root?.error_description === 'string' ? root.error_description : '';
    const message = [code ?? `HTTP ${status}`, description].filter(Boolean).join(': ');
    if (status === 429) return new GoogleApiError('quota', message, status, code, retry);
    if (code === 'invalid_grant' || code === 'invalid_token')
      return new GoogleApiError('auth', message, status, code);
    if (code === 'invalid_client' || code === 'unauthorized_client') {
      return new GoogleApiError('config', message, status, code);
    }
    if (status >= 500) return new GoogleApiError('unavailable', message, status, code, retry);
    return new GoogleApiError('refused', message, status, code);
  }
  const code = typeof rpc.status === 'string' ? rpc.status : null;
  const message = [code ?? `HTTP ${status}`, typeof rpc.message === 'string' ? rpc.message.slice(0, 300) : '']
    .filter(Boolean)
    .join(': ');
  const reasons = (Array.isArray(rpc.errors) ? rpc.errors : []).map((e) => String(asRecord(e)?.reason ?? ''));
  const ads = adsErrorCodes(rpc);
  for (const item of ads) if (item.retry !== null) retry = Math.max(retry ?? 0, item.retry);
  if (status === 429 || code === 'RESOURCE_EXHAUSTED' || reasons.some((r) => QUOTA_REASONS.has(r))) {
    return new GoogleApiError('quota', message, status, code ?? 'RESOURCE_EXHAUSTED', retry);
  }
  if (ads.some((e) => e.type === 'authenticationError' && e.value.startsWith('DEVELOPER_TOKEN'))) {
    return new GoogleApiError('config', message, status, ads[0]?.value ?? code);
  }
  if (status === 403 && code === 'PERMISSION_DENIED' && /scope/i.test(message)) {
    return new GoogleApiError('config', message, status, code);
  }
  if (status === 401) return new GoogleApiError('auth', message, status, code);
  if (status >= 500) return new GoogleApiError('unavailable', message, status, code, retry);
  return new GoogleApiError('refused', message, status, code ?? ads[0]?.value ?? null);
}

const OUTCOME: Record<GoogleFailureKind, CallOutcome> = {
  quota: 'quota',
  auth: 'auth',
  config: 'error',
  unavailable: 'error',
  refused: 'error',
};

/**
 * One call to Google, always logged for the interfaces page (api, path without its query, status,
 * outcome, latency, quota cost; never a header, a token or a body). A 2xx answers its JSON; any
 * other answer throws a classified `GoogleApiError`.
 */
export async function callGoogle(
  platform: Platform,
  meta: CallMeta,
  url: string,
  init: RequestInit & { quotaCost?: (body: unknown) => number } = {},
): Promise<GoogleAnswer> {
  const started = performance.now();
  const path = new URL(url).pathname;
  const log = (status: number | null, outcome: CallOutcome, errorCode: string | null, quotaCost: number) =>
    insertExternalCall(platform.db, {
      api: meta.api,
      method: init.method ?? 'GET',
      path,
      status,
      outcome,
      errorCode,
      latencyMs: Math.round(performance.now() - started),
      quotaCost,
      service: meta.service ?? null,
      teamId: meta.teamId ?? null,
      bindingId: meta.bindingId ?? null,
    }).catch(() => undefined);

  let response: Response;
  let text: string;
  try {
    response = await fetch(url, {
      ...init,
      headers: { accept: 'application/json', ...init.headers },
      signal: AbortSignal.timeout(TIMEOUT_MS),
      redirect: 'error',
    });
    text = await response.text();
  } catch {
    await log(null, 'unreachable', null, 0);
    throw new GoogleApiError('unavailable', 'Google could not be reached', null, null);
  }
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : {};
  } catch {
    body = null;
  }
  if (response.ok && body !== null) {
    await log(response.status, 'ok', null, init.quotaCost ? init.quotaCost(body) : 1);
    return { status: response.status, body };
  }
  const failure =
    body === null
      ? new GoogleApiError(
          response.status >= 500 || response.ok ? 'unavailable' : 'refused',
          `Google answered ${response.status} without JSON`,
          response.status,
          null,
        )
      : classify(response.status, body, response.headers.get('retry-after'));
  await log(response.status, OUTCOME[failure.kind], failure.code, 1);
  throw failure;
}

export const formBody = (fields: Record<string, string>) => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields).toString(),
});

export const jsonBody = (body: unknown, headers: Record<string, string> = {}) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify(body),
});
