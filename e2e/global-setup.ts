import path from 'node:path';
import type { FullConfig } from '@playwright/test';
import { freePort, startBuiltServer } from '../scripts/lib/built-server.mjs';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './support/accounts';
import { startGoogle } from './support/google';
import { startMailbox } from './support/mailbox';
import { startStripe } from './support/stripe';

/**
 * Starts the built server for the whole run and returns the teardown that stops it and removes its
 * temporary DATA_DIR. The address reaches the workers through E2E_BASE_URL.
 */
export default async function globalSetup(config: FullConfig) {
  if (process.env.E2E_BASE_URL) {
    // Pointed at a server someone else runs (debugging); nothing to start.
    return undefined;
  }
  const outputDir = config.projects[0]?.outputDir ?? path.resolve('test-results');
  // Mail goes over real SMTP to a local mailbox the journeys read (invites, codes).
  const mailboxDir = path.join(outputDir, 'mailbox');
  const mailbox = await startMailbox(mailboxDir);
  process.env.E2E_MAILBOX_DIR = mailboxDir;
  // Google is a local stand-in (OAuth, GA4, Search Console, Ads) the connector journeys bind against.
  const google = await startGoogle();
  // Stripe is a local stand-in too (API, hosted Checkout page, signed webhooks to the server).
  const stripe = await startStripe();
  // The server's public address is the one the browser uses, so Google's redirect comes back to
  // the same origin (and the same session cookie).
  const port = await freePort(Number(process.env.E2E_PORT ?? 3100));
  const server = await startBuiltServer({
    port,
    logFile: path.join(outputDir, 'e2e-server.log'),
    env: {
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      // Every journey signs up or in; keep the per-IP limit out of the way.
      AUTH_RATE_LIMIT_MAX: '1000',
      // The offline analyst writes its words 50 ms apart, so a journey can stop a reply mid-stream
      // even on a loaded machine (at 25 ms a short reply could end before the click landed).
      OFFLINE_STREAM_PACE_MS: '50',
      SMTP_URL: mailbox.url,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      ...google.serverEnv,
      ...stripe.serverEnv,
      // Journeys pay with the sandbox and with Stripe's stand-in on one server: both offered (by
      // default a real provider takes the sandbox's place).
      PAYMENTS_SANDBOX: 'on',
    },
  });
  google.allowRedirect(server.url);
  stripe.deliverTo(server.url);
  process.env.E2E_BASE_URL = server.url;
  process.env.E2E_SERVER_OUTPUT_FILE = server.logFile;
  console.log(`e2e server: ${server.url} (DATA_DIR ${server.dataDir}, log ${server.logFile})`);
  return async () => {
    await server.stop();
    await mailbox.close();
    await google.stop();
    await stripe.stop();
  };
}
