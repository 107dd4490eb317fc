import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { putDynamicConfig } from '@app/contract/admin/dynamic-configs/dynamic-configs';
import { getDataset, importDataset, previewDataset } from '@app/contract/analytics/datasets';
import { runAnalyticsQuery } from '@app/contract/analytics/query';
import { postSignIn } from '@app/contract/auth/sign-in';
import { postSignOut } from '@app/contract/auth/sign-out';
import { postSignUp } from '@app/contract/auth/sign-up';
import { putFunctionPrice } from '@app/contract/billing/prices';
import { getAssistant } from '@app/contract/chat/chats';
import { getHealthy } from '@app/contract/core/healthy';
import type { Endpoint, EndpointBody, EndpointResponse } from '@app/contract/define-endpoint';
import { subscribeMessages } from '@app/contract/events/subscriber';
import { sendMessage } from '@app/contract/messages/send';
import { createStorageFileLink, uploadStorageFiles } from '@app/contract/storage/files';
import { getBasicInfos } from '@app/contract/user/get-basic-infos';
import { Redis } from 'ioredis';
import pg from 'pg';
import { PgBoss } from 'pg-boss';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpointUrl } from './call-endpoint';
import { type FilePart, multipartBody } from './multipart';
import { type ServerProcess, startServer, stopServer } from './server-process';

/**
 * Two server processes on one PostgreSQL, Redis and S3-protocol server (issue 5 item 8, issue 29
 * item 2), requests alternating between them: a message published through one reaches a stream on
 * the other within a second; jobs run once; a session revoked on one is refused by the other; a
 * setting changed on one holds on the other within a second; a file uploaded through one downloads
 * through the other; a dataset imported through one is queried through the other; a rate limit
 * counts across both. PostgreSQL only: the embedded database is one process by nature. (That a
 * sync writing on one leaves the other answering from the last complete version is shown on the
 * store itself, platform/analytics-shared.test.ts, where the write can be paused half-way.)
 */
const url = process.env.TEST_DATABASE_URL;
const ADMIN = { email: 'multi@example.com', password: 'multi-instance-pass-1' };
/** Its own Redis database, emptied first: counters of other runs or files are not counted. */
const REDIS_URL = 'redis://127.0.0.1:6379/7';
/** Sign-ins per window per address; the last test spends what the earlier ones left. */
const AUTH_LIMIT = 40;

interface Instance {
  base: string;
  server: ServerProcess;
  output: () => string;
}

async function startInstance(env: Record<string, string>): Promise<Instance> {
  const server = await startServer({
    NODE_ENV: 'production',
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'multi-')),
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    AUTH_RATE_LIMIT_MAX: String(AUTH_LIMIT),
    JOBS_ENABLED: 'true',
    REDIS_URL,
    ...env,
  });
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (server.child.exitCode !== null) throw new Error(`instance exited:\n${server.output()}`);
    try {
      if ((await fetch(`${server.base}${endpointUrl(getHealthy, {})}`)).ok) break;
    } catch {}
    if (Date.now() > deadline) throw new Error(`instance did not start:\n${server.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { base: server.base, server, output: server.output };
}

/**
 * Calls an endpoint of another process over real HTTP (fetch: these instances are separate
 * servers), through its contract: the URL from its path, the answer read with its schema.
 */
async function callOver<E extends Endpoint>(
  base: string,
  endpoint: E,
  body: EndpointBody<E>,
  token?: string,
  input: { params?: Record<string, string | number>; query?: unknown } = {},
) {
  const response = await fetch(`${base}${endpointUrl(endpoint, input)}`, {
    method: endpoint.method,
    headers: {
      origin: base,
      ...(endpoint.method === 'GET' ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(endpoint.method === 'GET' ? {} : { body: JSON.stringify(body ?? {}) }),
  });
  const answer: unknown = await response.json();
  return {
    status: response.status,
    text: JSON.stringify(answer),
    ok: () => endpoint.response.parse(answer) as EndpointResponse<E>,
  };
}

/** Uploads files through the storage upload contract of one instance, as the upload dialog does. */
async function uploadOver(base: string, token: string, parts: FilePart[]) {
  const { payload, headers } = multipartBody(parts);
  const response = await fetch(`${base}${endpointUrl(uploadStorageFiles, {})}`, {
    method: 'POST',
    headers: { ...headers, origin: base, authorization: `Bearer ${token}` },
    body: payload,
  });
  const answer: unknown = await response.json();
  expect(response.status, JSON.stringify(answer)).toBe(200);
  const [item] = uploadStorageFiles.response.parse(answer).result;
  if (!item?.file) throw new Error(`upload failed: ${JSON.stringify(answer)}`);
  return item.file.id;
}

describe.skipIf(!url)('two instances on one PostgreSQL', () => {
  const name = `t_multi_${Date.now()}_${randomBytes(3).toString('hex')}`;
  let databaseUrl: string;
  let a: Instance;
  let b: Instance;
  let s3: S3rver | undefined;
  let s3Dir: string | undefined;

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const target = new URL(url as string);
    target.pathname = `/${name}`;
    databaseUrl = target.toString();
    const secret = randomBytes(24).toString('hex');
    const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
    await redis.connect();
    await redis.flushdb();
    redis.disconnect();
    s3Dir = mkdtempSync(path.join(tmpdir(), 'multi-s3-'));
    s3 = new S3rver({
      port: 0,
      address: '127.0.0.1',
      silent: true,
      directory: s3Dir,
      configureBuckets: [{ name: 'multi', configs: [] }],
    });
    const { port } = (await s3.run()) as { port: number };
    const env = {
      DATABASE_URL: databaseUrl,
      APP_SECRET: secret,
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_BUCKET: 'multi',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    };
    // Both at once, on an empty database: the start-up lock makes them migrate and seed in turn.
    [a, b] = await Promise.all([startInstance(env), startInstance(env)]);
  }, 180_000);

  afterAll(async () => {
    await Promise.all([a, b].map((instance) => (instance ? stopServer(instance.server) : null)));
    await s3?.close();
    if (s3Dir) rmSync(s3Dir, { recursive: true, force: true });
    const cleaner = new pg.Client({ connectionString: url });
    await cleaner.connect();
    await cleaner.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await cleaner.end();
  }, 30_000);

  it('started together, they migrated once and seeded one super admin', async () => {
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    try {
      const admins = await db.query("select email from users where role = 'super_admin'");
      expect(admins.rows).toEqual([{ email: ADMIN.email }]);
      const migrations = await db.query('select hash from drizzle.__drizzle_migrations');
      expect(new Set(migrations.rows.map((row) => row.hash)).size).toBe(migrations.rows.length);
    } finally {
      await db.end();
    }
  });

  it('a message sent through one instance reaches a stream open on the other within a second', async () => {
    const signUp = await callOver(a.base, postSignUp, {
      name: 'Ada',
      email: `ada-${Date.now()}@example.com`,
      password: 'Ada-orchard-lantern-47',
    });
    expect(signUp.status).toBe(200);
    const { token: userToken, user } = signUp.ok();
    const userId = user.id;
    const adminToken = (await callOver(a.base, postSignIn, ADMIN)).ok().token ?? '';

    // The user's tab holds its stream on instance B.
    const streamUrl = endpointUrl(subscribeMessages, {
      params: { topic: 'user_basic' },
      query: { timeout: 10 },
    });
    const stream = await fetch(`${b.base}${streamUrl}`, {
      headers: { authorization: `Bearer ${userToken}` },
    });
    expect(stream.status).toBe(200);
    const reader = (stream.body as ReadableStream<Uint8Array>).getReader();

    const sentAt = Date.now();
    const sent = await callOver(
      a.base,
      sendMessage,
      {
        audience: { kind: 'users', user_ids: [userId] },
        in_app: true,
        email: false,
        level: 'warning',
        title: 'Across instances',
        body: 'Sent through A, heard on B.',
      },
      adminToken,
    );
    expect(sent.status, sent.text).toBe(200);

    let text = '';
    while (!text.includes('Across instances')) {
      const { value, done } = await reader.read();
      if (done) break;
      text += new TextDecoder().decode(value);
    }
    const latency = Date.now() - sentAt;
    await reader.cancel();
    expect(text).toContain('"total":1');
    expect(latency).toBeLessThan(1000);
  }, 30_000);

  it('a price an admin changes on one instance is what the other charges within a second', async () => {
    // The price table is kept in memory per version on each instance (credits/price-table.ts).
    const adminToken = (await callOver(a.base, postSignIn, ADMIN)).ok().token ?? '';
    const priceOnB = async () => {
      const response = await fetch(`${b.base}${endpointUrl(getAssistant, {})}`, {
        headers: { authorization: `Bearer ${adminToken}` },
      });
      return getAssistant.response.parse(await response.json()).message_credits;
    };
    expect(await priceOnB()).toBe(1);
    const changedAt = Date.now();
    const changed = await callOver(
      a.base,
      putFunctionPrice,
      { function_key: 'chat', credits: 3 },
      adminToken,
    );
    expect(changed.status, changed.text).toBe(200);
    await expect.poll(priceOnB, { timeout: 5000, interval: 50 }).toBe(3);
    expect(Date.now() - changedAt).toBeLessThan(1000);
  }, 30_000);

  it('jobs run exactly once across both instances, including a scheduled one', async () => {
    // A third party queues work, as an instance would; both instances' workers compete for it.
    const boss = new PgBoss({ connectionString: databaseUrl, max: 2, supervise: false, schedule: false });
    boss.on('error', () => undefined);
    await boss.start();
    const ids: string[] = [];
    for (let i = 0; i < 12; i += 1) ids.push((await boss.send('stream.purge', { i })) as string);
    await boss.stop({ graceful: false, close: true });

    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    try {
      const runsOf = async (queue: string) =>
        (
          await db.query<{ job_id: string; runner: string; started_at: Date }>(
            'select job_id, runner, started_at from job_runs where queue = $1 order by started_at',
            [queue],
          )
        ).rows;
      await expect
        .poll(async () => (await runsOf('stream.purge')).length, { timeout: 20_000 })
        .toBeGreaterThanOrEqual(12);
      const purges = (await runsOf('stream.purge')).filter((run) => ids.includes(run.job_id));
      expect(purges).toHaveLength(12);
      expect(new Set(purges.map((run) => run.job_id)).size).toBe(12);

      // The e-mail retry job is scheduled every minute by both instances: each tick runs once.
      await expect
        .poll(async () => (await runsOf('email.retry')).length, { timeout: 100_000, interval: 2000 })
        .toBeGreaterThanOrEqual(1);
      await new Promise((resolve) => setTimeout(resolve, 5000));
      const ticks = await runsOf('email.retry');
      const minutes = ticks.map((run) => new Date(run.started_at).toISOString().slice(0, 16));
      expect(new Set(minutes).size).toBe(minutes.length);
    } finally {
      await db.end();
    }
  }, 150_000);

  it('a session revoked through one instance is refused by the other', async () => {
    const signUp = await callOver(a.base, postSignUp, {
      name: 'Grace',
      email: `grace-${Date.now()}@example.com`,
      password: 'Grace-harbour-compass-58',
    });
    const { token } = signUp.ok();
    expect((await callOver(b.base, getBasicInfos, undefined, token)).status).toBe(200);
    expect((await callOver(a.base, postSignOut, {}, token)).status).toBe(200);
    await expect
      .poll(async () => (await callOver(b.base, getBasicInfos, undefined, token)).status, { timeout: 1000 })
      .toBe(401);
  }, 30_000);

  it('a dynamic config changed on one instance holds on the other within a second', async () => {
    const adminToken = (await callOver(a.base, postSignIn, ADMIN)).ok().token ?? '';
    const closed = await callOver(a.base, putDynamicConfig, { value: false }, adminToken, {
      params: { key: 'sign_up_enable' },
    });
    expect(closed.status, closed.text).toBe(200);
    const changedAt = Date.now();
    const signUpOnB = async () =>
      (
        await callOver(b.base, postSignUp, {
          name: 'Late',
          email: `late-${Date.now()}-${Math.random()}@example.com`,
          password: 'Late-meadow-violin-93',
        })
      ).status;
    await expect.poll(signUpOnB, { timeout: 3000, interval: 50 }).not.toBe(200);
    expect(Date.now() - changedAt).toBeLessThan(1000);
    const opened = await callOver(a.base, putDynamicConfig, { value: true }, adminToken, {
      params: { key: 'sign_up_enable' },
    });
    expect(opened.status, opened.text).toBe(200);
  }, 30_000);

  it('a file uploaded through one instance downloads through the other; a dataset imported through one is queried through the other', async () => {
    const { token } = (
      await callOver(a.base, postSignUp, {
        name: 'Lin',
        email: `lin-${Date.now()}@example.com`,
        password: 'Lin-lantern-river-71',
      })
    ).ok();
    const rows = [
      ['2026-10-01', 'organic', 120],
      ['2026-10-01', 'paid', 80],
      ['2026-10-02', 'organic', 130],
      ['2026-10-02', 'paid', 95],
    ] as const;
    const csv = Buffer.from(['Day,Channel,Sessions', ...rows.map((r) => r.join(','))].join('\n'));
    const fileId = await uploadOver(a.base, token, [
      { name: 'channels.csv', content: csv, type: 'text/csv' },
    ]);

    const link = await callOver(b.base, createStorageFileLink, { disposition: 'attachment' }, token, {
      params: { id: fileId },
    });
    expect(link.status, link.text).toBe(200);
    const href = link.ok().url;
    const bytes = await fetch(href.startsWith('http') ? href : `${b.base}${href}`);
    expect(bytes.status).toBe(200);
    expect(Buffer.from(await bytes.arrayBuffer())).toEqual(csv);

    const preview = await callOver(a.base, previewDataset, { file_id: fileId }, token);
    expect(preview.status, preview.text).toBe(200);
    const started = await callOver(
      a.base,
      importDataset,
      { file_id: fileId, name: 'Channels', columns: preview.ok().columns },
      token,
    );
    expect(started.status, started.text).toBe(200);
    const datasetId = started.ok().dataset.id;
    await expect
      .poll(
        async () =>
          (await callOver(b.base, getDataset, undefined, token, { params: { id: datasetId } })).ok().dataset
            .status,
        { timeout: 30_000, interval: 200 },
      )
      .toBe('ready');
    // Asked of both: each answers from its own copy of the store's current version.
    for (const instance of [b, a]) {
      const result = await callOver(
        instance.base,
        runAnalyticsQuery,
        {
          source: `dataset:${datasetId}`,
          metrics: ['sessions'],
          dimensions: ['channel'],
          date_range: { start: '2026-10-01', end: '2026-10-02' },
          order: [{ field: 'channel', direction: 'asc' }],
        },
        token,
      );
      expect(result.status, result.text).toBe(200);
      const byChannel = Object.fromEntries(result.ok().rows.map((row) => [row.channel, row.sessions]));
      const expected = (channel: string) =>
        rows.filter((r) => r[1] === channel).reduce((sum, r) => sum + r[2], 0);
      expect(byChannel).toEqual({ organic: expected('organic'), paid: expected('paid') });
    }
    // The versions are recorded once, in PostgreSQL, and the bytes are in the shared bucket.
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    try {
      const versions = await db.query(
        "select version, object_key from analytics_store_versions where store_key like 'team:%' order by version",
      );
      expect(versions.rows.length).toBeGreaterThanOrEqual(1);
      expect(versions.rows.every((row) => typeof row.object_key === 'string')).toBe(true);
    } finally {
      await db.end();
    }
  }, 90_000);

  it('sign-in attempts are counted across both instances (Redis): the limit holds for the pair', async () => {
    const answers: { instance: 'a' | 'b'; status: number }[] = [];
    for (let i = 0; i < AUTH_LIMIT; i += 1) {
      const instance = i % 2 ? 'b' : 'a';
      const res = await callOver(instance === 'a' ? a.base : b.base, postSignIn, {
        email: 'nobody@example.com',
        password: 'not-the-password-1',
      });
      answers.push({ instance, status: res.status });
    }
    // Each instance saw half the attempts, fewer than the limit: only a shared count refuses any.
    const first = answers.findIndex((answer) => answer.status === 429);
    expect(first).toBeGreaterThan(0);
    const after = answers.slice(first);
    expect(after.every((answer) => answer.status === 429)).toBe(true);
    expect(new Set(after.map((answer) => answer.instance))).toEqual(new Set(['a', 'b']));
  }, 60_000);
});
