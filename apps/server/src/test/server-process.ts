import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * A real server process for tests that need what an operator sees (start-up, several instances,
 * a kill): `node --import tsx src/main.ts` on a free port, its output collected, its exit awaited.
 */
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export function freePort(): Promise<number> {
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

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  /** `http://127.0.0.1:<port>` */
  base: string;
  /** Everything written to stdout and stderr so far. */
  output: () => string;
  /** Resolves with the exit code (null when a signal ended it). */
  exited: Promise<number | null>;
}

/**
 * Spawns a server. The defaults keep it self-contained (embedded database, no Redis, no jobs, no
 * web build) so a test states only what it changes; the parent's own DATABASE_URL, APP_SECRET and
 * REDIS_URL are blanked for the same reason. `port` reuses a port (a restart at the same address).
 */
export async function startServer(env: Record<string, string>, port?: number): Promise<ServerProcess> {
  const listenOn = port ?? (await freePort());
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(listenOn),
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
  return { child, port: listenOn, base: `http://127.0.0.1:${listenOn}`, output: () => output, exited };
}

/** Waits for the "is running on" line main.ts prints once it listens; throws with the output if it exits or stalls. */
export async function untilRunning(server: ServerProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!/is running on (\S+)/.test(server.output())) {
    if (server.child.exitCode !== null || server.child.signalCode !== null) {
      throw new Error(`server exited:\n${server.output()}`);
    }
    if (Date.now() > deadline) throw new Error(`server did not start:\n${server.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Sends a signal and waits for the exit; resolves with the exit code (null for a signal death). */
export async function stopServer(
  server: ServerProcess,
  signal: NodeJS.Signals = 'SIGTERM',
): Promise<number | null> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return server.child.exitCode;
  server.child.kill(signal);
  return server.exited;
}
