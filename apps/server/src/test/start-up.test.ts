import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * Start-up as an operator meets it, with real server processes: one data folder has one owner (a
 * second server stops at once, naming the folder and the holder; a lock left by a killed server
 * does not block the next), and PostgreSQL without a shared APP_SECRET is refused with what to do.
 */
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

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

interface Started {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

async function start(env: Record<string, string>): Promise<Started> {
  const port = await freePort();
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      SERVE_WEB: 'false',
      LOG_LEVEL: 'warn',
      JOBS_ENABLED: 'false',
      DATABASE_URL: '',
      APP_SECRET: '',
      REDIS_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const collect = (chunk: Buffer) => {
    output += String(chunk);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

async function healthy(started: Started): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (!/is running on (\S+)/.test(started.output())) {
    if (started.child.exitCode !== null) throw new Error(`exited:\n${started.output()}`);
    if (Date.now() > deadline) throw new Error(`did not start:\n${started.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('start-up', () => {
  const running: ChildProcess[] = [];
  afterAll(() => {
    for (const child of running) child.kill('SIGKILL');
  });

  it('a second server on the same data folder stops at once naming the folder and the holder; a killed holder does not block the next', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'lock-'));
    const first = await start({ DATA_DIR: dataDir });
    running.push(first.child);
    await healthy(first);

    const t0 = Date.now();
    const second = await start({ DATA_DIR: dataDir });
    running.push(second.child);
    expect(await second.exited).not.toBe(0);
    expect(Date.now() - t0).toBeLessThan(15_000);
    expect(second.output()).toContain(path.join(dataDir, 'db'));
    expect(second.output()).toContain(`PID ${first.child.pid}`);

    // Killed without a chance to clean up: its lock stays behind, naming a process that is gone.
    first.child.kill('SIGKILL');
    await first.exited;
    expect(existsSync(path.join(dataDir, 'db', 'server.lock'))).toBe(true);
    const third = await start({ DATA_DIR: dataDir });
    running.push(third.child);
    await healthy(third);
    expect(JSON.parse(readFileSync(path.join(dataDir, 'db', 'server.lock'), 'utf8')).pid).toBe(
      third.child.pid,
    );
    third.child.kill('SIGTERM');
    expect(await third.exited).toBe(0);
    // A clean stop leaves no lock behind.
    expect(existsSync(path.join(dataDir, 'db', 'server.lock'))).toBe(false);
  }, 120_000);

  it('PostgreSQL without APP_SECRET is refused, saying what to do', async () => {
    const refused = await start({
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'secret-')),
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test',
    });
    running.push(refused.child);
    expect(await refused.exited).not.toBe(0);
    expect(refused.output()).toContain('APP_SECRET is required with DATABASE_URL');
    expect(refused.output()).not.toContain('    at ');
  }, 60_000);
});
