import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { runAnalyticsQuery } from '@app/contract/analytics/query';
import { getApiDocument } from '@app/contract/core/api-docs';
import { getHealthy } from '@app/contract/core/healthy';
import { getMetrics } from '@app/contract/core/metrics';
import { getPing } from '@app/contract/core/ping';
import { getReady } from '@app/contract/core/ready';
import { subscribeMessages } from '@app/contract/events/subscriber';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditReservations, teams } from '../../db/schema';
import { callEndpoint, endpointUrl } from '../../test/call-endpoint';
import { createTestApp, signUpUser, type TestApp } from '../../test/test-app';

/** One sample's value from the exposition text, or undefined when the series is absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][\w:]*)(\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const has = Object.fromEntries(
      [...(match[3] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]),
    );
    if (Object.entries(labels).every(([key, value]) => has[key] === value)) return Number(match[4]);
  }
  return undefined;
}

/**
 * A scrape from elsewhere than this machine. light-my-request calls from 127.0.0.1 unless told
 * otherwise, and `callEndpoint` has no say over the caller's address: hence `inject` itself, at
 * the contract's own path.
 */
const scrapeFrom = (t: TestApp, remoteAddress: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: endpointUrl(getMetrics, {}), remoteAddress, headers });

describe('metrics: the figures and who may read them', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const scrape = async () => {
    const res = await callEndpoint(t.app, getMetrics);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain; version=0.0.4');
    return res.text;
  };

  it('counts each route once per request, by route pattern and status, never by raw URL', async () => {
    const before = await scrape();
    const count = (text: string, route: string, status: string) =>
      sample(text, 'app_http_request_duration_seconds_count', { method: 'GET', route, status }) ?? 0;
    for (let i = 0; i < 5; i += 1) expect((await callEndpoint(t.app, getPing)).status).toBe(200);
    for (let i = 0; i < 3; i += 1) await callEndpoint(t.app, getHealthy);
    await callEndpoint(t.app, getApiDocument, { params: { type: 'open' } });
    await t.app.inject({ method: 'GET', url: '/api/no-such-thing/42' });
    const after = await scrape();
    expect(count(after, '/api/ping', '200') - count(before, '/api/ping', '200')).toBe(5);
    expect(count(after, '/api/healthy', '200') - count(before, '/api/healthy', '200')).toBe(3);
    expect(count(after, '/api/openapi/{type}', '200') - count(before, '/api/openapi/{type}', '200')).toBe(1);
    // Every bucket series of a route adds up to its count: `le="+Inf"` holds all five.
    expect(
      (sample(after, 'app_http_request_duration_seconds_bucket', { route: '/api/ping', le: '+Inf' }) ?? 0) -
        (sample(before, 'app_http_request_duration_seconds_bucket', { route: '/api/ping', le: '+Inf' }) ?? 0),
    ).toBe(5);
    expect(after).not.toContain('/api/openapi/open');
    expect(after).not.toContain('no-such-thing');
    expect(count(after, 'unmatched', '404')).toBeGreaterThanOrEqual(1);
  });

  it('reports open event streams, and none once they end', async () => {
    const user = await signUpUser(t.app);
    const stream = callEndpoint(t.app, subscribeMessages, {
      as: user,
      params: { topic: 'user_basic' },
      query: { timeout: 1 },
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const during = await scrape();
    expect(sample(during, 'app_event_streams_open', { route: subscribeMessages.path })).toBe(1);
    expect((await stream).status).toBe(200);
    const after = await scrape();
    expect(sample(after, 'app_event_streams_open', { route: subscribeMessages.path })).toBe(0);
    // A stream's life is not a latency.
    expect(after).not.toContain(`route="${subscribeMessages.path}",status`);
  });

  it('reports credit holds, analytics query time, sync lag, caches and the process, read at scrape time', async () => {
    const user = await signUpUser(t.app);
    const [team] = await t.platform.db.select({ id: teams.id }).from(teams).limit(1);
    if (!team) throw new Error('no team');
    await t.platform.db.insert(creditReservations).values([
      {
        teamId: team.id,
        functionKey: 'metrics-test',
        amount: 7,
        leaseExpiresAt: new Date(Date.now() + 60_000),
      },
      {
        teamId: team.id,
        functionKey: 'metrics-test',
        amount: 5,
        leaseExpiresAt: new Date(Date.now() - 60_000),
      },
      {
        teamId: team.id,
        functionKey: 'metrics-test',
        amount: 100,
        status: 'settled',
        leaseExpiresAt: new Date(Date.now() + 60_000),
      },
    ]);
    const asked = await callEndpoint(t.app, runAnalyticsQuery, {
      as: user,
      body: { source: 'ga', metrics: ['sessions'], dimensions: ['channel'], date_range: 'last_30_days' },
    });
    expect(asked.status).toBe(200);

    const text = await scrape();
    expect(sample(text, 'app_credit_reservations_held', { measure: 'holds' })).toBe(2);
    expect(sample(text, 'app_credit_reservations_held', { measure: 'overdue' })).toBe(1);
    expect(sample(text, 'app_credit_reservations_held', { measure: 'credits' })).toBe(12);
    expect(sample(text, 'app_analytics_query_duration_seconds_count', { source: 'ga', outcome: 'ok' })).toBe(
      1,
    );
    expect(sample(text, 'app_sync_lag_summary', { measure: 'teams' })).toBe(0);
    expect(text).toContain('# TYPE app_cache_lookups_total counter');
    expect(
      sample(text, 'app_cache_entries', { cache: t.platform.caches.list()[0]?.name ?? '' }),
    ).toBeDefined();
    expect(text).toContain('app_process_cpu_seconds_total');
  });

  it('without a token, only this machine may read them: another address and a forwarded request are refused', async () => {
    const remote = await scrapeFrom(t, '203.0.113.7');
    expect(remote.statusCode).toBe(403);
    expect(remote.json()).toMatchObject({ error_code: 'FORBIDDEN' });
    expect(remote.body).not.toContain('app_http_request');
    // Through a proxy on this host: the socket is local, the caller is not.
    const forwarded = await callEndpoint(t.app, getMetrics, {
      headers: { 'x-forwarded-for': '203.0.113.7' },
    });
    expect(forwarded.status).toBe(403);
    expect((await scrapeFrom(t, '::1')).statusCode).toBe(200);
    expect((await scrapeFrom(t, '::ffff:127.0.0.1')).statusCode).toBe(200);
  });
});

describe('metrics behind a token (METRICS_TOKEN, METRICS_LOOPBACK=false)', () => {
  const token = 'scrape-token-0123456789abcdef';
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ METRICS_TOKEN: token, METRICS_LOOPBACK: 'false' });
  });
  afterAll(() => t.close());

  it('answers the token from anywhere and refuses everyone else, this machine included', async () => {
    const allowed = await scrapeFrom(t, '203.0.113.7', { authorization: `Bearer ${token}` });
    expect(allowed.statusCode).toBe(200);
    expect(allowed.body).toContain('app_http_request_duration_seconds');
    const wrong = await scrapeFrom(t, '203.0.113.7', { authorization: `Bearer ${token}x` });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ error_code: 'BEARER_TOKEN_ERROR' });
    const local = await callEndpoint(t.app, getMetrics);
    expect(local.status).toBe(401);
    expect(local.error().error_code).toBe('BEARER_TOKEN_ERROR');
  });
});

describe('readiness, apart from liveness', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('is ready with the database, the migrations and the object store; Redis is not asked when not set', async () => {
    const res = await callEndpoint(t.app, getReady);
    expect(res.ok()).toEqual({
      status: 'ready',
      checks: { database: 'ok', migrations: 'ok', object_store: 'ok' },
    });
  });

  it('a broken object store answers 503 naming it, while liveness still answers', async () => {
    const files = t.platform.files;
    const stat = files.stat.bind(files);
    files.stat = async () => {
      throw new Error('connect ECONNREFUSED');
    };
    try {
      const res = await callEndpoint(t.app, getReady);
      expect(res.status).toBe(503);
      expect(res.error()).toMatchObject({
        error_code: 'SERVER_ERROR',
        msg: 'Not ready: object_store failed',
      });
      expect(JSON.parse(res.text).checks).toEqual({
        database: 'ok',
        migrations: 'ok',
        object_store: 'failed',
      });
      expect((await callEndpoint(t.app, getHealthy)).status).toBe(200);
    } finally {
      files.stat = stat;
    }
    expect((await callEndpoint(t.app, getReady)).status).toBe(200);
  });
});

const REDIS_SERVER = '/usr/bin/redis-server';

describe.skipIf(!existsSync(REDIS_SERVER))('readiness with Redis (REDIS_URL)', () => {
  let t: TestApp;
  let redis: ReturnType<typeof spawn> | undefined;
  beforeAll(async () => {
    const port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const address = probe.address();
        probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
      });
    });
    redis = spawn(REDIS_SERVER, ['--port', String(port), '--save', '', '--appendonly', 'no'], {
      stdio: 'ignore',
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    t = await createTestApp({ REDIS_URL: `redis://127.0.0.1:${port}` });
  });
  afterAll(async () => {
    redis?.kill('SIGKILL');
    await t?.close();
  });

  it('is ready while Redis answers, and 503 naming Redis once it is stopped', async () => {
    const up = await callEndpoint(t.app, getReady);
    expect(up.ok().checks).toEqual({ database: 'ok', migrations: 'ok', redis: 'ok', object_store: 'ok' });
    const exited = new Promise((resolve) => redis?.once('exit', resolve));
    redis?.kill('SIGTERM');
    await exited;
    const down = await callEndpoint(t.app, getReady);
    expect(down.status).toBe(503);
    expect(down.error().msg).toBe('Not ready: redis failed');
    expect(JSON.parse(down.text).checks).toMatchObject({ redis: 'failed', database: 'ok' });
  });
});
