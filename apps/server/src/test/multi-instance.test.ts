import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { postSignIn } from '@app/contract/auth/sign-in';
import { postSignUp } from '@app/contract/auth/sign-up';
import { putFunctionPrice } from '@app/contract/billing/prices';
import { getAssistant } from '@app/contract/chat/chats';
import { getHealthy } from '@app/contract/core/healthy';
import type { Endpoint, EndpointBody, EndpointResponse } from '@app/contract/define-endpoint';
import { subscribeMessages } from '@app/contract/events/subscriber';
import { sendMessage } from '@app/contract/messages/send';
import pg from 'pg';
import { PgBoss } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpointUrl } from './call-endpoint';

/**
 * Two server processes on one PostgreSQL (issue 5, item 8): a message published through one
 * reaches a stream held open on the other within a second, and background jobs run exactly once
 * across both. PostgreSQL only: the embedded database is one process by nature.
 */
const url = process.env.TEST_DATABASE_URL;
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const ADMIN = { email: 'multi@example.com', password: 'multi-instance-pass-1' };

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

interface Instance {
  base: string;
  process: ChildProcess;
  output: () => string;
}

async function startInstance(databaseUrl: string, secret: string): Promise<Instance> {
  const port = await freePort();
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'multi-')),
      APP_SECRET: secret,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      SERVE_WEB: 'false',
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT_MAX: '1000',
      JOBS_ENABLED: 'true',
      REDIS_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => {
    output += String(chunk);
  });
  child.stderr?.on('data', (chunk) => {
    output += String(chunk);
  });
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`instance exited:\n${output}`);
    try {
      if ((await fetch(`${base}${endpointUrl(getHealthy, {})}`)).ok) break;
    } catch {}
    if (Date.now() > deadline) throw new Error(`instance did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { base, process: child, output: () => output };
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
) {
  const response = await fetch(`${base}${endpointUrl(endpoint, {})}`, {
    method: endpoint.method,
    headers: {
      'content-type': 'application/json',
      origin: base,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  const answer: unknown = await response.json();
  return {
    status: response.status,
    text: JSON.stringify(answer),
    ok: () => endpoint.response.parse(answer) as EndpointResponse<E>,
  };
}

describe.skipIf(!url)('two instances on one PostgreSQL', () => {
  const name = `t_multi_${Date.now()}_${randomBytes(3).toString('hex')}`;
  let databaseUrl: string;
  let a: Instance;
  let b: Instance;

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const target = new URL(url as string);
    target.pathname = `/${name}`;
    databaseUrl = target.toString();
    const secret = randomBytes(24).toString('hex');
    // Both at once, on an empty database: the start-up lock makes them migrate and seed in turn.
    [a, b] = await Promise.all([startInstance(databaseUrl, secret), startInstance(databaseUrl, secret)]);
  }, 150_000);

  afterAll(async () => {
    for (const instance of [a, b]) instance?.process.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 1500));
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
});
