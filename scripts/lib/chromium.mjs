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
  return file;
}
