#!/usr/bin/env node
import path from 'node:path';
// `npm test`: every check the project has, in order, stopping at the first failure:
// typecheck, lint, server tests, web tests, build, page weight (each page's JavaScript within its
// budget, measured on that build), then the Playwright browser journeys.
// Server tests use TEST_DATABASE_URL when set (real PostgreSQL), else PGlite.
//   npm test -- --only build,e2e   runs only the named stages (ids: lockfile, typecheck, lint, server, web,
//                                  build, bundle, chromium, e2e; bundle and e2e need a build, e2e Chromium).
import { ensureChromium } from './lib/chromium.mjs';
import {
  bold,
  checkNodeVersion,
  dim,
  ensureInstalled,
  fail,
  green,
  ROOT,
  red,
  run,
  step,
} from './lib/proc.mjs';

/** @typedef {{ id: string, name: string, run: () => Promise<boolean> }} Stage */

/** @param {string[]} args */
const npm = (args) => async () => (await run('npm', args)) === 0;

const TSC = path.join(ROOT, 'node_modules/typescript/bin/tsc');

/**
 * Runs the tasks with at most two in flight; answers their results in order.
 * @template T
 * @param {(() => Promise<T>)[]} tasks
 * @returns {Promise<T[]>}
 */
async function twoAtATime(tasks) {
  /** @type {T[]} */
  const results = [];
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const index = next;
      next += 1;
      const task = /** @type {() => Promise<T>} */ (tasks[index]);
      results[index] = await task();
    }
  };
  await Promise.all([worker(), worker()]);
  return results;
}

/** @type {string | null} */
let chromiumPath = null;

/** @type {Stage[]} */
const stages = [
  // A fresh clone's `npm ci` must accept the lockfile as committed (every platform's optional
  // packages listed); checked without installing anything.
  {
    id: 'lockfile',
    name: 'lockfile',
    run: npm(['ci', '--dry-run', '--ignore-scripts', '--no-audit', '--no-fund']),
  },
  // The same programs as `npm run typecheck` (each workspace, then e2e with the scripts and
  // benches), which share nothing: two at a time, one per core of the 2-core machine we target.
  {
    id: 'typecheck',
    name: 'typecheck',
    run: async () => {
      const programs = ['packages/contract', 'apps/server', 'apps/web', 'e2e'];
      const codes = await twoAtATime(
        programs.map((program) => () => run(process.execPath, [TSC, '--noEmit', '-p', program])),
      );
      return codes.every((code) => code === 0);
    },
  },
  { id: 'lint', name: 'lint', run: npm(['run', 'lint']) },
  { id: 'server', name: 'server tests', run: npm(['test', '-w', '@app/server']) },
  { id: 'web', name: 'web tests', run: npm(['test', '-w', '@app/web']) },
  { id: 'build', name: 'build', run: npm(['run', 'build']) },
  // Issue 18, gate 5: /login and /sign-up within 150 kB of gzip JavaScript, /chat within 300 kB, every
  // admin page its own lazy chunk; read from the build above (its Vite manifest), not built again.
  {
    id: 'bundle',
    name: 'page weight',
    run: async () => (await run(process.execPath, ['bench/bundle/run.mjs', '--dist', 'apps/web/dist'])) === 0,
  },
  {
    id: 'chromium',
    name: 'chromium',
    run: async () => {
      chromiumPath = await ensureChromium();
      return chromiumPath !== null;
    },
  },
  {
    id: 'e2e',
    name: 'browser tests',
    run: async () => {
      const env = { ...process.env, CHROMIUM_PATH: chromiumPath ?? '' };
      return (await run('npm', ['run', 'test:e2e'], { env })) === 0;
    },
  },
];

/** @param {number} ms */
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

/** @returns {Stage[] | null} */
function selectedStages() {
  const index = process.argv.indexOf('--only');
  if (index < 0) return stages;
  const ids = (process.argv[index + 1] ?? '').split(',').filter(Boolean);
  const unknown = ids.filter((id) => !stages.some((stage) => stage.id === id));
  if (ids.length === 0 || unknown.length) {
    fail(`--only takes stage ids separated by commas: ${stages.map((stage) => stage.id).join(', ')}`);
    return null;
  }
  // The browser tests need the Chromium check that finds the executable.
  if (ids.includes('e2e') && !ids.includes('chromium')) ids.push('chromium');
  return stages.filter((stage) => ids.includes(stage.id));
}

async function main() {
  if (!checkNodeVersion()) return 1;
  const toRun = selectedStages();
  if (!toRun) return 1;
  const started = Date.now();
  if (!(await ensureInstalled())) {
    console.log('\n0 passed, 1 failed');
    return 1;
  }

  /** @type {{ name: string, ok: boolean, ms: number }[]} */
  const results = [];
  for (const stage of toRun) {
    step(stage.name);
    const t0 = Date.now();
    let ok = false;
    try {
      ok = await stage.run();
    } catch (error) {
      fail(`${stage.name}: ${error instanceof Error ? error.message : String(error)}`);
    }
    results.push({ name: stage.name, ok, ms: Date.now() - t0 });
    if (!ok) {
      fail(`stage "${stage.name}" failed; see its output above. Later stages were not run.`);
      break;
    }
  }

  const passed = results.filter((r) => r.ok).length;
  const failed = results.length - passed;
  console.log(`\n${bold('Summary')} ${dim(`(${seconds(Date.now() - started)})`)}`);
  for (const r of results) {
    console.log(`  ${r.ok ? green('ok  ') : red('FAIL')} ${r.name.padEnd(14)} ${dim(seconds(r.ms))}`);
  }
  for (const stage of toRun.slice(results.length))
    console.log(`  ${dim('--  ')} ${dim(`${stage.name} (not run)`)}`);
  console.log(`\n${passed} passed, ${failed} failed`);
  return failed === 0 && results.length === toRun.length ? 0 : 1;
}

process.exitCode = await main();
