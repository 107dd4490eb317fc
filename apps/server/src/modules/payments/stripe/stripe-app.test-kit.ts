import { saveForeignKey } from '@app/contract/admin/foreign-keys/foreign-keys';
import { type Caller, callEndpoint } from '../../../test/call-endpoint';
import { type StripeStandIn, startStripeStandIn } from '../../../test/stripe-stand-in/stripe-stand-in';
import { createTestApp, signInAdmin, type TestApp } from '../../../test/test-app';

export interface StripeApp {
  t: TestApp;
  stripe: StripeStandIn;
  admin: Caller;
  close(): Promise<void>;
}

/**
 * One app listening on a port for the Stripe stand-in's signed webhooks (every event type sent),
 * with the stand-in's keys saved in the vault by an admin: what each Stripe test file starts once.
 */
export async function startStripeApp(): Promise<StripeApp> {
  const stripe = await startStripeStandIn();
  const t = await createTestApp();
  const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  stripe.webhooks.url = `${base}/api/payments/notify/stripe`;
  stripe.webhooks.enabledEvents = ['*'];
  const admin = await signInAdmin(t.app);
  (
    await callEndpoint(t.app, saveForeignKey, {
      as: admin,
      params: { kind: 'stripe' },
      body: {
        values: {
          secret_key: stripe.secretKey,
          webhook_secret: stripe.webhooks.secrets[0] ?? '',
          base_url: stripe.url,
        },
      },
    })
  ).ok();
  return {
    t,
    stripe,
    admin,
    async close() {
      // Deliveries under way are answered before the app stops taking them.
      await stripe.webhooks.idle();
      await t.close();
      await stripe.close();
    },
  };
}

/** Between tests: nothing left in flight or held, every event type sent again. */
export async function resetStripeWebhooks(stripe: StripeStandIn): Promise<void> {
  await stripe.webhooks.idle();
  stripe.webhooks.clear();
  stripe.webhooks.hold = false;
  stripe.webhooks.enabledEvents = ['*'];
}
