#!/usr/bin/env node
// Page weight (issue 18, gate 5): the gzip size of the JavaScript each page loads, checked against
// its budget, and where it comes from.
//   `npm run bench:bundle`            builds the web app into a temporary directory and measures it
//   `node bench/bundle/run.mjs --dist apps/web/dist`   measures a build that exists (`npm test`
//                                      runs this after its build stage: the budget test)
//   --keep  keep the temporary build and print its path.
//   VITE_REGION=cn  builds (or, with --dist, reads a build made) for the China region: its own
//                   /login and /sign-up.
// What a page loads is what Vite's manifest says the browser fetches: the entry's static import
// graph plus the page's lazy route modules and their static imports (Vite preloads a lazy chunk's
// imports and CSS with it). Code a page loads later (a chart, a dialog) is not counted. Fails when
//   - a page's JS passes its budget (gzip, zlib's default level);
//   - /login or /sign-up bundles antd, TanStack Query or zod (they are the light pages);
//   - /login or /chat loads AG Charts, AG Grid or admin code (ARCHITECTURE section 7);
//   - an admin page is not its own lazy chunk (it is in no chunk, or its code sits in another).
// Module contents come from the build's source maps.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { ROOT } from '../../scripts/lib/proc.mjs';

const WEB = path.join(ROOT, 'apps/web');
const KB = 1024;
// The build's region picks the variant (VITE_REGION=cn: the China-region pages).
const CN = process.env.VITE_REGION === 'cn';

/**
 * The pages measured, the lazy route modules each needs (see apps/web/src/app/routes.tsx), as
 * patterns over the manifest's source paths, and the page's JS budget in gzip bytes. Each pattern
 * must match one lazy chunk: a rename in the web app fails this script instead of quietly
 * under-counting.
 * @type {Record<string, { lazy: RegExp[], budget: number, light?: boolean }>}
 */
const PAGES = {
  '/login': {
    lazy: [CN ? /^src\/features\/auth\/cn-login-page\.tsx$/ : /^src\/features\/auth\/login-page\.tsx$/],
    budget: 150 * KB,
    light: true,
  },
  '/sign-up': {
    lazy: [CN ? /^src\/features\/auth\/cn-sign-up-page\.tsx$/ : /^src\/features\/auth\/sign-up-page\.tsx$/],
    budget: 150 * KB,
    light: true,
  },
  // Until a chart appears: the charts are lazy chunks of their own. The provider layer loads the
  // UI language's antd texts with it (English here).
  '/chat': {
    lazy: [
      /^src\/app\/app-providers-layout\.tsx$/,
      /node_modules\/antd\/locale\/en_US\.js$/,
      /^src\/app\/shell\/app-shell\.tsx$/,
      /^src\/features\/chat\/chat-page\.tsx$/,
    ],
    budget: 300 * KB,
  },
};

/** Code that must never load on these pages (ARCHITECTURE section 7). */
const FORBIDDEN = /ag-charts|ag-grid|features\/admin|[/_-]admin[/._-]/i;

/** Packages the light pages must not bundle: the antd and TanStack Query layer, and zod. */
const HEAVY = /node_modules\/(antd|@ant-design|@rc-component|rc-[\w-]+|@tanstack|zod|dayjs)\//;

/** Admin pages: each must be a lazy chunk of its own. */
const ADMIN_PAGE = /^src\/features\/admin-[^/]+\/(?:.+\/)?[^/]+-page\.tsx$/;

/**
 * @typedef {object} ManifestChunk
 * @property {string} file
 * @property {string} [src]
 * @property {boolean} [isEntry]
 * @property {boolean} [isDynamicEntry]
 * @property {string[]} [imports]
 * @property {string[]} [css]
 */

/** @param {number} bytes */
const kb = (bytes) => `${(bytes / KB).toFixed(1)} kB`;

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

/**
 * A built file's source modules (from its source map) and the minified bytes each produced.
 * @param {string} dist
 * @param {string} file
 * @returns {Map<string, number>}
 */
function sourcesOf(dist, file) {
  const mapFile = path.join(dist, `${file}.map`);
  /** @type {Map<string, number>} */
  const sizes = new Map();
  if (!existsSync(mapFile)) return sizes;
  /** @type {{ sources: string[], mappings: string }} */
  const map = JSON.parse(readFileSync(mapFile, 'utf8'));
  const lines = readFileSync(path.join(dist, file), 'utf8').split('\n');
  const mappings = map.mappings.split(';');
  sourceIndex = 0;
  for (let line = 0; line < mappings.length; line++) {
    const segments = decodeLine(mappings[line] ?? '');
    const length = lines[line]?.length ?? 0;
    for (let i = 0; i < segments.length; i++) {
      const [column, source] = segments[i] ?? [];
      if (column === undefined || source === undefined) continue;
      const end = segments[i + 1]?.[0] ?? length;
      const name = normalizeSource(map.sources[source] ?? '');
      sizes.set(name, (sizes.get(name) ?? 0) + (end - column));
    }
  }
  return sizes;
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
let sourceIndex = 0;

/**
 * One line of a source map's mappings: [generated column, source index] per segment (the
 * columns and the source index are relative, the source index across lines).
 * @param {string} text
 * @returns {[number, number | undefined][]}
 */
function decodeLine(text) {
  /** @type {[number, number | undefined][]} */
  const out = [];
  let column = 0;
  for (const segment of text.split(',')) {
    if (!segment) continue;
    const values = [];
    let value = 0;
    let shift = 0;
    for (const char of segment) {
      const digit = BASE64.indexOf(char);
      value += (digit & 31) << shift;
      if (digit & 32) {
        shift += 5;
      } else {
        values.push(value & 1 ? -(value >>> 1) : value >>> 1);
        value = 0;
        shift = 0;
      }
    }
    column += values[0] ?? 0;
    if (values.length > 1) {
      sourceIndex += values[1] ?? 0;
      out.push([column, sourceIndex]);
    } else {
      out.push([column, undefined]);
    }
  }
  return out;
}

/** @param {string} source */
function normalizeSource(source) {
  const inModules = source.lastIndexOf('node_modules/');
  if (inModules >= 0) return source.slice(inModules);
  const inWeb = source.indexOf('apps/web/');
  if (inWeb >= 0) return source.slice(inWeb + 'apps/web/'.length);
  return source.replace(/^(\.\.\/)+/, '');
}

/** @param {string} source */
function packageOf(source) {
  const match = source.match(/^node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (match?.[1]) return match[1];
  if (source.startsWith('packages/contract/')) return '(contract)';
  return '(app code)';
}

/**
 * @param {string} dist
 * @param {string} file
 */
function sizes(dist, file) {
  const content = readFileSync(path.join(dist, file));
  return { raw: statSync(path.join(dist, file)).size, gzip: gzipSync(content).length };
}

/**
 * @param {string} dir
 * @param {string} [prefix]
 * @returns {string[]}
 */
function walk(dir, prefix = '') {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? walk(path.join(dir, entry.name), `${prefix}${entry.name}/`)
      : [`${prefix}${entry.name}`],
  );
}

/**
 * @param {string} dist
 * @param {Record<string, ManifestChunk>} manifest
 * @param {string[]} lazyKeys
 * @returns {string[]} the failures
 */
function checkAdminPages(dist, manifest, lazyKeys) {
  const failures = [];
  const pages = walk(path.join(WEB, 'src/features'))
    .map((file) => `src/features/${file}`)
    .filter((file) => ADMIN_PAGE.test(file));
  /** @type {Map<string, string[]>} the chunk files each admin page's own module is in */
  const whereIs = new Map(pages.map((page) => [page, []]));
  for (const file of new Set(Object.values(manifest).map((chunk) => chunk.file))) {
    if (!file.endsWith('.js')) continue;
    for (const source of sourcesOf(dist, file).keys()) whereIs.get(source)?.push(file);
  }
  const ownFiles = new Map();
  for (const page of pages) {
    const chunk = manifest[page];
    if (!chunk || !lazyKeys.includes(page)) {
      failures.push(`${page} is not a lazy chunk of its own (routed with a static import, or not routed)`);
      continue;
    }
    const shared = ownFiles.get(chunk.file);
    if (shared) failures.push(`${page} shares its chunk ${chunk.file} with ${shared}`);
    ownFiles.set(chunk.file, page);
    const elsewhere = (whereIs.get(page) ?? []).filter((file) => file !== chunk.file);
    if (elsewhere.length) failures.push(`${page}'s code is also bundled in ${elsewhere.join(', ')}`);
  }
  console.log(
    `admin pages: ${pages.length}, each its own lazy chunk${failures.length ? ' (NOT ALL, see below)' : ''}`,
  );
  return failures;
}

/** @param {string} dist */
function measure(dist) {
  const manifestFile = path.join(dist, '.vite/manifest.json');
  if (!existsSync(manifestFile)) {
    throw new Error(
      `${manifestFile} is missing: build the web app with a manifest (vite.config build.manifest)`,
    );
  }
  /** @type {Record<string, ManifestChunk>} */
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entryKey) throw new Error('the manifest has no entry chunk');
  const lazyKeys = Object.keys(manifest).filter((key) => manifest[key]?.isDynamicEntry);

  const html = sizes(dist, 'index.html');
  console.log(`\nindex.html ${kb(html.raw)} (gzip ${kb(html.gzip)}); ${lazyKeys.length} lazy chunks\n`);

  /** @type {string[]} */
  const failures = [];
  /** @type {{ page: string, files: number, raw: number, gzip: number, budget: number }[]} */
  const summary = [];
  for (const [page, { lazy: patterns, budget, light }] of Object.entries(PAGES)) {
    /** @type {Set<string>} */
    const files = new Set();
    /** @type {Set<string>} */
    const keys = new Set();
    closure(manifest, entryKey, files, keys);
    const lazy = lazyKeys.filter((key) => patterns.some((pattern) => pattern.test(key)));
    const unmatched = patterns.filter((pattern) => !lazyKeys.some((key) => pattern.test(key)));
    if (unmatched.length) {
      throw new Error(
        `no lazy chunk matches ${unmatched.join(', ')} for ${page}; update PAGES in bench/bundle/run.mjs. ` +
          `Lazy chunks: ${lazyKeys.join(', ')}`,
      );
    }
    for (const key of lazy) closure(manifest, key, files, keys);

    const rows = [...files].map((file) => ({ file, ...sizes(dist, file) }));
    const total = (/** @type {string} */ ext) =>
      rows
        .filter((r) => r.file.endsWith(ext))
        .reduce((sum, r) => ({ raw: sum.raw + r.raw, gzip: sum.gzip + r.gzip }), { raw: 0, gzip: 0 });
    const js = total('.js');
    const css = total('.css');
    const jsFiles = rows.filter((r) => r.file.endsWith('.js'));
    console.log(`${page}  (${entryKey} + ${lazy.join(' + ')}, with their static imports)`);
    for (const r of rows.sort((a, b) => b.gzip - a.gzip).slice(0, 12)) {
      console.log(`  ${r.file.padEnd(48)} ${kb(r.raw).padStart(10)} ${kb(r.gzip).padStart(10)} gzip`);
    }
    if (rows.length > 12) console.log(`  ... and ${rows.length - 12} smaller files`);

    // Where the bytes come from, by package (minified bytes, from the source maps).
    /** @type {Map<string, number>} */
    const byPackage = new Map();
    /** @type {Set<string>} */
    const heavy = new Set();
    for (const { file } of jsFiles) {
      for (const [source, bytes] of sourcesOf(dist, file)) {
        const name = packageOf(source);
        byPackage.set(name, (byPackage.get(name) ?? 0) + bytes);
        if (light && HEAVY.test(source)) heavy.add(name);
      }
    }
    const top = [...byPackage].sort((a, b) => b[1] - a[1]).slice(0, 8);
    console.log(`  by package (raw): ${top.map(([name, bytes]) => `${name} ${kb(bytes)}`).join(', ')}`);
    console.log(
      `  JS  ${kb(js.raw)} raw, ${kb(js.gzip)} gzip, ${jsFiles.length} files (budget ${kb(budget)} gzip)`,
    );
    console.log(`  CSS ${kb(css.raw)} raw, ${kb(css.gzip)} gzip`);
    summary.push({ page, files: jsFiles.length, raw: js.raw, gzip: js.gzip, budget });

    if (js.gzip > budget)
      failures.push(`${page} loads ${kb(js.gzip)} of gzip JavaScript, over its budget of ${kb(budget)}`);
    if (heavy.size) failures.push(`${page} is a light page but bundles ${[...heavy].join(', ')}`);
    const bad = [...keys].filter((key) => FORBIDDEN.test(key) || FORBIDDEN.test(manifest[key]?.file ?? ''));
    if (bad.length) failures.push(`${page} loads AG Charts / AG Grid or admin code: ${bad.join(', ')}`);
    console.log('');
  }

  failures.push(...checkAdminPages(dist, manifest, lazyKeys));

  console.log('\npage      JS files   JS raw    JS gzip   budget');
  for (const row of summary) {
    console.log(
      `${row.page.padEnd(9)} ${String(row.files).padStart(8)} ${kb(row.raw).padStart(9)} ${kb(row.gzip).padStart(10)} ${kb(row.budget).padStart(9)}`,
    );
  }
  return failures;
}

async function main() {
  const distIndex = process.argv.indexOf('--dist');
  if (distIndex >= 0) {
    const dist = path.resolve(process.argv[distIndex + 1] ?? '');
    return report(measure(dist));
  }
  const keep = process.argv.includes('--keep');
  const outDir = await mkdtemp(path.join(os.tmpdir(), 'web-bundle-'));
  try {
    console.log(`building apps/web into ${outDir} (vite build)`);
    const vite = path.join(ROOT, 'node_modules/vite/bin/vite.js');
    execFileSync(process.execPath, [vite, 'build', '--manifest', '--outDir', outDir, '--emptyOutDir'], {
      cwd: WEB,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    if (keep) console.log(`build kept at ${outDir}`);
    return report(measure(outDir));
  } finally {
    if (!keep) await rm(outDir, { recursive: true, force: true });
  }
}

/** @param {string[]} failures */
function report(failures) {
  if (failures.length === 0) {
    console.log('\nEvery page is within its budget.');
    return 0;
  }
  console.error(`\nPage weight: ${failures.length} failure(s)`);
  for (const failure of failures) console.error(`  - ${failure}`);
  console.error('See docs/performance.md ("Web bundle") for what each page may load and why.');
  return 1;
}

try {
  process.exitCode = await main();
} catch (error) {
  console.error(`bench:bundle failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
