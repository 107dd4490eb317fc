#!/usr/bin/env node
// `npm start`: install when needed, build, then run the built server in the foreground.
//   SKIP_BUILD=1  reuse apps/web/dist and apps/server/dist as they are.
// The server reads its settings from the environment (see README.md); this script passes the
// environment through unchanged.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import {
  checkNodeVersion,
  ensureInstalled,
  fail,
  ROOT,
  run,
  SERVER_ENTRY,
  step,
  WEB_INDEX,
} from './lib/proc.mjs';

async function main() {
  if (!checkNodeVersion()) return 1;
  if (!(await ensureInstalled())) return 1;

  if (process.env.SKIP_BUILD === '1') {
    step('Skipping the build (SKIP_BUILD=1)');
  } else {
    step('Building the web app and the server (npm run build)');
    // One switch for the region: the server's REGION also picks the web build's sign-in pages.
    const env = { ...process.env };
    if (env.REGION && !env.VITE_REGION) env.VITE_REGION = env.REGION;
    const code = await run('npm', ['run', 'build'], { env });
    if (code !== 0) {
      fail(`the build failed (exit ${code}); see the output above. Nothing was started.`);
      return code;
    }
  }
  for (const file of [WEB_INDEX, SERVER_ENTRY]) {
    if (!existsSync(file)) {
      fail(`${path.relative(ROOT, file)} is missing; run \`npm run build\` (or start without SKIP_BUILD=1).`);
      return 1;
    }
  }

  step(`Starting the server (node ${path.relative(ROOT, SERVER_ENTRY)})`);
  const server = spawn(process.execPath, [SERVER_ENTRY], { cwd: ROOT, env: process.env, stdio: 'inherit' });

  // Forward stop signals so the server can close its database cleanly. On Ctrl+C the terminal
  // also signals the server directly (same process group); a graceful server ignores the repeat.
  /** @type {NodeJS.Signals[]} */
  const signals = ['SIGINT', 'SIGTERM', 'SIGHUP'];
  for (const signal of signals) {
    process.on(signal, () => {
      if (server.exitCode === null && server.signalCode === null) server.kill(signal);
    });
  }

  // `npm start` runs this through `sh -c`; a SIGTERM to npm (docker stop, a process manager)
  // kills npm and the shell without reaching us. Stop the server when our parent goes away.
  const parent = process.ppid;
  const watchParent = setInterval(() => {
    if (process.ppid !== parent && server.exitCode === null && server.signalCode === null) {
      server.kill('SIGTERM');
    }
  }, 1_000);
  watchParent.unref();

  return await new Promise((resolve) => {
    server.on('error', (error) => {
      fail(`could not start the server: ${error.message}`);
      resolve(1);
    });
    server.on('exit', (code, signal) => {
      if (signal) return resolve(signal === 'SIGINT' || signal === 'SIGTERM' ? 0 : 1);
      if (code !== 0) fail(`the server exited with code ${code}; see its output above.`);
      resolve(code ?? 1);
    });
  });
}

process.exitCode = await main();
