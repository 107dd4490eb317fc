import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { postSignUp } from '@app/contract/auth/sign-up';
import { createOrder } from '@app/contract/billing/orders';
import { createPayment } from '@app/contract/billing/payments';
import { listPlans } from '@app/contract/billing/plans';
import { uploadStorageFiles } from '@app/contract/storage/files';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGNATURE_HEADER, signNotification } from '../modules/payments/sandbox/sandbox-keys';
import { endpointUrl } from './call-endpoint';
import { multipartBody } from './multipart';
import { type ServerProcess, startServer, stopServer, untilRunning } from './server-process';

/**
 * Kill -9 (issue 29, item 3): under concurrent sign-ups, uploads and payment notices the server is
 * killed with SIGKILL twice and started again on the same data. Every write it acknowledged (a 2xx)
 * is there afterwards; the next start releases credit holds whose lease ran out and removes upload
 * bytes left without their row, and says so in its log; each team's counted storage is the bytes
 * of its file rows. On PostgreSQL when TEST_DATABASE_URL is set (a throw-away database), else on
 * the embedded database's folder (a killed PGlite must open again).
 */
const url = process.env.TEST_DATABASE_URL;
const ADMIN = { email: 'kill9@example.com', password: 'kill-nine-admin-pass-1' };
const secret = randomBytes(24).toString('hex');
const dataDir = mkdtempSync(path.join(tmpdir(), 'kill9-'));

interface Query {
  query<R>(text: string, params?: unknown[]): Promise<{ rows: R[] }>;
}

/** The data as the next start will find it, read while no server runs (or beside a PostgreSQL one). */
async function withData<T>(databaseUrl: string, work: (db: Query) => Promise<T>): Promise<T> {
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      return await work(client as unknown as Query);
    } finally {
      await client.end();
    }
  }
  const client = new PGlite({ dataDir: path.join(dataDir, 'db') });
  try {
    return await work(client as unknown as Query);
  } finally {
    await client.close();
  }
}

interface Acked {
  emails: string[];
  files: { id: string; size: number }[];
  paidBills: string[];
}

async function call(base: string, method: string, route: string, body?: unknown, token?: string) {
  const response = await fetch(`${base}${route}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      origin: base,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

/**
 * One client's loop until `running()` is false or the server dies: sign up, upload a file, buy a
 * credit pack and deliver the sandbox's signed notice. Each 2xx is recorded as it arrives; a
 * refused connection (the kill) ends the loop.
 */
async function client(base: string, acked: Acked, running: () => boolean): Promise<void> {
  try {
    while (running()) {
      const email = `k9-${randomBytes(6).toString('hex')}@example.com`;
      const signUp = await call(base, 'POST', endpointUrl(postSignUp, {}), {
        name: 'Kay',
        email,
        password: 'Kay-orchard-lantern-47',
      });
      if (signUp.status !== 200) continue;
      acked.emails.push(email);
      const token = String(signUp.json.token);

      const content = Buffer.from(`a,b\n${'1,2\n'.repeat(500 + Math.floor(Math.random() * 5000))}`);
      const { payload, headers } = multipartBody([{ name: 'k9.csv', content, type: 'text/csv' }]);
      const upload = await fetch(`${base}${endpointUrl(uploadStorageFiles, {})}`, {
        method: 'POST',
        headers: { ...headers, origin: base, authorization: `Bearer ${token}` },
        body: payload,
      });
      if (upload.status === 200) {
        const answer = uploadStorageFiles.response.parse(await upload.json());
        for (const item of answer.result)
          if (item.file) acked.files.push({ id: item.file.id, size: content.length });
      }

      const plans = listPlans.response.parse(
        (await call(base, 'GET', endpointUrl(listPlans, {}), undefined, token)).json,
      );
      const pack = plans.items.find((plan) => plan.key === 'credits_1000');
      if (!pack) throw new Error('no credits_1000 plan');
      const order = await call(base, 'POST', endpointUrl(createOrder, {}), { plan_id: pack.id }, token);
      if (order.status !== 200) continue;
      const made = createOrder.response.parse(order.json);
      const paying = await call(
        base,
        'POST',
        endpointUrl(createPayment, {}),
        { bill_id: made.bill.id, method: 'sandbox' },
        token,
      );
      if (paying.status !== 200) continue;
      const next = createPayment.response.parse(paying.json).next;
      if (next.kind !== 'redirect') throw new Error('the sandbox redirects');
      const session = new URL(next.url, base).searchParams.get('session') ?? '';
      const reference = JSON.parse(Buffer.from(session.split('.')[0] ?? '', 'base64url').toString()).ref;
      const rawBody = JSON.stringify({
        id: `evt_${randomBytes(8).toString('hex')}`,
        type: 'payment.succeeded',
        created: Math.floor(Date.now() / 1000),
        data: { reference, amount: made.bill.pay_amount, currency: made.bill.currency },
      });
      const notice = await fetch(`${base}/api/payments/notify/sandbox`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [SIGNATURE_HEADER]: signNotification(secret, rawBody),
        },
        body: rawBody,
      });
      if (notice.ok) acked.paidBills.push(made.bill.id);
    }
  } catch (error) {
    // The kill: a refused or reset connection. Anything else is a real failure.
    if (!(error instanceof TypeError)) throw error;
  }
}

describe('kill -9 under load', () => {
  const name = `t_kill9_${Date.now()}_${randomBytes(3).toString('hex')}`;
  let databaseUrl = '';
  let server: ServerProcess | undefined;

  beforeAll(async () => {
    if (!url) return;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const target = new URL(url);
    target.pathname = `/${name}`;
    databaseUrl = target.toString();
  });

  afterAll(async () => {
    if (server) await stopServer(server, 'SIGKILL');
    if (!url) return;
    const cleaner = new pg.Client({ connectionString: url });
    await cleaner.connect();
    await cleaner.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await cleaner.end();
  }, 30_000);

  it('killed twice mid-load: every acknowledged write is there, expired holds are released, no orphaned bytes, and the start says what it recovered', async () => {
    const env = {
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      APP_SECRET: secret,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      AUTH_RATE_LIMIT_MAX: '100000',
      LOG_LEVEL: 'info',
      // The credit job would release expired holds too; off, so the start alone must do it.
      JOBS_ENABLED: 'false',
    };
    const acked: Acked = { emails: [], files: [], paidBills: [] };
    const planted = { expired: [] as string[], live: [] as string[], orphanBytes: 0 };

    for (let round = 0; round < 3; round += 1) {
      server = await startServer(env);
      await untilRunning(server);
      const line = server
        .output()
        .split('\n')
        .find((text) => text.includes('start-up recovery'));
      expect(line, server.output()).toBeDefined();
      const recovered = JSON.parse(line as string).recovered;
      if (round > 0) {
        // What the kill left (planted below while it was down, plus whatever the load left).
        expect(recovered.credit_holds_released).toBeGreaterThanOrEqual(1);
        expect(recovered.orphaned_objects_removed).toBeGreaterThanOrEqual(1);
        expect(recovered.orphaned_bytes_removed).toBeGreaterThanOrEqual(planted.orphanBytes);
      }
      if (round === 2) break;

      let running = true;
      const clients = Array.from({ length: 4 }, () =>
        client((server as ServerProcess).base, acked, () => running),
      );
      await new Promise((resolve) => setTimeout(resolve, 4000));
      expect(await stopServer(server, 'SIGKILL')).toBeNull();
      running = false;
      await Promise.all(clients);

      // A killed AI call's hold (its lease already past) and one still within its lease, and an
      // upload's bytes whose row was never written: what a kill between the two leaves.
      await withData(databaseUrl, async (db) => {
        const [team] = (
          await db.query<{ team_id: string }>(
            'select team_id from team_credits where balance - held >= 10 order by team_id limit 1',
          )
        ).rows;
        if (!team) throw new Error('no team with credits');
        for (const [kind, lease] of [
          ['expired', '-5 seconds'],
          ['live', '10 minutes'],
        ] as const) {
          const id = `k9_${kind}_${randomBytes(4).toString('hex')}`;
          await db.query(
            `insert into credit_reservations (id, team_id, function_key, amount, status, lease_expires_at)
             values ($1, $2, 'chat', 5, 'held', now() + $3::interval)`,
            [id, team.team_id, lease],
          );
          await db.query('update team_credits set held = held + 5 where team_id = $1', [team.team_id]);
          planted[kind].push(id);
        }
      });
      const orphan = randomBytes(1234);
      const key = `${randomBytes(1).toString('hex')}/${randomBytes(16).toString('hex')}.bin`;
      mkdirSync(path.join(dataDir, 'files', path.dirname(key)), { recursive: true });
      writeFileSync(path.join(dataDir, 'files', key), orphan);
      // Older than the shared store's grace, so PostgreSQL's start takes it too.
      const longAgo = new Date(Date.now() - 15 * 60_000);
      utimesSync(path.join(dataDir, 'files', key), longAgo, longAgo);
      planted.orphanBytes = orphan.length;
    }
    await stopServer(server as ServerProcess, 'SIGTERM');
    server = undefined;

    expect(acked.emails.length).toBeGreaterThan(0);
    expect(acked.files.length).toBeGreaterThan(0);
    expect(acked.paidBills.length).toBeGreaterThan(0);

    await withData(databaseUrl, async (db) => {
      const users = await db.query<{ email: string }>('select email from users where email = any($1)', [
        acked.emails,
      ]);
      expect(users.rows.length).toBe(new Set(acked.emails).size);
      const files = await db.query<{ id: string; size: string }>(
        'select id, size from files where id = any($1)',
        [acked.files.map((file) => file.id)],
      );
      expect(files.rows.length).toBe(acked.files.length);
      const paid = await db.query<{ id: string }>(
        "select id from bills where id = any($1) and status = 'paid'",
        [acked.paidBills],
      );
      expect(paid.rows.length).toBe(acked.paidBills.length);

      // No hold past its lease; the live one is left to its caller (or the job when it runs out).
      const overdue = await db.query(
        "select id from credit_reservations where status = 'held' and lease_expires_at < now()",
      );
      expect(overdue.rows).toEqual([]);
      const planted_ = await db.query<{ id: string; status: string }>(
        'select id, status from credit_reservations where id = any($1) order by id',
        [[...planted.expired, ...planted.live]],
      );
      for (const row of planted_.rows) {
        expect(row.status).toBe(planted.expired.includes(row.id) ? 'released' : 'held');
      }
      // Held credits are exactly the holds still held.
      const held = await db.query<{ team_id: string; held: string; holds: string | null }>(
        `select t.team_id, t.held, (select sum(amount) from credit_reservations r
           where r.team_id = t.team_id and r.status = 'held') as holds from team_credits t`,
      );
      for (const row of held.rows) expect(Number(row.held)).toBe(Number(row.holds ?? 0));

      // Counted storage is the bytes of the rows, team by team.
      const usage = await db.query<{ team_id: string; used: string; rows: string | null }>(
        `select s.team_id, s.used_bytes as used, (select sum(size) from files f
           where f.team_id = s.team_id) as rows from team_storage s`,
      );
      for (const row of usage.rows)
        expect([row.team_id, Number(row.used)]).toEqual([row.team_id, Number(row.rows ?? 0)]);

      // No object without its row once the start's orphan check ran (on PostgreSQL, none older
      // than the grace that spares other instances' uploads in flight).
      const keys = new Set(
        (await db.query<{ key: string }>('select storage_key as key from files')).rows.map((row) => row.key),
      );
      const root = path.join(dataDir, 'files');
      const graceCutoff = databaseUrl ? Date.now() - 10 * 60_000 : Number.POSITIVE_INFINITY;
      const rowless = readdirSync(root, { withFileTypes: true })
        .filter((shard) => shard.isDirectory() && shard.name !== '.incoming')
        .flatMap((shard) => readdirSync(path.join(root, shard.name)).map((file) => `${shard.name}/${file}`))
        .filter((key) => !keys.has(key) && statSync(path.join(root, key)).mtimeMs < graceCutoff);
      expect(rowless).toEqual([]);
    });
  }, 110_000);
});
