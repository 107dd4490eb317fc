import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer, untilRunning } from './server-process';

/**
 * Start-up as an operator meets it, with real server processes: one data folder has one owner (a
 * second server stops at once, naming the folder and the holder; a lock left by a killed server
 * does not block the next), and PostgreSQL without a shared APP_SECRET is refused with what to do.
 */
describe('start-up', () => {
  const running: ChildProcess[] = [];
  afterAll(() => {
    for (const child of running) child.kill('SIGKILL');
  });

  it('a second server on the same data folder stops at once naming the folder and the holder; a killed holder does not block the next', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'lock-'));
    const first = await startServer({ DATA_DIR: dataDir });
    running.push(first.child);
    await untilRunning(first);

    const t0 = Date.now();
    const second = await startServer({ DATA_DIR: dataDir });
    running.push(second.child);
    expect(await second.exited).not.toBe(0);
    expect(Date.now() - t0).toBeLessThan(15_000);
    expect(second.output()).toContain(path.join(dataDir, 'db'));
    expect(second.output()).toContain(`PID ${first.child.pid}`);

    // Killed without a chance to clean up: its lock stays behind, naming a process that is gone.
    first.child.kill('SIGKILL');
    await first.exited;
    expect(existsSync(path.join(dataDir, 'db', 'server.lock'))).toBe(true);
    const third = await startServer({ DATA_DIR: dataDir });
    running.push(third.child);
    await untilRunning(third);
    expect(JSON.parse(readFileSync(path.join(dataDir, 'db', 'server.lock'), 'utf8')).pid).toBe(
      third.child.pid,
    );
    third.child.kill('SIGTERM');
    expect(await third.exited).toBe(0);
    // A clean stop leaves no lock behind.
    expect(existsSync(path.join(dataDir, 'db', 'server.lock'))).toBe(false);
  }, 120_000);

  it('PostgreSQL without APP_SECRET is refused, saying what to do', async () => {
    const refused = await startServer({
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'secret-')),
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test',
    });
    running.push(refused.child);
    expect(await refused.exited).not.toBe(0);
    expect(refused.output()).toContain('APP_SECRET is required with DATABASE_URL');
    expect(refused.output()).not.toContain('    at ');
  }, 60_000);
});
