#!/usr/bin/env node
// Reads a V8 CPU profile (`node --cpu-prof`, or bench:payments with BENCH_CPU_PROF=<dir>) and
// prints where the time went: the functions with the most self time, and the same summed by
// package (node_modules/<name>) or by the app's folder. `node bench/payments/profile-top.mjs
// <file.cpuprofile> [rows]`.
import { readFileSync } from 'node:fs';

const file = process.argv[2];
if (!file) throw new Error('usage: profile-top.mjs <file.cpuprofile> [rows]');
const rows = Number(process.argv[3] ?? 30);
/** @type {{ nodes: { id: number, callFrame: { functionName: string, url: string, lineNumber: number } }[], samples: number[], timeDeltas: number[] }} */
const profile = JSON.parse(readFileSync(file, 'utf8'));

/** @type {Map<number, number>} */
const selfMicros = new Map();
profile.samples.forEach((id, i) => {
  selfMicros.set(id, (selfMicros.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
});
const total = [...selfMicros.values()].reduce((a, b) => a + b, 0);

/** @param {string} url */
function area(url) {
  if (!url) return '(native / vm)';
  const pkg = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (pkg) return pkg[1] ?? url;
  if (url.startsWith('node:')) return url;
  const app = url.match(/\/(apps|packages|bench)\/(.+)\/[^/]+$/);
  return app ? `${app[1]}/${app[2]}` : url;
}

/** @type {Map<string, number>} */
const byFunction = new Map();
/** @type {Map<string, number>} */
const byArea = new Map();
for (const node of profile.nodes) {
  const micros = selfMicros.get(node.id) ?? 0;
  if (!micros) continue;
  const { functionName, url, lineNumber } = node.callFrame;
  const where = url ? `${url.replace(/^.*\/(node_modules|apps|packages)\//, '$1/')}:${lineNumber + 1}` : '';
  const name = `${functionName || '(anonymous)'} ${where}`;
  byFunction.set(name, (byFunction.get(name) ?? 0) + micros);
  const key = area(url);
  byArea.set(key, (byArea.get(key) ?? 0) + micros);
}

/** @param {string} title @param {Map<string, number>} map */
function print(title, map) {
  console.log(`\n${title} (of ${(total / 1000).toFixed(0)} ms sampled)`);
  for (const [name, micros] of [...map].sort((a, b) => b[1] - a[1]).slice(0, rows)) {
    console.log(
      `${((100 * micros) / total).toFixed(1).padStart(5)}%  ${(micros / 1000).toFixed(0).padStart(6)} ms  ${name}`,
    );
  }
}
print('self time by function', byFunction);
print('self time by package or folder', byArea);
