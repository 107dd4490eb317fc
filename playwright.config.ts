import { defineConfig, devices } from '@playwright/test';

// Browser journeys against the BUILT app (run `npm run build` first; `npm test` does). The global
// setup starts apps/server/dist/main.js on a free port with a throw-away DATA_DIR and exports its
// address as E2E_BASE_URL, which the workers (started after it) read below.
// Chromium is the system one (CHROMIUM_PATH or /usr/bin/chromium): never downloaded.

export default defineConfig({
  testDir: './e2e',
  globalSetup: './e2e/global-setup.ts',
  outputDir: './test-results',
  fullyParallel: false,
  // One configuration for CI and for the README's `npm test`: what passes here passes there. One
  // worker: with two, two browsers and the servers starved each other on this 2-core machine (a
  // page took up to 17 s to boot, past any sensible wait), and journeys failed on load alone.
  // No retries: a journey that passes only on a second try has failed,
  // and is reported so. Journeys never depend on each other's leftovers (e2e/support/admin.ts
  // newAdmin, e2e/support/own-server.ts), so any order and any number of workers give one result.
  workers: 1,
  retries: 0,
  forbidOnly: true,
  // A journey of a dozen steps that takes 12 s alone took over 30 s in a loaded full run.
  timeout: 90_000,
  // A hung run fails instead of holding CI.
  globalTimeout: 40 * 60_000,
  // A page's first paint needs the app's chunks, its translations and basic infos: seconds on a
  // loaded machine.
  expect: { timeout: 15_000 },
  reporter: [['list']],
  use: {
    ...devices['Desktop Chrome'],
    baseURL: process.env.E2E_BASE_URL,
    locale: 'en-US',
    timezoneId: 'UTC',
    screenshot: 'only-on-failure',
    // A journey that fails once leaves what it did (actions, DOM, network) to find out why.
    trace: 'retain-on-failure',
    video: 'off',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
});
