import { createHmac, randomBytes } from 'node:crypto';

/**
 * Stripe's wire conventions, as the stand-in speaks them (and independently of the `stripe`
 * package, so a mistake on one side is not hidden by the same mistake on the other):
 * - requests are `application/x-www-form-urlencoded` with bracket notation, nested objects as
 *   `a[b][c]=…` and arrays as `a[0][b]=…` or `a[]=…` (what the library sends: qs' indices);
 * - errors are `{ error: { type, code?, decline_code?, message, param?, doc_url? } }` with the
 *   status Stripe gives them (400 invalid request, 401 bad key, 402 card error, 404 missing, 409
 *   idempotency conflict in flight, 429, 500);
 * - webhooks carry `Stripe-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`,
 *   one `v1` per secret the endpoint has (two while a secret is rolled), the whole `whsec_…`
 *   string being the HMAC key.
 */

export type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type FormObject = { [key: string]: FormValue };

/** `a[b][0][c]` -> `['a', 'b', '0', 'c']`; `a[]` -> `['a', '']`. */
function keyPath(key: string): string[] {
  const first = key.indexOf('[');
  if (first < 0) return [key];
  const path = [key.slice(0, first)];
  for (const match of key.slice(first).matchAll(/\[([^\]]*)\]/g)) path.push(match[1] ?? '');
  return path;
}

/** Objects whose keys are all 0..n-1 become arrays, as Stripe reads `a[0]`, `a[1]`. */
function arrays(value: FormValue): FormValue {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.map(arrays);
  const keys = Object.keys(value);
  const entries = keys.map((key) => [key, arrays(value[key] as FormValue)] as const);
  if (keys.length > 0 && keys.every((key, i) => key === String(i))) return entries.map(([, v]) => v);
  return Object.fromEntries(entries);
}

/** Reads a Stripe form body into nested objects and arrays (values stay strings, as on the wire). */
export function parseForm(body: string): FormObject {
  const root: FormObject = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = keyPath(key);
    let node: FormObject = root;
    path.forEach((part, i) => {
      const last = i === path.length - 1;
      const name = part === '' ? String(Object.keys(node).length) : part;
      if (last) {
        node[name] = value;
        return;
      }
      const next = node[name];
      if (next === undefined || typeof next === 'string' || Array.isArray(next)) node[name] = {};
      node = node[name] as FormObject;
    });
  }
  return arrays(root) as FormObject;
}

export interface StripeErrorBody {
  type: 'invalid_request_error' | 'api_error' | 'card_error' | 'idempotency_error' | 'rate_limit_error';
  message: string;
  code?: string;
  decline_code?: string;
  param?: string;
  doc_url?: string;
}

export interface StripeFailure {
  status: number;
  error: StripeErrorBody;
}

export const failure = (status: number, error: StripeErrorBody): StripeFailure => ({ status, error });

export const isFailure = (value: unknown): value is StripeFailure =>
  typeof value === 'object' && value !== null && 'status' in value && 'error' in value;

export const invalid = (message: string, param?: string, code = 'parameter_invalid_string') =>
  failure(400, {
    type: 'invalid_request_error',
    message,
    code,
    ...(param ? { param } : {}),
    doc_url: `https://docs.stripe.com/error-codes/${code.replaceAll('_', '-')}`,
  });

export const missingParam = (param: string) =>
  failure(400, {
    type: 'invalid_request_error',
    message: `Missing required param: ${param}.`,
    code: 'parameter_missing',
    param,
  });

export const unknownParam = (param: string) =>
  failure(400, {
    type: 'invalid_request_error',
    message: `Received unknown parameter: ${param}`,
    code: 'parameter_unknown',
    param,
  });

export const noSuch = (object: string, id: string, param = 'id') =>
  failure(404, {
    type: 'invalid_request_error',
    message: `No such ${object}: '${id}'`,
    code: 'resource_missing',
    param,
  });

/** Stripe masks all but the last four characters of a refused key in its message. */
export const badKey = (key: string | null) =>
  failure(401, {
    type: 'invalid_request_error',
    message: key
      ? `Invalid API Key provided: ${key.slice(0, 8)}${'*'.repeat(Math.max(0, key.length - 12))}${key.slice(-4)}`
      : "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
  });

/** Stripe's id style: a prefix and 24 random characters of [A-Za-z0-9]. */
export function newId(prefix: string, length = 24): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  const bytes = randomBytes(length);
  let id = '';
  for (const byte of bytes) id += alphabet[byte % alphabet.length];
  return `${prefix}${id}`;
}

/** `v1` of a webhook: HMAC-SHA256 over `<t>.<body>` keyed with the endpoint secret, hex. */
export function webhookSignature(secret: string, t: number, body: string): string {
  return createHmac('sha256', secret).update(`${t}.${body}`, 'utf8').digest('hex');
}

/** The whole `Stripe-Signature` header, one `v1` per secret. */
export function signatureHeader(secrets: readonly string[], t: number, body: string): string {
  return [`t=${t}`, ...secrets.map((secret) => `v1=${webhookSignature(secret, t, body)}`)].join(',');
}

/** A new endpoint secret, in Stripe's shape. */
export const newWebhookSecret = () => `whsec_${randomBytes(24).toString('base64url')}`;

export const isInteger = (value: FormValue | undefined): value is string =>
  typeof value === 'string' && /^-?\d+$/.test(value);

/** `metadata` as Stripe takes it: at most 50 keys of at most 40 characters, values of at most 500. */
export function metadataOf(
  value: FormValue | undefined,
  param: string,
): Record<string, string> | StripeFailure {
  if (value === undefined) return {};
  if (typeof value === 'string' || Array.isArray(value)) return invalid('Invalid object', param);
  const entries = Object.entries(value);
  if (entries.length > 50) return invalid('Metadata may have at most 50 keys', param);
  for (const [key, v] of entries) {
    if (typeof v !== 'string') return invalid('Invalid string', `${param}[${key}]`);
    if (key.length > 40) return invalid('Metadata keys may be at most 40 characters', `${param}[${key}]`);
    if (v.length > 500) return invalid('Metadata values may be at most 500 characters', `${param}[${key}]`);
  }
  return value as Record<string, string>;
}
