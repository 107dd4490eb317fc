#!/usr/bin/env node
// `npm run bench:api`: throughput and p99 latency of an authenticated API call against a bare
// route of the same server, in the same run, over loopback.
//   BENCH_DURATION (s, default 10), BENCH_CONNECTIONS (default 10), SERVER_LOG_LEVEL (default warn),
//   BENCH_DATABASE_URL (PostgreSQL to run the server on instead of the embedded PGlite; it is
//   migrated and gets a bench user), SERVER_NODE_ARGS (options for the server's node, space
//   separated, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to see where its time goes).
// Needs a build (`npm run build`). Starts apps/server/dist/main.js with a throw-away DATA_DIR.
import os from 'node:os';
import autocannon from 'autocannon';
import { startBuiltServer } from '../../scripts/lib/built-server.mjs';

const duration = Number(process.env.BENCH_DURATION ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const warmupSeconds = 2;
/** Strong enough for the server's password rule, and unrelated to the users' names and addresses. */
const USER_PASSWORD = 'Quiet-orchard-lantern-47';

/**
 * @typedef {object} Figures
 * @property {string} name
 * @property {number} rps      mean requests per second
 * @property {number} p50      ms
 * @property {number} p99      ms
 * @property {number} requests total answered
 * @property {number} bad      errors + timeouts + non-2xx
 */

/**
 * @param {string} url
 * @param {Record<string, string>} headers
 * @param {number} seconds
 */
async function load(url, headers, seconds) {
  return autocannon({ url, headers, connections, duration: seconds, pipelining: 1 });
}

/**
 * @param {string} name
 * @param {string} url
 * @param {Record<string, string>} headers
 * @returns {Promise<Figures>}
 */
async function measure(name, url, headers) {
  await load(url, headers, warmupSeconds);
  const result = await load(url, headers, duration);
  return {
    name,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    bad: result.errors + result.timeouts + result.non2xx,
  };
}

/**
 * @param {string} base
 * @returns {Promise<string>} the bearer token of a new user
 */
async function signUp(base) {
  const id = Date.now().toString(36);
  const response = await fetch(`${base}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base, 'x-client-key': 'web' },
    body: JSON.stringify({
      name: `Bench ${id}`,
      email: `bench-${id}@example.com`,
      password: USER_PASSWORD,
    }),
  });
  const body = /** @type {{ token?: string }} */ (await response.json().catch(() => ({})));
  if (!response.ok || !body.token) {
    throw new Error(`sign-up failed: HTTP ${response.status} ${JSON.stringify(body)}`);
  }
  return body.token;
}

/**
 * The cheapest route the server has: GET /api/ping when it exists, else GET /api/healthy (which
 * also pings the database, so it is not entirely bare).
 * @param {string} base
 */
async function bareRoute(base) {
  const ping = await fetch(`${base}/api/ping`);
  await ping.arrayBuffer();
  return ping.ok ? '/api/ping' : '/api/healthy';
}

/** @param {number} n @param {number} digits */
const fixed = (n, digits) => n.toFixed(digits);

async function main() {
  const server = await startBuiltServer({
    logLevel: 'warn',
    env: {
      AUTH_RATE_LIMIT_MAX: '1000',
      // Instances on PostgreSQL share a secret from the environment (the server refuses without one).
      ...(process.env.BENCH_DATABASE_URL
        ? {
            DATABASE_URL: process.env.BENCH_DATABASE_URL,
            APP_SECRET: 'bench-secret-bench-secret-bench-secret-00',
          }
        : {}),
      ...(process.env.WEB_DIST ? { WEB_DIST: process.env.WEB_DIST } : {}),
    },
    nodeArgs: (process.env.SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean),
  });
  try {
    const token = await signUp(server.url);
    const headers = { authorization: `Bearer ${token}`, 'x-client-key': 'web', 'accept-language': 'en_US' };
    const check = await fetch(`${server.url}/api/user/basic-infos`, { headers });
    if (!check.ok)
      throw new Error(`GET /api/user/basic-infos answered HTTP ${check.status}: ${await check.text()}`);
    await check.arrayBuffer().catch(() => undefined);

    const bare = await bareRoute(server.url);
    const database = process.env.BENCH_DATABASE_URL ? 'PostgreSQL (BENCH_DATABASE_URL)' : 'embedded PGlite';
    console.log(
      `server ${server.url} on ${database}, ${os.cpus().length} cores, ${connections} connections, ` +
        `${warmupSeconds} s warm-up + ${duration} s per target, Node ${process.version}`,
    );
    const results = [
      await measure(`GET ${bare}`, `${server.url}${bare}`, { 'x-client-key': 'web' }),
      await measure('GET /api/user/basic-infos', `${server.url}/api/user/basic-infos`, headers),
    ];

    console.log('');
    console.log(
      `${'target'.padEnd(30)} ${'req/s'.padStart(9)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'non-2xx/errors'.padStart(15)}`,
    );
    for (const r of results) {
      console.log(
        `${r.name.padEnd(30)} ${fixed(r.rps, 0).padStart(9)} ${fixed(r.p50, 1).padStart(7)} ` +
          `${fixed(r.p99, 1).padStart(7)} ${String(r.bad).padStart(15)}`,
      );
    }
    const [base, auth] = results;
    if (base && auth) {
      console.log('');
      console.log(
        `basic-infos / ${bare}: throughput ${fixed(auth.rps / base.rps, 2)}x, p99 ${fixed(auth.p99 / base.p99, 2)}x`,
      );
    }
    if (results.some((r) => r.bad > 0)) {
      console.error('\nsome requests failed (non-2xx, errors or timeouts): the figures are not valid.');
      return 1;
    }
    return 0;
  } finally {
    await server.stop();
  }
}

try {
  process.exitCode = await main();
} catch (error) {
  console.error(`bench:api failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
