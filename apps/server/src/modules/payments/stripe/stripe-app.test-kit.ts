import { saveForeignKey } from '@app/contract/admin/foreign-keys/foreign-keys';
import { createOrder } from '@app/contract/billing/orders';
import { createPayment } from '@app/contract/billing/payments';
import type Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { type Caller, callEndpoint } from '../../../test/call-endpoint';
import { type StripeStandIn, startStripeStandIn } from '../../../test/stripe-stand-in/stripe-stand-in';
import { createTestApp, signInAdmin, signUpUser, type TestApp } from '../../../test/test-app';
import { planId, teamIdOf } from '../../billing/billing.test-kit';

export interface StripeApp {
  t: TestApp;
  stripe: StripeStandIn;
  admin: Caller;
  close(): Promise<void>;
}

/** The vault's `stripe` values that reach the stand-in: its secret key, its webhook secret, its URL. */
export const standInKeys = (stripe: StripeStandIn) => ({
  secret_key: stripe.secretKey,
  webhook_secret: stripe.webhooks.secrets[0] ?? '',
  base_url: stripe.url,
});

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
      body: { values: standInKeys(stripe) },
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
async function resetStripeWebhooks(stripe: StripeStandIn): Promise<void> {
  await stripe.webhooks.idle();
  stripe.webhooks.clear();
  stripe.webhooks.hold = false;
  stripe.webhooks.enabledEvents = ['*'];
}

/**
 * The Stripe app of one test file (called inside its `describe`): started once before its tests,
 * its parts handed to `started`; closed after them; the webhooks reset before each test.
 */
export function useStripeApp(started: (app: StripeApp) => void): void {
  let app: StripeApp;
  beforeAll(async () => {
    app = await startStripeApp();
    started(app);
  });
  afterAll(() => app.close());
  beforeEach(() => resetStripeWebhooks(app.stripe));
}

/**
 * `who` pays a bill with Stripe and is sent to Checkout: the payment's answer and the id of the
 * Checkout Session it redirects to, not paid yet.
 */
export async function startCheckout(t: TestApp, who: Caller, billId: string) {
  const payment = (
    await callEndpoint(t.app, createPayment, { as: who, body: { bill_id: billId, method: 'stripe' } })
  ).ok();
  if (payment.next.kind !== 'redirect') throw new Error('Stripe Checkout redirects');
  const sessionId = new URL(payment.next.url).pathname.split('/').pop() ?? '';
  return { payment, sessionId };
}

/** `who` confirms the plan `key` and pays with Stripe: the order, its bill and its Checkout Session, not paid yet. */
export async function orderOnStripe(t: TestApp, who: Caller, key: string) {
  const made = (
    await callEndpoint(t.app, createOrder, { as: who, body: { plan_id: await planId(t, key) } })
  ).ok();
  return { ...made, ...(await startCheckout(t, who, made.bill.id)) };
}

/** The session paid on Stripe's hosted page, and each webhook it sent answered (none while held). */
export async function payCheckout(stripe: StripeStandIn, sessionId: string): Promise<void> {
  await stripe.pay(sessionId);
  await stripe.webhooks.idle();
}

/** A new team (its first user signed up) confirms the plan `key` and pays with Stripe: its Checkout Session, not paid yet. */
export async function newTeamOrdersOnStripe(t: TestApp, key: string) {
  const user = await signUpUser(t.app);
  const teamId = await teamIdOf(t, user);
  return { user, teamId, ...(await orderOnStripe(t, user, key)) };
}

/** A new team orders the plan `key` and pays it on Stripe's hosted page, its webhooks answered. */
export async function newTeamPaysOnStripe(t: TestApp, stripe: StripeStandIn, key: string) {
  const ordered = await newTeamOrdersOnStripe(t, key);
  await payCheckout(stripe, ordered.sessionId);
  return ordered;
}

/** The last event of this type the stand-in made about the object `objectId`. */
export function lastEventAbout(stripe: StripeStandIn, type: string, objectId: string): Stripe.Event {
  const event = stripe.webhooks.events.findLast(
    (e) => e.type === type && (e.data.object as { id?: string }).id === objectId,
  );
  if (!event) throw new Error(`no ${type} for ${objectId}`);
  return event;
}
