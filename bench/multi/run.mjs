#!/usr/bin/env node
// `npm run bench:multi`: two built instances on one PostgreSQL and one S3-protocol server (s3rver),
// measured side by side in one run (issue 29 item 8):
//   1. a bare route's and basic infos' throughput through both instances at once against one;
//   2. the analytics read after a publish: a dataset appended through A, the time from the new
//      version's row in PostgreSQL until B's query answers with the appended rows.
//   BENCH_DATABASE_URL (required: PostgreSQL; a throw-away database is made in it), BENCH_DURATION
//   (s, default 8), BENCH_CONNECTIONS (default 32, split between the instances), BENCH_REDIS_URL
//   (optional), BENCH_PUBLISHES (default 5). Needs a build (`npm run build`).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import S3rver from 's3rver';
import { startBuiltServer } from '../../scripts/lib/built-server.mjs';

const duration = Number(process.env.BENCH_DURATION ?? 8);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);
const publishes = Number(process.env.BENCH_PUBLISHES ?? 5);
const PASSWORD = 'Quiet-orchard-lantern-47';

/** @param {string[]} urls @param {Record<string, string>} headers @param {number} seconds */
async function loadAll(urls, headers, seconds) {
  const each = Math.max(1, Math.round(connections / urls.length));
  const results = await Promise.all(
    urls.map((url) => autocannon({ url, headers, connections: each, duration: seconds, pipelining: 1 })),
  );
  return {
    rps: results.reduce((sum, r) => sum + r.requests.average, 0),
    p99: Math.max(...results.map((r) => r.latency.p99)),
    bad: results.reduce((sum, r) => sum + r.errors + r.timeouts + r.non2xx, 0),
  };
}

/** @param {string[]} urls @param {Record<string, string>} headers */
async function measure(urls, headers) {
  await loadAll(urls, headers, 2);
  return loadAll(urls, headers, duration);
}

/** @param {string} base @param {string} method @param {string} route @param {unknown} body @param {string} [token] */
async function call(base, method, route, body, token) {
  const response = await fetch(`${base}${route}`, {
    method,
    headers: {
      origin: base,
      'x-client-key': 'web',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const answer = await response.json().catch(() => ({}));
  if (!response.ok) throw new Error(`${method} ${route}: HTTP ${response.status} ${JSON.stringify(answer)}`);
  return answer;
}

/** @param {string} base @param {string} token @param {string} csv */
async function upload(base, token, csv) {
  const form = new FormData();
  form.append('upload_files', new Blob([csv], { type: 'text/csv' }), 'bench.csv');
  const response = await fetch(`${base}/api/account/storage/upload`, {
    method: 'POST',
    headers: { origin: base, 'x-client-key': 'web', authorization: `Bearer ${token}` },
    body: form,
  });
  const answer = await response.json();
  const id = answer?.result?.[0]?.file?.id;
  if (!id) throw new Error(`upload failed: ${JSON.stringify(answer)}`);
  return id;
}

/** @param {number} ms */
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function main() {
  const url = process.env.BENCH_DATABASE_URL;
  if (!url) {
    console.error('bench:multi needs BENCH_DATABASE_URL (PostgreSQL): two instances share one database.');
    return 1;
  }
  const name = `bench_multi_${Date.now()}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  const s3Dir = mkdtempSync(path.join(os.tmpdir(), 'bench-s3-'));
  const s3 = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: s3Dir,
    configureBuckets: [{ name: 'bench', configs: [] }],
  });
  const { port } = /** @type {{ port: number }} */ (await s3.run());
  const env = {
    DATABASE_URL: target.toString(),
    APP_SECRET: 'bench-secret-bench-secret-bench-secret-00',
    AUTH_RATE_LIMIT_MAX: '1000',
    JOBS_ENABLED: 'true',
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_BUCKET: 'bench',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_FORCE_PATH_STYLE: 'true',
    ...(process.env.BENCH_REDIS_URL ? { REDIS_URL: process.env.BENCH_REDIS_URL } : {}),
  };
  const servers = [];
  const db = new pg.Client({ connectionString: target.toString() });
  try {
    servers.push(await startBuiltServer({ logLevel: 'warn', env }));
    servers.push(await startBuiltServer({ logLevel: 'warn', env }));
    const [a, b] = /** @type {[{ url: string }, { url: string }]} */ (/** @type {unknown} */ (servers));
    const id = Date.now().toString(36);
    const signUp = await call(a.url, 'POST', '/api/auth/sign-up/email', {
      name: `Bench ${id}`,
      email: `bench-${id}@example.com`,
      password: PASSWORD,
    });
    const token = signUp.token;
    const headers = { authorization: `Bearer ${token}`, 'x-client-key': 'web', 'accept-language': 'en_US' };
    console.log(
      `two instances (${a.url}, ${b.url}) on PostgreSQL and s3rver${env.REDIS_URL ? ' and Redis' : ''}, ` +
        `${os.cpus().length} cores, ${connections} connections in all, ${duration} s per target, Node ${process.version}`,
    );

    const rows = [];
    /** @type {[string, string, Record<string, string>][]} */
    const targets = [
      ['GET /api/healthy', '/api/healthy', { 'x-client-key': 'web' }],
      ['GET /api/user/basic-infos', '/api/user/basic-infos', headers],
    ];
    for (const [label, route, routeHeaders] of targets) {
      const one = await measure([`${a.url}${route}`], routeHeaders);
      const two = await measure([`${a.url}${route}`, `${b.url}${route}`], routeHeaders);
      rows.push({ label, one, two });
    }
    console.log('');
    console.log(
      `${'target'.padEnd(28)} ${'one req/s'.padStart(10)} ${'two req/s'.padStart(10)} ${'ratio'.padStart(6)} ${'p99 one/two ms'.padStart(16)}`,
    );
    for (const { label, one, two } of rows) {
      console.log(
        `${label.padEnd(28)} ${one.rps.toFixed(0).padStart(10)} ${two.rps.toFixed(0).padStart(10)} ` +
          `${(two.rps / one.rps).toFixed(2).padStart(6)} ${`${one.p99.toFixed(1)}/${two.p99.toFixed(1)}`.padStart(16)}`,
      );
    }

    // The analytics read after a publish.
    await db.connect();
    /** @param {number} day */
    const csvOf = (day) => `Day,Channel,Sessions\n2026-10-${String(day).padStart(2, '0')},organic,10\n`;
    const first = await upload(a.url, token, csvOf(1));
    const preview = await call(a.url, 'POST', '/api/analytics/datasets/preview', { file_id: first }, token);
    const started = await call(
      a.url,
      'POST',
      '/api/analytics/datasets',
      { file_id: first, name: 'Bench', columns: preview.columns },
      token,
    );
    const datasetId = started.dataset.id;
    /** @param {string} base */
    const query = (base) =>
      call(
        base,
        'POST',
        '/api/analytics/query',
        {
          source: `dataset:${datasetId}`,
          metrics: ['rows'],
          date_range: { start: '2026-10-01', end: '2026-10-31' },
        },
        token,
      )
        .then((answer) => Number(answer.rows?.[0]?.rows ?? 0))
        .catch(() => 0);
    while ((await query(b.url)) < 1) await sleep(20);
    const latencies = [];
    for (let i = 2; i < 2 + publishes; i += 1) {
      const file = await upload(a.url, token, csvOf(i));
      await call(
        a.url,
        'POST',
        '/api/analytics/datasets',
        { file_id: file, name: 'Bench', columns: preview.columns, mode: 'append', dataset_id: datasetId },
        token,
      );
      let seenAt = 0;
      for (;;) {
        if ((await query(b.url)) >= i) {
          seenAt = Date.now();
          break;
        }
        await sleep(5);
      }
      const { rows: newest } = await db.query(
        "select published_at from analytics_store_versions where store_key like 'team:%' order by published_at desc limit 1",
      );
      latencies.push(seenAt - new Date(newest[0].published_at).getTime());
    }
    latencies.sort((x, y) => x - y);
    console.log('');
    console.log(
      `analytics read after a publish (version row in PostgreSQL -> B answers with it), ${publishes} appends: ` +
        `median ${latencies[Math.floor(latencies.length / 2)]} ms, max ${latencies.at(-1)} ms`,
    );
    return rows.some(({ one, two }) => one.bad + two.bad > 0) ? 1 : 0;
  } finally {
    await db.end().catch(() => undefined);
    for (const server of servers) await server.stop();
    await s3.close();
    rmSync(s3Dir, { recursive: true, force: true });
    const cleaner = new pg.Client({ connectionString: url });
    await cleaner.connect();
    await cleaner.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await cleaner.end();
  }
}

try {
  process.exitCode = await main();
} catch (error) {
  console.error(`bench:multi failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
