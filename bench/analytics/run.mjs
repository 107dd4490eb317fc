#!/usr/bin/env node
// `npm run bench:analytics`: a YoY comparison grouped by two dimensions over 10 M generated GA
// rows, three ways side by side in one run:
//   1. through the query model, as the API runs it (POST /api/analytics/query on the built server);
//   2. the same two SQL statements run directly in DuckDB (what the query model compiles to);
//   3. the same data and query in PostgreSQL (BENCH_DATABASE_URL, default the local test server).
// Prints the median of BENCH_RUNS (default 7) runs after one warm-up each. Needs `npm run build`.
//   BENCH_ROWS (default 10000000), BENCH_RUNS, BENCH_DATABASE_URL, BENCH_SKIP_PG=1.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import pg from 'pg';
import { startBuiltServer } from '../../scripts/lib/built-server.mjs';

const ROWS = Number(process.env.BENCH_ROWS ?? 10_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const PROPERTY = 'properties/bench';
const DAYS = 730;

/** @param {number[]} values */
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/**
 * @param {() => Promise<unknown>} work
 * @returns {Promise<number>} median milliseconds
 */
async function time(work) {
  await work();
  const runs = [];
  for (let i = 0; i < RUNS; i += 1) {
    const t0 = performance.now();
    await work();
    runs.push(performance.now() - t0);
  }
  return median(runs);
}

/**
 * GA rows: every day of two years times enough channel/country/device/page combinations.
 * @param {string} end
 */
function generateSql(end) {
  const combos = Math.ceil(ROWS / DAYS);
  return `
create table _properties (source varchar, property varchar, name varchar, currency varchar, time_zone varchar);
create table _freshness (source varchar, property varchar, synced_at timestamp, complete_through date);
create table _range_totals (source varchar, property varchar, start_date date, end_date date, metric varchar, value double);
insert into _properties values ('ga', '${PROPERTY}', 'Bench property', 'USD', 'UTC');
insert into _freshness values ('ga', '${PROPERTY}', now()::timestamp, date '${end}');
create table ga_daily as
select (date '${end}' - d::integer)::date as date, '${PROPERTY}' as property,
  'channel ' || (c % 8) as channel, 'country ' || (c // 8 % 60) as country, 'device ' || (c % 3) as device,
  '/page/' || (c % 97) as landing_page,
  (1 + (d * 7919 + c * 104729) % 200)::integer as sessions,
  (1 + (d * 7919 + c * 104729) % 180)::integer as users,
  ((d * 7919 + c * 104729) % 90)::integer as new_users,
  ((d * 7919 + c * 104729) % 120)::integer as engaged_sessions,
  ((d * 31 + c * 17) % 9)::integer as conversions,
  ((d * 31 + c * 17) % 9) * 80.5 as revenue
from range(${DAYS}) t1(d), range(${combos}) t2(c)
limit ${ROWS};
`;
}

async function main() {
  const end = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  const fakeWeb = mkdtempSync(path.join(os.tmpdir(), 'bench-web-'));
  execFileSync('sh', ['-c', `echo '<!doctype html>' > ${fakeWeb}/index.html`]);
  const server = await startBuiltServer({
    logLevel: 'warn',
    env: { AUTH_RATE_LIMIT_MAX: '1000', WEB_DIST: fakeWeb },
  });
  try {
    const email = `bench-${Date.now().toString(36)}@example.com`;
    const signUp = await fetch(`${server.url}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url },
      body: JSON.stringify({ name: 'Bench', email, password: 'Quiet-orchard-lantern-47' }),
    });
    const { token } = /** @type {{ token: string }} */ (await signUp.json());
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const infos = /** @type {{ team: { id: string } }} */ (
      await (await fetch(`${server.url}/api/user/basic-infos`, { headers })).json()
    );
    const file = path.join(server.dataDir, 'analytics', `team-${infos.team.id}.duckdb`);
    execFileSync('mkdir', ['-p', path.dirname(file)]);

    let t0 = performance.now();
    const writer = await DuckDBInstance.create(file);
    const w = await writer.connect();
    await w.run(generateSql(end));
    await w.run('checkpoint');
    w.closeSync();
    writer.closeSync();
    const rowCount = ROWS;
    console.log(
      `generated ${rowCount.toLocaleString()} GA rows in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );

    const query = {
      source: 'ga',
      origin: 'team',
      metrics: ['sessions', 'conversions', 'conversion_rate'],
      dimensions: ['channel', 'device'],
      date_range: 'last_365_days',
      compare: 'yoy',
      order: [{ field: 'sessions', direction: 'desc' }],
      limit: 100,
    };
    /** @type {{ sql: string[], parameters: unknown[][], ranges: { start: string, end: string }[], rows: unknown[] } | null} */
    let answer = null;
    const api = await time(async () => {
      const response = await fetch(`${server.url}/api/analytics/query`, {
        method: 'POST',
        headers,
        body: JSON.stringify(query),
      });
      if (!response.ok) throw new Error(`query answered ${response.status}: ${await response.text()}`);
      answer = await response.json();
    });
    // The closure assigns it, which TypeScript's narrowing cannot see.
    const got =
      /** @type {{ sql: string[], parameters: unknown[][], ranges: { start: string, end: string }[], rows: unknown[] } | null} */ (
        /** @type {unknown} */ (answer)
      );
    if (!got) throw new Error('no answer');
    const { sql, parameters, ranges } = got;
    const [current, previous] = ranges;
    if (!current || !previous || sql.length === 0) throw new Error('expected a comparison');

    // The same statements (one: the comparison is joined in the database) with the values the
    // answer says were bound, straight into DuckDB.
    const reader = await DuckDBInstance.create(file, { access_mode: 'READ_ONLY', threads: '2' });
    const run = async (/** @type {string} */ text, /** @type {unknown[]} */ params) => {
      const connection = await reader.connect();
      const prepared = await connection.prepare(text);
      prepared.bind(/** @type {never} */ (params));
      const result = await prepared.runAndReadAll();
      connection.closeSync();
      return result.getRows();
    };
    const direct = await time(() => Promise.all(sql.map((text, i) => run(text, parameters[i] ?? []))));

    let postgres = null;
    if (process.env.BENCH_SKIP_PG !== '1') {
      const csv = path.join(os.tmpdir(), `bench-ga-${process.pid}.csv`);
      t0 = performance.now();
      const exporter = await (await DuckDBInstance.create(file, { access_mode: 'READ_ONLY' })).connect();
      await exporter.run(
        `copy (select date, property, channel, country, device, landing_page, sessions, users, new_users,
           engaged_sessions, conversions, revenue from ga_daily) to '${csv}' (header false)`,
      );
      const admin = new pg.Client({ connectionString: PG_URL });
      await admin.connect();
      await admin.query('drop table if exists bench_ga_daily');
      await admin.query(`create unlogged table bench_ga_daily (date date, property text, channel text, country text,
        device text, landing_page text, sessions integer, users integer, new_users integer, engaged_sessions integer,
        conversions integer, revenue double precision)`);
      execFileSync('psql', [PG_URL, '-q', '-c', `\\copy bench_ga_daily from '${csv}' with (format csv)`]);
      await admin.query('create index on bench_ga_daily (property, date)');
      await admin.query('analyze bench_ga_daily');
      rmSync(csv, { force: true });
      console.log(`loaded PostgreSQL in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
      const toPg = (/** @type {string} */ text) => {
        let n = 0;
        return text
          .replace(/"ga_daily"/g, 'bench_ga_daily')
          .replace(/\?/g, () => {
            n += 1;
            return `$${n}`;
          })
          .replace(/ nulls last/g, ' nulls last');
      };
      postgres = await time(() =>
        Promise.all(
          sql.map((text, i) => admin.query(toPg(text), /** @type {never} */ (parameters[i] ?? []))),
        ),
      );
      await admin.query('drop table bench_ga_daily');
      await admin.end();
    }

    console.log('');
    console.log(
      `YoY, last 365 days vs the year before, grouped by channel and device, ${RUNS} runs (median):`,
    );
    console.log(`  query model via the API  ${api.toFixed(1).padStart(8)} ms`);
    console.log(
      `  DuckDB directly          ${direct.toFixed(1).padStart(8)} ms   (API / direct ${(api / direct).toFixed(2)}x)`,
    );
    if (postgres !== null) {
      console.log(
        `  PostgreSQL               ${postgres.toFixed(1).padStart(8)} ms   (PostgreSQL / API ${(postgres / api).toFixed(1)}x)`,
      );
    }
  } finally {
    await server.stop();
    rmSync(fakeWeb, { recursive: true, force: true });
  }
}

try {
  await main();
} catch (error) {
  console.error(`bench:analytics failed: ${error instanceof Error ? error.stack : String(error)}`);
  process.exitCode = 1;
}
