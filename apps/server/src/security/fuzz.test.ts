import type { Endpoint } from '@app/contract/define-endpoint';
import { getBasicInfos } from '@app/contract/user/get-basic-infos';
import { count, eq } from 'drizzle-orm';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operationRecords, users } from '../db/schema';
import { callEndpoint } from '../test/call-endpoint';
import { HOSTILE_STRINGS, mixedValue, validValue } from '../test/fuzz/zod-arbitrary';
import { createTestApp, signUpUser, type TestApp } from '../test/test-app';

/**
 * Every endpoint of the registry (a new one is fuzzed the day it is registered), fed generated
 * inputs from its own zod schemas, valid and hostile mixed, as an anonymous caller, an ordinary
 * user and an admin. It fails on any 5xx, any refusal outside the envelope, any 2xx to an input
 * the contract refuses, and any breach of "401 before 403 before 400". Seeded and bounded:
 * FUZZ_SEED replays a run, FUZZ_RUNS scales it (requests per endpoint and identity).
 */
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2_147_483_647);
const RUNS = Number(process.env.FUZZ_RUNS ?? 20);

type Identity = 'anonymous' | 'user' | 'admin';

interface FuzzRequest {
  params: Record<string, string>;
  query: Record<string, string>;
  body: unknown;
  /** Built from values the router can place (no broken encoding, no oversized segment). */
  routable: boolean;
}

/** Query and params travel as text: what the server's parser gives the schema. */
function wireText(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'string') return value;
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** A path segment as a client sends it (a lone surrogate cannot be UTF-8: the replacement character goes). */
function segment(value: string): string {
  return encodeURIComponent(value.toWellFormed() || 'x');
}

/** Path segments the router itself must refuse in the envelope. */
const RAW_SEGMENTS = ['%FF%FE', '%00', 'A'.repeat(5000), '..', '%2e%2e%2fadmin'];

function requestArbitrary(endpoint: Endpoint): fc.Arbitrary<FuzzRequest> {
  const paramKeys = Object.keys(endpoint.params?.shape ?? {});
  const params: fc.Arbitrary<{ values: Record<string, string>; routable: boolean }> = paramKeys.length
    ? fc.oneof(
        {
          weight: 4,
          arbitrary: fc
            .record(
              Object.fromEntries(
                paramKeys.map((key) => {
                  const schema = endpoint.params?.shape[key];
                  const valid = schema ? validValue(schema as never) : fc.constant('x');
                  return [
                    key,
                    fc.oneof(
                      valid.map((v) => String(v ?? 'x')),
                      fc.constantFrom(...HOSTILE_STRINGS),
                    ),
                  ];
                }),
              ),
            )
            .map((values) => ({
              values: Object.fromEntries(Object.entries(values).map(([key, value]) => [key, segment(value)])),
              // `.` and `..` are path steps, not values: the router resolves them before any route.
              routable: Object.values(values).every(
                (value) => segment(value).length < 90 && !/^\.{1,2}$/.test(segment(value)),
              ),
            })),
        },
        {
          weight: 1,
          arbitrary: fc.constantFrom(...RAW_SEGMENTS).map((raw) => ({
            values: Object.fromEntries(paramKeys.map((key) => [key, raw])),
            routable: false,
          })),
        },
      )
    : fc.constant({ values: {}, routable: true });
  const query = endpoint.query
    ? mixedValue(endpoint.query as never).map((value) => {
        if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
        const out: Record<string, string> = {};
        for (const [key, item] of Object.entries(value)) {
          const text = wireText(item);
          if (text !== undefined) out[key] = text;
        }
        return out;
      })
    : fc.constant({});
  const body = endpoint.body ? mixedValue(endpoint.body as never) : fc.constant(undefined);
  return fc.record({ params, query, body }).map(({ params: p, query: q, body: b }) => ({
    params: p.values,
    query: q,
    body: b,
    routable: p.routable,
  }));
}

/** What goes on the wire as the JSON body: a missing (or null) body is sent as `{}`. */
function payloadOf(request: FuzzRequest): object {
  return (request.body ?? {}) as object;
}

function urlOf(endpoint: Endpoint, request: FuzzRequest): string {
  const path = endpoint.path.replace(/\{(\w+)\??\}/g, (_, name: string) => request.params[name] ?? 'x');
  const search = new URLSearchParams(request.query).toString();
  return search ? `${path}?${search}` : path;
}

/** What the server's parsers would hand the schemas: decoded params, text query, JSON body. */
function refusedByContract(endpoint: Endpoint, request: FuzzRequest): string | null {
  const decoded: Record<string, string> = {};
  for (const [key, value] of Object.entries(request.params)) {
    try {
      decoded[key] = decodeURIComponent(value);
    } catch {
      return 'params (not decodable)';
    }
  }
  if (endpoint.params && !endpoint.params.safeParse(decoded).success) return 'params';
  if (endpoint.query && !endpoint.query.safeParse(request.query).success) return 'query';
  if (endpoint.body) {
    const sent = JSON.parse(JSON.stringify(payloadOf(request)));
    if (!endpoint.body.safeParse(sent).success) return 'body';
  }
  return null;
}

function hasEnvelope(res: LightMyRequestResponse): boolean {
  try {
    const body = res.json() as Record<string, unknown>;
    return (
      typeof body.error_code === 'string' && typeof body.msg === 'string' && typeof body.req_id === 'string'
    );
  } catch {
    return false;
  }
}

/**
 * WeChat Pay and Alipay read our answer to their notices in their own protocol, not in the
 * envelope (docs/decisions.md, WeChat Pay and Alipay): a refused notice is `{"code":"FAIL",
 * "message":…}` for WeChat Pay and the text `fail` for Alipay, so that each delivers it again.
 */
function vendorRefusal(url: string, res: LightMyRequestResponse): boolean {
  const vendor = /^\/api\/payments\/notify\/(wechatpay|alipay)(\?|$)/.exec(url)?.[1];
  if (vendor === 'alipay') return res.body === 'fail';
  if (vendor !== 'wechatpay') return false;
  try {
    const body = res.json() as Record<string, unknown>;
    return body.code === 'FAIL' && typeof body.message === 'string';
  } catch {
    return false;
  }
}

describe(`fuzzing every endpoint (FUZZ_SEED=${SEED}, FUZZ_RUNS=${RUNS})`, () => {
  let t: TestApp;
  const auth: Record<Identity, Record<string, string>> = { anonymous: {}, user: {}, admin: {} };

  const makeIdentity = async (who: Exclude<Identity, 'anonymous'>) => {
    const made = await signUpUser(t.app);
    if (who === 'admin')
      await t.platform.db.update(users).set({ role: 'admin' }).where(eq(users.id, made.userId));
    auth[who] = made.auth;
  };

  const operationRecordCount = async () =>
    (await t.platform.db.select({ n: count() }).from(operationRecords))[0]?.n ?? 0;

  beforeAll(async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT_MAX: '100000' });
    await makeIdentity('user');
    await makeIdentity('admin');
  });
  afterAll(() => t.close());

  it('no 5xx, every refusal in the envelope, no 2xx to what the contract refuses, 401 before 403 before 400', async () => {
    // Printed so a failing CI run can be replayed exactly.
    console.log(`fuzz: FUZZ_SEED=${SEED} FUZZ_RUNS=${RUNS}`);
    const failures: string[] = [];
    const endpoints = t.platform.registry.all().sort((a, b) => a.id.localeCompare(b.id));
    let sent = 0;
    const slow: string[] = [];
    /** Admin mutations seen succeeding (each then checked for its operation record). */
    const recorded = new Set<string>();
    for (const [index, endpoint] of endpoints.entries()) {
      const t0 = performance.now();
      const requests = fc.sample(requestArbitrary(endpoint), { seed: SEED + index, numRuns: RUNS * 3 });
      if (process.env.FUZZ_TRACE)
        process.stderr.write(`${endpoint.id} sampled in ${Math.round(performance.now() - t0)} ms\n`);
      for (const [n, request] of requests.entries()) {
        const who: Identity = (['anonymous', 'user', 'admin'] as const)[n % 3] ?? 'anonymous';
        if (endpoint.answer?.kind === 'event-stream') request.query.timeout = '0.1';
        // Raw on purpose: the fuzz sends what the contract refuses (hostile text, broken
        // segments), built from the endpoint's own path and schemas, so no literal URL is involved.
        const send = () =>
          t.app.inject({
            method: endpoint.method,
            url: urlOf(endpoint, request),
            headers: auth[who],
            ...(endpoint.method === 'GET' ? {} : { payload: payloadOf(request) }),
          });
        // An admin mutation that succeeds leaves an operation record (what changed, by whom).
        const adminMutation =
          who === 'admin' &&
          endpoint.method !== 'GET' &&
          !endpoint.readOnly &&
          endpoint.permission.startsWith('admin.');
        const recordsBefore = adminMutation ? await operationRecordCount() : 0;
        const started = performance.now();
        let res = await send();
        sent += 1;
        const took = performance.now() - started;
        if (took > 1000) slow.push(`${endpoint.id} as ${who}: ${Math.round(took)} ms`);
        // A fuzzed call may have ended this identity's session (sign-out, a ban): make a new one.
        if (who !== 'anonymous' && res.statusCode === 401) {
          const alive = await callEndpoint(t.app, getBasicInfos, { headers: auth[who] });
          if (alive.status === 401) {
            await makeIdentity(who);
            res = await send();
          }
        }
        const show = () =>
          `${endpoint.id} as ${who}: ${endpoint.method} ${urlOf(endpoint, request).slice(0, 300)} ${JSON.stringify(request.body ?? null).slice(0, 300)} -> ${res.statusCode} ${res.body.slice(0, 300)}`;
        if (res.statusCode >= 500) failures.push(`5xx: ${show()}`);
        else if (res.statusCode >= 400 && !hasEnvelope(res) && !vendorRefusal(urlOf(endpoint, request), res))
          failures.push(`no envelope: ${show()}`);
        else if (res.statusCode < 300) {
          const refused = refusedByContract(endpoint, request);
          if (refused) failures.push(`2xx to an input its ${refused} schema refuses: ${show()}`);
        }
        if (adminMutation && res.statusCode < 300) recorded.add(endpoint.id);
        if (adminMutation && res.statusCode < 300 && (await operationRecordCount()) <= recordsBefore)
          failures.push(`admin mutation without an operation record: ${show()}`);
        if (request.routable && endpoint.permission !== 'public') {
          if (who === 'anonymous' && res.statusCode !== 401) failures.push(`anonymous not 401: ${show()}`);
          const restricted = endpoint.permission !== 'signed_in';
          if (who === 'user' && restricted && res.statusCode !== 403)
            failures.push(`user not 403: ${show()}`);
        }
      }
    }
    console.log(
      `fuzz: ${sent} requests; admin mutations that succeeded: ${[...recorded].join(', ') || 'none'}`,
    );
    if (slow.length) console.log(`fuzz: slow answers\n${slow.join('\n')}`);
    expect(sent).toBeGreaterThan(endpoints.length * RUNS * 2);
    expect(failures, `replay with FUZZ_SEED=${SEED} FUZZ_RUNS=${RUNS}`).toEqual([]);
  }, 600_000);
});
