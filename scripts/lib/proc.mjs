// Small process helpers shared by scripts/start.mjs, scripts/test.mjs and bench/.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, statSync, utimesSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const SERVER_ENTRY = path.join(ROOT, 'apps/server/dist/main.js');
export const WEB_INDEX = path.join(ROOT, 'apps/web/dist/index.html');

const isWindows = process.platform === 'win32';
const useColor = process.stdout.isTTY && !process.env.NO_COLOR;

/** @param {string} code @param {string} text */
const paint = (code, text) => (useColor ? `\u001b[${code}m${text}\u001b[0m` : text);
export const bold = (/** @type {string} */ text) => paint('1', text);
export const red = (/** @type {string} */ text) => paint('31', text);
export const green = (/** @type {string} */ text) => paint('32', text);
export const dim = (/** @type {string} */ text) => paint('2', text);

/** @param {string} message */
export function step(message) {
  console.log(`\n${bold(`> ${message}`)}`);
}

/** @param {string} message */
export function fail(message) {
  console.error(`\n${red(bold('error:'))} ${message}`);
}

/**
 * Runs a command with inherited stdio and resolves with its exit code (never rejects: a command
 * that cannot be started resolves 127 after printing why).
 * @param {string} command
 * @param {string[]} args
 * @param {{ env?: NodeJS.ProcessEnv, cwd?: string }} [options]
 * @returns {Promise<number>}
 */
export function run(command, args, options = {}) {
  console.log(dim(`$ ${[command, ...args].join(' ')}`));
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: options.cwd ?? ROOT,
      env: options.env ?? process.env,
      stdio: 'inherit',
      shell: isWindows,
    });
    child.on('error', (error) => {
      fail(`could not run ${command}: ${error.message}`);
      resolve(127);
    });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 128 + signalNumber(signal) : 1)));
  });
}

/** @param {NodeJS.Signals} signal */
function signalNumber(signal) {
  return { SIGHUP: 1, SIGINT: 2, SIGKILL: 9, SIGTERM: 15 }[/** @type {string} */ (signal)] ?? 1;
}

/** @param {string} file */
const mtime = (file) => statSync(file).mtimeMs;

/**
 * Dependencies need (re)installing when node_modules is missing, or when the lockfile changed
 * after the last install (npm writes node_modules/.package-lock.json on every install).
 * @returns {string | null} why an install is needed, or null
 */
export function installReason() {
  const modules = path.join(ROOT, 'node_modules');
  const lock = path.join(ROOT, 'package-lock.json');
  const hidden = path.join(modules, '.package-lock.json');
  if (!existsSync(modules)) return 'node_modules is missing';
  if (!existsSync(lock)) return existsSync(hidden) ? null : 'node_modules was not installed by npm';
  if (!existsSync(hidden)) return 'node_modules/.package-lock.json is missing';
  if (mtime(lock) > mtime(hidden)) return 'package-lock.json is newer than the installed packages';
  return null;
}

/**
 * Installs dependencies when needed: `npm ci` with a lockfile, else `npm install`.
 * @returns {Promise<boolean>} false when the install failed (the reason is printed)
 */
export async function ensureInstalled() {
  const reason = installReason();
  if (!reason) return true;
  const hasLock = existsSync(path.join(ROOT, 'package-lock.json'));
  step(`Installing dependencies (${reason})`);
  // The committed lockfile is complete (`npm test` checks it first), so a fresh clone installs
  // exactly it; a refusal is a real fault to fix, not something to paper over with `npm install`.
  const code = await runInstall(hasLock ? ['ci'] : ['install']);
  if (code !== 0) {
    fail(
      `installing the dependencies failed (exit ${code}). Check the output above; npm needs its registry.`,
    );
    return false;
  }
  // npm may rewrite package-lock.json after the hidden lockfile; mark the install as current so
  // the next run does not reinstall.
  const hidden = path.join(ROOT, 'node_modules/.package-lock.json');
  if (existsSync(hidden)) {
    const now = new Date();
    utimesSync(hidden, now, now);
  }
  return true;
}

/**
 * `npm ci` with its output as is, except npm's EBADENGINE warning for a package listed in
 * known-engines.json: that one is replaced by a line saying why it runs here (the engines test
 * keeps the list true). Any other warning is printed untouched.
 * @param {string[]} args
 * @returns {Promise<number>}
 */
function runInstall(args) {
  console.log(dim(`$ npm ${args.join(' ')}`));
  const known = /** @type {Record<string, { declared: string, reason: string }>} */ (
    JSON.parse(readFileSync(path.join(ROOT, 'scripts/lib/known-engines.json'), 'utf8'))
  );
  return new Promise((resolve) => {
    const child = spawn('npm', args, {
      cwd: ROOT,
      env: process.env,
      stdio: ['inherit', 'inherit', 'pipe'],
      shell: isWindows,
    });
    let pending = '';
    /** @type {string[] | null} */
    let block = null;
    const explained = new Set();
    /** @param {string} line */
    const onLine = (line) => {
      if (block === null && /^npm warn EBADENGINE Unsupported engine \{/.test(line)) {
        block = [line];
        return;
      }
      if (block !== null) {
        block.push(line);
        if (!/^npm warn EBADENGINE \}/.test(line)) return;
        const name = /package: '(.+)@[^@']+'/.exec(block.join('\n'))?.[1];
        const entry = name ? known[name] : undefined;
        if (name && entry) {
          if (!explained.has(name)) {
            explained.add(name);
            console.log(dim(`${name} declares Node ${entry.declared}: ${entry.reason}`));
          }
        } else process.stderr.write(`${block.join('\n')}\n`);
        block = null;
        return;
      }
      process.stderr.write(`${line}\n`);
    };
    child.stderr?.on('data', (chunk) => {
      pending += String(chunk);
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) onLine(line);
    });
    child.on('error', (error) => {
      fail(`could not run npm: ${error.message}`);
      resolve(127);
    });
    child.on('exit', (code, signal) => {
      if (pending) onLine(pending);
      if (block !== null) process.stderr.write(`${/** @type {string[]} */ (block).join('\n')}\n`);
      resolve(code ?? (signal ? 128 + signalNumber(signal) : 1));
    });
  });
}

/** Node >= 20.19 is required (require(esm) and the engines field of the workspace). */
export function checkNodeVersion() {
  const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
  if (major > 20 || (major === 20 && minor >= 19)) return true;
  fail(`Node.js >= 20.19 is required; this is ${process.version}. Install a newer Node.js and retry.`);
  return false;
}
