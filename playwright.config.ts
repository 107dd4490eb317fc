import { defineConfig, devices } from '@playwright/test';

// Browser journeys against the BUILT app (run `npm run build` first; `npm test` does). The global
// setup starts apps/server/dist/main.js on a free port with a throw-away DATA_DIR and exports its
// address as E2E_BASE_URL, which the workers (started after it) read below.
// Chromium is the system one (CHROMIUM_PATH or /usr/bin/chromium): never downloaded.

const isCI = !!process.env.CI;

export default defineConfig({
  testDir: './e2e',
  globalSetup: './e2e/global-setup.ts',
  outputDir: './test-results',
  fullyParallel: false,
  workers: isCI ? 1 : 2,
  retries: isCI ? 1 : 0,
  forbidOnly: isCI,
  timeout: 30_000,
  // A hung run fails instead of holding CI; the suite takes about a minute.
  globalTimeout: 10 * 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    ...devices['Desktop Chrome'],
    baseURL: process.env.E2E_BASE_URL,
    locale: 'en-US',
    timezoneId: 'UTC',
    screenshot: 'only-on-failure',
    trace: 'off',
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
