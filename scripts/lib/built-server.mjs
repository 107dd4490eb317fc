// Starts the BUILT server (apps/server/dist/main.js) on a free loopback port with a fresh,
// temporary DATA_DIR (embedded PGlite), for the Playwright suite and the benchmarks.
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { SERVER_ENTRY, WEB_INDEX } from './proc.mjs';

/**
 * Resolves `preferred` when it is free on 127.0.0.1, else a port the OS picks.
 * @param {number} preferred
 * @returns {Promise<number>}
 */
export function freePort(preferred) {
  /** @param {number} port @returns {Promise<number>} */
  const tryPort = (port) =>
    new Promise((resolve, reject) => {
      const probe = createServer();
      probe.unref();
      probe.once('error', reject);
      probe.listen({ port, host: '127.0.0.1', exclusive: true }, () => {
        const address = probe.address();
        const chosen = typeof address === 'object' && address ? address.port : port;
        probe.close(() => resolve(chosen));
      });
    });
  return tryPort(preferred).catch(() => tryPort(0));
}

/**
 * @typedef {object} BuiltServer
 * @property {string} url        e.g. http://127.0.0.1:3100
 * @property {number} port
 * @property {number} pid      the server process (for memory readings)
 * @property {string} dataDir    the temporary DATA_DIR
 * @property {string} logFile    server stdout + stderr
 * @property {() => string} output what the server printed so far
 * @property {() => Promise<void>} stop stops the server and removes the DATA_DIR
 */

/**
 * @param {object} [options]
 * @param {number} [options.port] preferred port (a free one is used when taken)
 * @param {Record<string, string>} [options.env] extra env (ADMIN_EMAIL, AUTH_RATE_LIMIT_MAX, ...)
 * @param {string} [options.logFile] where to write the server output (default: in the DATA_DIR)
 * @param {boolean} [options.echo] also print the server output to this process's stderr
 * @param {number} [options.timeoutMs] how long to wait for GET /api/healthy (default 90 s)
 * @param {string} [options.logLevel] the server's LOG_LEVEL (default info; SERVER_LOG_LEVEL wins)
 * @param {string[]} [options.nodeArgs] options for the server's node (`--cpu-prof`, ...)
 * @returns {Promise<BuiltServer>}
 */
export async function startBuiltServer(options = {}) {
  // The port is free when chosen and taken when the server binds it: another server of the run
  // (a journey's own, a worker's) may bind it in between. That loss is retried on another port.
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await startOnce(attempt === 1 ? options : { ...options, port: 0 });
    } catch (error) {
      const lostPort = error instanceof Error && error.message.includes('EADDRINUSE');
      if (!lostPort || attempt === 3) throw error;
    }
  }
}

/**
 * @param {Parameters<typeof startBuiltServer>[0]} options
 * @returns {Promise<BuiltServer>}
 */
async function startOnce(options = {}) {
  const webIndex = options.env?.WEB_DIST ? path.join(options.env.WEB_DIST, 'index.html') : WEB_INDEX;
  for (const file of [SERVER_ENTRY, webIndex]) {
    if (!existsSync(file)) throw new Error(`${file} is missing: run \`npm run build\` first.`);
  }
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'app-data-'));
  const port = await freePort(options.port ?? 3100);
  const url = `http://127.0.0.1:${port}`;
  const logFile = options.logFile ?? path.join(dataDir, 'server.log');
  await mkdir(path.dirname(logFile), { recursive: true });
  const log = createWriteStream(logFile);

  // A clean env: the suite must not reach a developer's database, Redis or .env settings.
  /** @type {NodeJS.ProcessEnv} */
  const env = { ...process.env };
  for (const key of ['DATABASE_URL', 'REDIS_URL', 'PUBLIC_URL', 'SMTP_URL', 'APP_SECRET', 'NODE_ENV']) {
    delete env[key];
  }
  Object.assign(env, {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: process.env.SERVER_LOG_LEVEL ?? options.logLevel ?? 'info',
    ...options.env,
  });

  // cwd = the DATA_DIR so that a .env in the repository is not read.
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), SERVER_ENTRY], {
    cwd: dataDir,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let printed = '';
  /** @param {Buffer} chunk */
  const collect = (chunk) => {
    printed += chunk.toString();
    if (printed.length > 200_000) printed = printed.slice(-100_000);
    log.write(chunk);
    if (options.echo) process.stderr.write(chunk);
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);

  /** @type {Promise<void>} */
  const exited = new Promise((resolve) => child.once('exit', () => resolve()));
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const killTimer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(killTimer);
    }
    await new Promise((resolve) => log.end(resolve));
    await rm(dataDir, { recursive: true, force: true, maxRetries: 3 });
  };

  const deadline = Date.now() + (options.timeoutMs ?? 90_000);
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      const tail = printed.split('\n').slice(-40).join('\n');
      await stop();
      throw new Error(
        `the server exited (${child.exitCode ?? child.signalCode}) before it was healthy:\n${tail}`,
      );
    }
    try {
      const response = await fetch(`${url}/api/healthy`, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      const tail = printed.split('\n').slice(-40).join('\n');
      await stop();
      throw new Error(
        `the server at ${url} was not healthy after ${options.timeoutMs ?? 90_000} ms:\n${tail}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }

  return { url, port, pid: child.pid ?? 0, dataDir, logFile, output: () => printed, stop };
}
