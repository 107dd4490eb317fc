#!/usr/bin/env node
import { readFileSync } from 'node:fs';
// `npm run bench:events`: hold many open event streams on one server instance, publish to all of
// them, and report delivery latency and the server's memory per open stream (issue 5, item 9).
//   BENCH_STREAMS (default 2000, at most 5000), BENCH_USERS (default 20: streams are spread over
//   them, as tabs of several users), BENCH_ROUNDS (default 5 sends), BENCH_DATABASE_URL (PostgreSQL
//   instead of the embedded PGlite).
// Needs a build (`npm run build`). Everything runs over loopback on this machine.
import http from 'node:http';
import os from 'node:os';
import { startBuiltServer } from '../../scripts/lib/built-server.mjs';

const STREAMS = Math.min(5000, Number(process.env.BENCH_STREAMS ?? 2000));
const USERS = Math.max(1, Number(process.env.BENCH_USERS ?? 20));
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 5));
const ADMIN = { email: 'bench-admin@example.com', password: 'bench-admin-pass-1' };
/** Strong enough for the server's password rule, and unrelated to the users' names and addresses. */
const USER_PASSWORD = 'Quiet-orchard-lantern-47';

/**
 * Resident memory of a process in bytes (Linux).
 * @param {number} pid
 */
function rssOf(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb * 1024;
}

/**
 * @param {string} base
 * @param {string} path
 * @param {object} body
 * @param {string} [token]
 * @returns {Promise<any>}
 */
async function post(base, path, body, token) {
  const response = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin: base,
      'x-client-key': 'web',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  const answer = await response.json().catch(() => ({}));
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${JSON.stringify(answer)}`);
  return answer;
}

const agent = new http.Agent({ keepAlive: false, maxSockets: Number.POSITIVE_INFINITY });

/**
 * Opens one stream and calls `onFrame(text)` for each `data:` frame; resolves once the headers
 * are in (the stream is held open).
 * @param {string} base
 * @param {string} token
 * @param {(data: string) => void} onFrame
 * @returns {Promise<http.ClientRequest>}
 */
function openStream(base, token, onFrame) {
  return new Promise((resolve, reject) => {
    const request = http.get(
      `${base}/api/subscriber/msgs/user_basic?timeout=300`,
      { agent, headers: { authorization: `Bearer ${token}`, 'x-client-key': 'web' } },
      (response) => {
        if (response.statusCode !== 200) {
          reject(new Error(`stream answered ${response.statusCode}`));
          response.resume();
          return;
        }
        let buffer = '';
        response.setEncoding('utf8');
        response.on('data', (chunk) => {
          buffer += chunk;
          let end = buffer.indexOf('\n\n');
          while (end >= 0) {
            const frame = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const data = /^data: (.*)$/m.exec(frame)?.[1];
            if (data) onFrame(data);
            end = buffer.indexOf('\n\n');
          }
        });
        resolve(request);
      },
    );
    request.on('error', reject);
  });
}

/** @param {number[]} sorted @param {number} p */
const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

async function main() {
  const server = await startBuiltServer({
    logLevel: 'warn',
    env: {
      AUTH_RATE_LIMIT_MAX: '100000',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      // Instances on PostgreSQL share a secret from the environment (the server refuses without one).
      ...(process.env.BENCH_DATABASE_URL
        ? {
            DATABASE_URL: process.env.BENCH_DATABASE_URL,
            APP_SECRET: 'bench-secret-bench-secret-bench-secret-00',
          }
        : {}),
      ...(process.env.WEB_DIST ? { WEB_DIST: process.env.WEB_DIST } : {}),
    },
  });
  /** @type {http.ClientRequest[]} */
  const requests = [];
  try {
    const admin = await post(server.url, '/api/auth/sign-in/email', ADMIN);
    /** @type {{ id: string; token: string }[]} */
    const users = [];
    for (let i = 0; i < USERS; i += 1) {
      const id = `${Date.now().toString(36)}${i}`;
      const user = await post(server.url, '/api/auth/sign-up/email', {
        name: `Bench ${i}`,
        email: `bench-events-${id}@example.com`,
        password: USER_PASSWORD,
      });
      users.push({ id: user.user.id, token: user.token });
    }

    // Memory per stream is read as the growth between half and all of the streams open (each
    // after a pause): the server's baseline (and, on PGlite, its WASM heap) cancels out.
    const settle = () => new Promise((resolve) => setTimeout(resolve, 3000));
    let half = 0;

    let round = 0;
    let sentAt = 0;
    /** @type {number[]} */
    const latencies = [];
    let received = 0;
    /** @param {string} data */
    const onFrame = (data) => {
      if (!data.includes(`"bench round ${round}"`)) return;
      received += 1;
      latencies.push(performance.now() - sentAt);
    };
    const opening = performance.now();
    // (timed without the pauses below)
    let paused = 0;
    for (let i = 0; i < STREAMS; i += 50) {
      const batch = [];
      for (let j = i; j < Math.min(STREAMS, i + 50); j += 1) {
        batch.push(openStream(server.url, users[j % USERS]?.token ?? '', onFrame));
      }
      requests.push(...(await Promise.all(batch)));
      if (requests.length >= STREAMS / 2 && half === 0) {
        const pauseStart = performance.now();
        await settle();
        paused += performance.now() - pauseStart;
        half = rssOf(server.pid);
      }
    }
    const openSeconds = (performance.now() - opening - paused) / 1000;
    await settle();
    const after = rssOf(server.pid);

    const perRound = [];
    for (round = 1; round <= ROUNDS; round += 1) {
      received = 0;
      latencies.length = 0;
      sentAt = performance.now();
      await post(
        server.url,
        '/api/admin/msg/send',
        {
          audience: { kind: 'users', user_ids: users.map((u) => u.id) },
          in_app: true,
          email: false,
          level: 'other',
          title: `bench round ${round}`,
          body: 'Delivery latency',
        },
        admin.token,
      );
      const deadline = performance.now() + 15_000;
      while (received < STREAMS && performance.now() < deadline) await new Promise((r) => setTimeout(r, 5));
      const sorted = [...latencies].sort((x, y) => x - y);
      perRound.push({
        round,
        received,
        p50: percentile(sorted, 50),
        p99: percentile(sorted, 99),
        max: sorted.at(-1) ?? 0,
      });
      await new Promise((resolve) => setTimeout(resolve, 500));
    }

    const database = process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'embedded PGlite';
    console.log(
      `server ${server.url} on ${database}, ${os.cpus().length} cores, Node ${process.version}; ` +
        `${STREAMS} streams over ${USERS} users, opened in ${openSeconds.toFixed(1)} s`,
    );
    const halfCount = Math.ceil(STREAMS / 2 / 50) * 50;
    console.log(
      `server memory: ${(half / 2 ** 20).toFixed(1)} MB with ${halfCount} streams open, ${(after / 2 ** 20).toFixed(1)} MB with ${STREAMS}: ` +
        `${((after - half) / (STREAMS - halfCount) / 1024).toFixed(1)} KB per open stream`,
    );
    console.log('');
    console.log(
      `${'send'.padEnd(6)} ${'delivered'.padStart(10)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'max ms'.padStart(8)}`,
    );
    for (const r of perRound) {
      console.log(
        `${String(r.round).padEnd(6)} ${`${r.received}/${STREAMS}`.padStart(10)} ${r.p50.toFixed(1).padStart(8)} ` +
          `${r.p99.toFixed(1).padStart(8)} ${r.max.toFixed(1).padStart(8)}`,
      );
    }
    const lost = perRound.some((r) => r.received < STREAMS);
    if (lost)
      console.error('\nsome streams did not receive a message within 15 s: the figures are not valid.');
    return lost ? 1 : 0;
  } finally {
    for (const request of requests) request.destroy();
    await server.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
