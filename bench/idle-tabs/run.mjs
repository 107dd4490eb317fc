#!/usr/bin/env node
// `npm run bench:idle-tabs`: what idle signed-in tabs cost one server (issue 18, gate 4).
// Each tab holds the spec's `user_basic` stream with its 0.5 s timeout: the server sends END after
// half a second of silence and the tab reconnects at once with Last-Event-ID, as the web client
// does, so an idle tab is two reconnects a second. For 100, 500 and 1,000 tabs the bench reads the
// server's CPU (from /proc, user + system) over a measured window and counts the reconnects
// served, beside a bare route's CPU cost per request measured in the same run.
//   BENCH_TABS (default "100,500,1000"), BENCH_SECONDS (window per step, default 10),
//   BENCH_USERS (tabs are spread over them, default 50), BENCH_DATABASE_URL (PostgreSQL instead
//   of the embedded PGlite).
// Needs a build (`npm run build`). Server and tabs run on this machine over loopback: the tabs'
// own CPU is printed too, since both share the cores.
import { readFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import autocannon from 'autocannon';
import { startBuiltServer } from '../../scripts/lib/built-server.mjs';

const TAB_STEPS = (process.env.BENCH_TABS ?? '100,500,1000').split(',').map(Number).filter(Boolean);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const USERS = Number(process.env.BENCH_USERS ?? 50);
const STREAM_TIMEOUT = 0.5;
const USER_PASSWORD = 'Quiet-orchard-lantern-47';
const TICKS_PER_SECOND = 100; // Linux USER_HZ

/** CPU seconds (user + system) a process has used so far. @param {number} pid */
function cpuSeconds(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  // After the command: state is field 3; utime and stime are fields 14 and 15.
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
}

const ownCpuSeconds = () => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1e6;
};

/** @param {string} base @param {string} path @param {object} body */
async function post(base, path, body) {
  const response = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base, 'x-client-key': 'web' },
    body: JSON.stringify(body),
  });
  const answer = await response.json().catch(() => ({}));
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${JSON.stringify(answer)}`);
  return answer;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });

/**
 * One idle tab: connect, read to END, reconnect at once from the END's id; counts reconnects.
 * @param {string} base @param {string} token @param {{ stop: boolean, reconnects: number, errors: number }} state
 */
async function runTab(base, token, state) {
  /** @type {string | undefined} */
  let cursor;
  while (!state.stop) {
    const ok = await new Promise((resolve) => {
      const request = http.get(
        `${base}/api/subscriber/msgs/user_basic?timeout=${STREAM_TIMEOUT}`,
        {
          agent,
          headers: {
            authorization: `Bearer ${token}`,
            'x-client-key': 'web',
            ...(cursor ? { 'last-event-id': cursor } : {}),
          },
        },
        (response) => {
          if (response.statusCode !== 200) {
            response.resume();
            resolve(false);
            return;
          }
          let text = '';
          response.setEncoding('utf8');
          response.on('data', (chunk) => {
            text += chunk;
          });
          response.on('end', () => {
            const ids = [...text.matchAll(/^id: (\d+)$/gm)];
            cursor = ids.at(-1)?.[1] ?? cursor;
            resolve(true);
          });
          response.on('error', () => resolve(false));
        },
      );
      request.on('error', () => resolve(false));
    });
    if (ok) state.reconnects += 1;
    else {
      state.errors += 1;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

/** CPU seconds a bare route costs per request, under load from this process. @param {string} base @param {number} pid */
async function bareRouteCost(base, pid) {
  await autocannon({ url: `${base}/api/healthy`, connections: 16, duration: 2 });
  const before = cpuSeconds(pid);
  const result = await autocannon({ url: `${base}/api/healthy`, connections: 16, duration: 5 });
  const used = cpuSeconds(pid) - before;
  return { perRequestMs: (used / result.requests.total) * 1000, rps: result.requests.average };
}

async function main() {
  const server = await startBuiltServer({
    logLevel: 'warn',
    env: {
      AUTH_RATE_LIMIT_MAX: '100000',
      ...(process.env.BENCH_DATABASE_URL
        ? {
            DATABASE_URL: process.env.BENCH_DATABASE_URL,
            APP_SECRET: 'bench-secret-bench-secret-bench-secret-00',
          }
        : {}),
    },
  });
  try {
    const tokens = [];
    const stamp = Date.now().toString(36);
    for (let i = 0; i < USERS; i += 1) {
      const user = await post(server.url, '/api/auth/sign-up/email', {
        name: `Idle ${i}`,
        email: `idle-${stamp}-${i}@example.com`,
        password: USER_PASSWORD,
      });
      tokens.push(user.token);
    }
    const bare = await bareRouteCost(server.url, server.pid);
    const database = process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'embedded PGlite';
    console.log(
      `server ${server.url} on ${database}, ${os.cpus().length} cores, Node ${process.version}; ` +
        `user_basic timeout ${STREAM_TIMEOUT} s, ${SECONDS} s per step`,
    );
    console.log(
      `bare route GET /api/healthy: ${bare.rps.toFixed(0)} req/s, ${bare.perRequestMs.toFixed(3)} ms of server CPU per request\n`,
    );
    console.log(
      `${'tabs'.padStart(6)} ${'reconnects/s'.padStart(13)} ${'ideal/s'.padStart(8)} ${'kept up'.padStart(8)} ` +
        `${'server CPU'.padStart(11)} ${'per reconnect'.padStart(14)} ${'tabs CPU'.padStart(9)} ${'errors'.padStart(7)}`,
    );
    for (const tabs of TAB_STEPS) {
      const state = { stop: false, reconnects: 0, errors: 0 };
      const running = [];
      for (let i = 0; i < tabs; i += 1) {
        running.push(runTab(server.url, tokens[i % tokens.length] ?? '', state));
        if (i % 50 === 49) await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await new Promise((resolve) => setTimeout(resolve, 3000));
      const start = {
        at: performance.now(),
        cpu: cpuSeconds(server.pid),
        own: ownCpuSeconds(),
        n: state.reconnects,
      };
      await new Promise((resolve) => setTimeout(resolve, SECONDS * 1000));
      const wall = (performance.now() - start.at) / 1000;
      const serverCores = (cpuSeconds(server.pid) - start.cpu) / wall;
      const tabsCores = (ownCpuSeconds() - start.own) / wall;
      const rate = (state.reconnects - start.n) / wall;
      const ideal = tabs / STREAM_TIMEOUT;
      state.stop = true;
      await Promise.all(running);
      console.log(
        `${String(tabs).padStart(6)} ${rate.toFixed(0).padStart(13)} ${ideal.toFixed(0).padStart(8)} ` +
          `${`${((rate / ideal) * 100).toFixed(0)}%`.padStart(8)} ${`${serverCores.toFixed(2)} core`.padStart(11)} ` +
          `${`${((serverCores / rate) * 1000).toFixed(3)} ms`.padStart(14)} ${`${tabsCores.toFixed(2)} core`.padStart(9)} ` +
          `${String(state.errors).padStart(7)}`,
      );
      await new Promise((resolve) => setTimeout(resolve, 1500));
    }
    return 0;
  } finally {
    agent.destroy();
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
