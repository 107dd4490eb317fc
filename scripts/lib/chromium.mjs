// Finds the system Chromium the Playwright suite drives. A browser is never downloaded:
// CHROMIUM_PATH, else Debian's /usr/bin/chromium, installed with apt-get when running as root.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fail, run, step } from './proc.mjs';

export const DEFAULT_CHROMIUM = '/usr/bin/chromium';

/** @param {string} file @returns {string | null} the version line, or null when it does not run */
function chromiumVersion(file) {
  try {
    return execFileSync(file, ['--version'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    return null;
  }
}

/**
 * @returns {Promise<string | null>} the executable path, or null after printing why there is none
 */
export async function ensureChromium() {
  const configured = process.env.CHROMIUM_PATH;
  if (configured) {
    if (!existsSync(configured)) {
      fail(`CHROMIUM_PATH=${configured} does not exist. Point it at a Chromium executable or unset it.`);
      return null;
    }
  } else if (!existsSync(DEFAULT_CHROMIUM)) {
    if (process.platform === 'linux' && process.getuid?.() === 0 && existsSync('/usr/bin/apt-get')) {
      step(`Installing Chromium with apt-get (${DEFAULT_CHROMIUM} is missing)`);
      const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
      const ok =
        (await run('apt-get', ['update'], { env })) === 0 &&
        (await run('apt-get', ['install', '-y', '--no-install-recommends', 'chromium'], { env })) === 0;
      if (!ok || !existsSync(DEFAULT_CHROMIUM)) {
        fail('apt-get could not install chromium; the browser tests cannot run.');
        return null;
      }
    } else {
      fail(
        `the browser tests need Chromium and ${DEFAULT_CHROMIUM} is missing. Install it ` +
          '(Debian/Ubuntu: `sudo apt-get install chromium`) or set CHROMIUM_PATH to a Chromium ' +
          'executable. Playwright browser downloads are not used.',
      );
      return null;
    }
  }
  const file = configured ?? DEFAULT_CHROMIUM;
  const version = chromiumVersion(file);
  if (!version) {
    fail(`${file} is present but \`${file} --version\` failed; the Chromium install looks broken.`);
    return null;
  }
  console.log(`${file}: ${version}`);
  await ensureChineseFont();
  return file;
}

/**
 * The Chinese journeys measure text (e2e/tables-fit.spec.ts: headers and cells cut at 1366 px): with
 * no CJK font the browser draws each character as a narrow box, and a Chinese table measures a
 * third narrower than any reader sees it. A small CJK font (WenQuanYi Micro Hei) is installed with
 * apt-get when none is there; elsewhere the journeys still run, and say so.
 */
async function ensureChineseFont() {
  if (process.platform !== 'linux') return;
  /** @returns {boolean} */
  const hasFont = () => {
    try {
      return execFileSync('fc-list', [':lang=zh'], { encoding: 'utf8' }).trim() !== '';
    } catch {
      return false;
    }
  };
  if (hasFont()) return;
  if (process.getuid?.() === 0 && existsSync('/usr/bin/apt-get')) {
    step('Installing a Chinese font with apt-get (the Chinese journeys measure text)');
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    const installed =
      (await run('apt-get', ['install', '-y', '--no-install-recommends', 'fonts-wqy-microhei'], { env })) ===
        0 ||
      ((await run('apt-get', ['update'], { env })) === 0 &&
        (await run('apt-get', ['install', '-y', '--no-install-recommends', 'fonts-wqy-microhei'], {
          env,
        })) === 0);
    if (installed && hasFont()) return;
  }
  console.log('No Chinese font: Chinese text is drawn as boxes, and the Chinese width checks measure less.');
}
