#!/usr/bin/env node
// `npm run bench:bundle`: builds the web app (into a temporary directory, with a Vite manifest)
// and reports the gzip size of the JS and CSS that /login and /chat load: the entry's static
// import graph plus the lazy route modules of that page and their static imports, which is what
// the browser fetches (Vite preloads a lazy chunk's imports and CSS with it).
// Fails when either route pulls in AG Charts / AG Grid or admin code (ARCHITECTURE section 7).
//   --keep  keep the build directory and print its path.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { ROOT } from '../../scripts/lib/proc.mjs';

const WEB = path.join(ROOT, 'apps/web');

/**
 * The lazy route modules each page needs (see apps/web/src/app/routes.tsx and routes/*.ts), as
 * patterns over the manifest's source paths. Each pattern must match one lazy chunk: a rename in
 * the web app fails this script instead of quietly under-counting.
 * @type {Record<string, RegExp[]>}
 */
const ROUTES = {
  '/login': [/^src\/features\/auth\/login-page\.tsx$/],
  '/chat': [/^src\/app\/shell\/app-shell\.tsx$/, /^src\/features\/chat\/chat-page\.tsx$/],
};

/** Code that must never load on /login or /chat. */
const FORBIDDEN = /ag-charts|ag-grid|features\/admin|[/_-]admin[/._-]/i;

/**
 * @typedef {object} ManifestChunk
 * @property {string} file
 * @property {string} [name]
 * @property {string} [src]
 * @property {boolean} [isEntry]
 * @property {boolean} [isDynamicEntry]
 * @property {string[]} [imports]
 * @property {string[]} [dynamicImports]
 * @property {string[]} [css]
 */

/** @param {string} file */
function sizes(file) {
  const content = readFileSync(file);
  return { raw: statSync(file).size, gzip: gzipSync(content).length };
}

/** @param {number} bytes */
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} kB`;

/**
 * The files (JS and CSS) a chunk and its static imports need.
 * @param {Record<string, ManifestChunk>} manifest
 * @param {string} key
 * @param {Set<string>} files
 * @param {Set<string>} keys
 */
function closure(manifest, key, files, keys) {
  if (keys.has(key)) return;
  keys.add(key);
  const chunk = manifest[key];
  if (!chunk) throw new Error(`manifest has no entry ${key}`);
  files.add(chunk.file);
  for (const css of chunk.css ?? []) files.add(css);
  for (const imported of chunk.imports ?? []) closure(manifest, imported, files, keys);
}

async function main() {
  const keep = process.argv.includes('--keep');
  const outDir = await mkdtemp(path.join(os.tmpdir(), 'web-bundle-'));
  try {
    console.log(`building apps/web into ${outDir} (vite build --manifest)`);
    const vite = path.join(ROOT, 'node_modules/vite/bin/vite.js');
    execFileSync(process.execPath, [vite, 'build', '--manifest', '--outDir', outDir, '--emptyOutDir'], {
      cwd: WEB,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const manifestFile = path.join(outDir, '.vite/manifest.json');
    if (!existsSync(manifestFile)) throw new Error(`vite wrote no manifest at ${manifestFile}`);
    /** @type {Record<string, ManifestChunk>} */
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
    const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
    if (!entryKey) throw new Error('the manifest has no entry chunk');
    const lazyKeys = Object.keys(manifest).filter((key) => manifest[key]?.isDynamicEntry);

    const html = sizes(path.join(outDir, 'index.html'));
    console.log(`\nindex.html ${kb(html.raw)} (gzip ${kb(html.gzip)}); ${lazyKeys.length} lazy chunks\n`);

    let violations = 0;
    for (const [route, patterns] of Object.entries(ROUTES)) {
      /** @type {Set<string>} */
      const files = new Set();
      /** @type {Set<string>} */
      const keys = new Set();
      closure(manifest, entryKey, files, keys);
      const lazy = lazyKeys.filter((key) => patterns.some((pattern) => pattern.test(key)));
      const unmatched = patterns.filter((pattern) => !lazyKeys.some((key) => pattern.test(key)));
      if (unmatched.length) {
        throw new Error(
          `no lazy chunk matches ${unmatched.join(', ')} for ${route}; update ROUTES in bench/bundle/run.mjs. ` +
            `Lazy chunks: ${lazyKeys.join(', ')}`,
        );
      }
      for (const key of lazy) closure(manifest, key, files, keys);

      const rows = [...files].map((file) => ({ file, ...sizes(path.join(outDir, file)) }));
      const total = (/** @type {string} */ ext) =>
        rows
          .filter((r) => r.file.endsWith(ext))
          .reduce((sum, r) => ({ raw: sum.raw + r.raw, gzip: sum.gzip + r.gzip }), { raw: 0, gzip: 0 });
      const js = total('.js');
      const css = total('.css');
      console.log(`${route}  (${entryKey} + ${lazy.join(' + ')}, with their static imports)`);
      for (const r of rows.sort((a, b) => b.gzip - a.gzip)) {
        console.log(`  ${r.file.padEnd(48)} ${kb(r.raw).padStart(10)} ${kb(r.gzip).padStart(10)} gzip`);
      }
      console.log(
        `  JS  ${kb(js.raw)} raw, ${kb(js.gzip)} gzip, ${rows.filter((r) => r.file.endsWith('.js')).length} files`,
      );
      console.log(`  CSS ${kb(css.raw)} raw, ${kb(css.gzip)} gzip`);
      const bad = [...keys].filter((key) => FORBIDDEN.test(key) || FORBIDDEN.test(manifest[key]?.file ?? ''));
      if (bad.length) {
        violations += bad.length;
        console.log(`  FORBIDDEN on ${route}: ${bad.join(', ')}`);
      }
      console.log('');
    }
    if (keep) console.log(`build kept at ${outDir}`);
    if (violations) {
      console.error('/login or /chat loads AG Charts / AG Grid or admin code (see FORBIDDEN above).');
      return 1;
    }
    return 0;
  } finally {
    if (!keep) await rm(outDir, { recursive: true, force: true });
  }
}

try {
  process.exitCode = await main();
} catch (error) {
  console.error(`bench:bundle failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
