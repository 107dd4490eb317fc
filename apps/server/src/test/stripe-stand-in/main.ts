import { startStripeStandIn } from './stripe-stand-in';

/**
 * The Stripe stand-in, by hand, for a demo or a browser journey:
 *
 *   npm run stripe:stand-in -w @app/server            (port 4030)
 *   STAND_IN_PORT=4031 STAND_IN_WEBHOOK_URL=http://localhost:3000/api/payments/notify/stripe \
 *     npm run stripe:stand-in -w @app/server
 *
 * It accepts one secret key (`STAND_IN_SECRET_KEY`, default a fixed `sk_test_…`) and signs its
 * webhooks with one endpoint secret (`STAND_IN_WEBHOOK_SECRET`, default a fixed `whsec_…`), sent
 * to `STAND_IN_WEBHOOK_URL` (default the app on localhost:3000). It prints the server settings to
 * use (or put them on the admin foreign-keys page, kind Stripe). Its Checkout page pays, declines
 * or pays by a delayed method; sessions expire at their `expires_at` with their event.
 */
const env = process.env;
const standIn = await startStripeStandIn({
  port: Number(env.STAND_IN_PORT ?? 4030),
  host: env.STAND_IN_HOST ?? '127.0.0.1',
  secretKey: env.STAND_IN_SECRET_KEY ?? 'sk_test_standin_0000000000000000000000',
  webhookSecret: env.STAND_IN_WEBHOOK_SECRET ?? 'whsec_standin_00000000000000000000000000',
  webhookUrl: env.STAND_IN_WEBHOOK_URL ?? 'http://localhost:3000/api/payments/notify/stripe',
});

const settings = {
  STRIPE_BASE_URL: standIn.url,
  STRIPE_SECRET_KEY: standIn.secretKey,
  STRIPE_WEBHOOK_SECRET: standIn.webhooks.secrets[0] ?? '',
};
process.stdout.write(
  `Stripe stand-in on ${standIn.url}, webhooks to ${standIn.webhooks.url}\nServer settings:\n${Object.entries(
    settings,
  )
    .map(([key, value]) => `${key}=${value}`)
    .join('\n')}\n`,
);

const stop = () => {
  void standIn.close().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
