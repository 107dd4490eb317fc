import { test as base } from '@playwright/test';
import { startBuiltServer } from '../../scripts/lib/built-server.mjs';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './accounts';

/**
 * The `test` of a journey that changes what every account on a server sees (a plan put on sale, a
 * pop-up notice for everyone) or that counts what a server holds (the link walk): it runs against
 * a server of its own, started for its worker, so nothing it does reaches another journey and
 * nothing another journey does reaches it, in any order and with any number of workers.
 *
 * Each call makes a distinct fixture: journeys of two calls never share a server, while the
 * tests of one call (one file) share theirs within a worker, as a file shares its set-up.
 */
export function testOnOwnServer() {
  return base.extend<object, { ownServer: string }>({
    ownServer: [
      // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixture's dependencies from it.
      async ({}, use) => {
        const server = await startBuiltServer({
          // Any free port: startBuiltServer retries when another server takes it first.
          port: 0,
          env: { ADMIN_EMAIL, ADMIN_PASSWORD, AUTH_RATE_LIMIT_MAX: '1000' },
        });
        await use(server.url);
        await server.stop();
      },
      { scope: 'worker', timeout: 120_000 },
    ],
    baseURL: async ({ ownServer }, use) => use(ownServer),
  });
}
