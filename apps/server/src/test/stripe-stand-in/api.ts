import type { IncomingMessage, ServerResponse } from 'node:http';
import Stripe from 'stripe';
import { header, readBody } from './http';
import { badKey, type FormObject, failure, invalid, newId, parseForm, type StripeFailure } from './protocol';

/**
 * What every request to the stand-in's API goes through before its route (routes.ts) answers it,
 * as Stripe does: the Bearer key, the pinned API version (a request naming another is refused, so
 * the pin is checked), Stripe's sweep of expired sessions, the failures a test scripted
 * (`failNext`), and idempotency keys (same key and parameters: the first answer again,
 * `Idempotent-Replayed: true`; other parameters, or the first still in flight: `idempotency_error`).
 */

export const STAND_IN_API_VERSION: typeof Stripe.API_VERSION = Stripe.API_VERSION;

export interface RecordedRequest {
  method: string;
  path: string;
  apiKey: string | null;
  version: string | null;
  idempotencyKey: string | null;
  form: FormObject;
  /** The status answered (0 until then). */
  status: number;
}

interface Idempotent {
  fingerprint: string;
  status: number;
  body: unknown;
}

export interface ApiParts {
  /** The secret key it accepts. */
  secretKey: string;
  /** Sessions past their time expire before a request is answered. */
  sweep: () => Promise<void>;
  route: (record: RecordedRequest) => Promise<{ status: number; body: unknown }>;
}

export function write(
  res: ServerResponse,
  record: RecordedRequest | null,
  status: number,
  body: unknown,
  extra: Record<string, string> = {},
) {
  if (record) record.status = status;
  res
    .writeHead(status, {
      'content-type': 'application/json',
      'request-id': newId('req_', 14),
      'stripe-version': STAND_IN_API_VERSION,
      ...extra,
    })
    .end(JSON.stringify(body, null, 2));
}

export const fail = (res: ServerResponse, record: RecordedRequest, problem: StripeFailure) =>
  write(res, record, problem.status, { error: problem.error });

export class StandInApi {
  private readonly idempotent = new Map<string, Idempotent | 'in_flight'>();
  private readonly scripted: { method: string; path: RegExp; error: StripeFailure; times: number }[] = [];

  constructor(private readonly parts: ApiParts) {}

  /** Fails the next `times` calls to `METHOD /path` (regex on the path) with this error. */
  failNext(method: string, path: RegExp, error: StripeFailure, times = 1): void {
    this.scripted.push({ method, path, error, times });
  }

  /** Answers a request to `/v1/…`, recording what it was and what was answered. */
  async handle(req: IncomingMessage, res: ServerResponse, record: RecordedRequest) {
    const text = await readBody(req);
    const url = new URL(req.url ?? '/', 'http://stand-in');
    // stripe-node sends a GET's and a DELETE's parameters in the query string.
    record.form = parseForm(
      record.method === 'GET' || record.method === 'DELETE' ? url.searchParams.toString() : text,
    );
    const auth = header(req, 'authorization');
    record.apiKey = auth?.startsWith('Bearer ') ? auth.slice(7) : null;
    if (record.apiKey !== this.parts.secretKey) return fail(res, record, badKey(record.apiKey));
    if (record.version && record.version !== STAND_IN_API_VERSION) {
      return fail(
        res,
        record,
        invalid(`Invalid Stripe API version: ${record.version}`, undefined, 'api_version_invalid'),
      );
    }
    await this.parts.sweep();
    const script = this.scripted.find(
      (s) => s.method === record.method && s.path.test(record.path) && s.times > 0,
    );
    if (script) {
      script.times -= 1;
      return fail(res, record, script.error);
    }
    const key = record.method === 'POST' ? record.idempotencyKey : null;
    if (!key) {
      const { status, body } = await this.parts.route(record);
      return write(res, record, status, body);
    }
    // Stripe keeps an idempotency key's first answer (24 hours) for the same endpoint and parameters.
    const fingerprint = `${record.method} ${record.path} ${text}`;
    const seen = this.idempotent.get(key);
    if (seen === 'in_flight') {
      return fail(
        res,
        record,
        failure(409, {
          type: 'idempotency_error',
          message:
            'There is currently another in-progress request using this Idempotent Key (that probably means you submitted twice, and the other request is still going through): ' +
            key +
            '. Please try again later.',
        }),
      );
    }
    if (seen) {
      if (seen.fingerprint !== fingerprint) {
        return fail(
          res,
          record,
          failure(400, {
            type: 'idempotency_error',
            message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
          }),
        );
      }
      return write(res, record, seen.status, seen.body, {
        'idempotent-replayed': 'true',
        'idempotency-key': key,
      });
    }
    this.idempotent.set(key, 'in_flight');
    try {
      const { status, body } = await this.parts.route(record);
      // Stripe does not keep answers to requests that failed on its side (5xx): those may be retried.
      if (status < 500) this.idempotent.set(key, { fingerprint, status, body });
      else this.idempotent.delete(key);
      return write(res, record, status, body, { 'idempotency-key': key });
    } catch (error) {
      this.idempotent.delete(key);
      throw error;
    }
  }
}
