import {
  clearForeignKey,
  saveForeignKey,
  testForeignKey,
} from '@app/contract/admin/foreign-keys/foreign-keys';
import { createOrder, getBill, getOrder } from '@app/contract/billing/orders';
import { createPayment, listPaymentProviders } from '@app/contract/billing/payments';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { creditLedger, paymentNotifications, payments } from '../../../db/schema';
import { type Caller, callEndpoint } from '../../../test/call-endpoint';
import { failure, signatureHeader } from '../../../test/stripe-stand-in/protocol';
import { type StripeStandIn, startStripeStandIn } from '../../../test/stripe-stand-in/stripe-stand-in';
import { createTestApp, signInAdmin, signUpUser, type TestApp } from '../../../test/test-app';
import {
  balanceOf,
  expireBillNow,
  ledgerExplains,
  planId,
  startPaying,
  submitCheckout,
  teamIdOf,
} from '../../billing/billing.test-kit';
import { STRIPE_API_VERSION } from '../../foreign-keys/stripe-api';
import { lastEventAbout, orderOnStripe, standInKeys, startCheckout } from './stripe-app.test-kit';
import { CHECKOUT_MIN_SECONDS } from './stripe-provider';

/**
 * Paying a bill with Stripe's hosted Checkout, against the repository's Stripe stand-in over real
 * HTTP (the `stripe` package as the client, the app listening on a port for the stand-in's signed
 * webhooks), on a real database: a payment grants once whatever Stripe redelivers, in whatever
 * order; a webhook that does not verify (a byte changed, another secret, a time 301 s off either
 * way) changes nothing; a signed event is only a hint, the session read back from Stripe decides.
 */
describe('payments with Stripe Checkout (stand-in)', () => {
  let t: TestApp;
  let stripe: StripeStandIn;
  let admin: Awaited<ReturnType<typeof signInAdmin>>;

  const saveKeys = async (values: Record<string, string>) =>
    (
      await callEndpoint(t.app, saveForeignKey, {
        as: admin,
        params: { kind: 'stripe' },
        body: { values: { ...standInKeys(stripe), ...values } },
      })
    ).ok();

  beforeAll(async () => {
    stripe = await startStripeStandIn();
    t = await createTestApp();
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    stripe.webhooks.url = `${base}/api/payments/notify/stripe`;
    admin = await signInAdmin(t.app);
    await saveKeys({});
  });
  afterAll(async () => {
    await t.close();
    await stripe.close();
  });
  beforeEach(async () => {
    await stripe.webhooks.idle();
    stripe.webhooks.clear();
    stripe.webhooks.hold = false;
    stripe.clockSkewSeconds = 0;
  });

  /** Confirms a plan and starts paying it with Stripe: the order, the bill, the session. */
  async function startStripe(who: Caller, key = 'pro_monthly') {
    const started = await orderOnStripe(t, who, key);
    return { ...started, session: stripe.session(started.sessionId) };
  }

  const outcomesOf = async (ref: string) =>
    (
      await t.platform.db
        .select({ outcome: paymentNotifications.outcome })
        .from(paymentNotifications)
        .where(and(eq(paymentNotifications.provider, 'stripe'), eq(paymentNotifications.providerRef, ref)))
        .orderBy(asc(paymentNotifications.createdAt))
    ).map((row) => row.outcome);

  const billStatus = async (who: Caller, billId: string) =>
    (await callEndpoint(t.app, getBill, { as: who, query: { id: billId } })).ok().bill.status;

  /** What the order put on the ledger: a plan's grant or a pack's purchase. */
  const grantsOf = (orderId: string) =>
    t.platform.db
      .select()
      .from(creditLedger)
      .where(and(eq(creditLedger.referenceId, orderId), inArray(creditLedger.kind, ['grant', 'purchase'])));

  /** The event Stripe made last for a session. */
  const lastEvent = (sessionId: string, type: string) => lastEventAbout(stripe, type, sessionId);

  /**
   * Waits for the start of a second: a signature's time is whole seconds, so a delivery signed
   * 301 s ahead is checked 301 s ahead only if the app reads the clock within the same second.
   */
  const startOfASecond = async () => {
    const into = Date.now() % 1000;
    if (into > 100) await new Promise((resolve) => setTimeout(resolve, 1000 - into + 5));
  };

  const outcomeOf = (delivery: { answer: string }) =>
    (JSON.parse(delivery.answer) as { outcome?: string }).outcome;

  it('a sandbox page opened before Stripe was set up pays nothing once it is: the bill stays unpaid, no credits', async () => {
    const user = await signUpUser(t.app);
    const teamId = await teamIdOf(t, user);
    (await callEndpoint(t.app, clearForeignKey, { as: admin, params: { kind: 'stripe' } })).ok();
    let paying: Awaited<ReturnType<typeof startPaying>>;
    try {
      paying = await startPaying(t, user, 'credits_1000');
    } finally {
      await saveKeys({});
    }
    const before = (await balanceOf(t, teamId)).balance;
    const page = await submitCheckout(t, paying.session, 'pay');
    expect(page.body).not.toContain('/payment/result');
    const bill = (await callEndpoint(t.app, getBill, { as: user, query: { id: paying.bill.id } })).ok();
    expect(bill.bill.status).toBe('unpaid');
    expect((await balanceOf(t, teamId)).balance).toBe(before);
    expect(await outcomesOf(paying.ref)).toEqual([]);
  });

  it('offers Stripe (test keys: test mode) in the sandbox’s place, and makes a Checkout Session from the bill', async () => {
    const user = await signUpUser(t.app);
    const providers = (await callEndpoint(t.app, listPaymentProviders, { as: user })).ok();
    // The sandbox pays without money: never offered beside a real provider (PAYMENTS_SANDBOX=auto).
    expect(providers.items).toEqual([
      { method: 'stripe', name: 'Stripe', test_mode: true, flow: 'redirect' },
    ]);
    const made = (
      await callEndpoint(t.app, createOrder, { as: user, body: { plan_id: await planId(t, 'pro_monthly') } })
    ).ok();
    const sandbox = await callEndpoint(t.app, createPayment, {
      as: user,
      body: { bill_id: made.bill.id, method: 'sandbox' },
    });
    expect([sandbox.status, sandbox.error().fields]).toEqual([
      400,
      { method: 'This payment method is not available' },
    ]);

    const before = Math.floor(Date.now() / 1000);
    const paying = await startStripe(user, 'pro_monthly');
    expect(paying.payment).toMatchObject({ method: 'stripe', test_mode: true });
    const { session } = paying;
    expect(paying.payment.next).toEqual({ kind: 'redirect', url: session.url });
    // A plan started from the free plan renews by itself: Checkout in `subscription` mode.
    expect(session).toMatchObject({
      mode: 'subscription',
      status: 'open',
      payment_status: 'unpaid',
      amount_total: 1900,
      currency: 'usd',
      client_reference_id: paying.payment.payment_id,
      metadata: {
        payment_id: paying.payment.payment_id,
        bill_id: paying.bill.id,
        order_id: paying.order.id,
        order_num: paying.order.order_num,
      },
      success_url: `${t.config.publicUrl}/payment/result?order_id=${paying.order.id}`,
      cancel_url: `${t.config.publicUrl}/payment?bill_id=${paying.bill.id}&order_id=${paying.order.id}`,
    });
    // The bill lives 30 minutes; Stripe takes no session shorter: the earliest it allows.
    expect(session.expires_at).toBeGreaterThanOrEqual(before + CHECKOUT_MIN_SECONDS);
    expect(session.expires_at).toBeLessThanOrEqual(Math.floor(Date.now() / 1000) + CHECKOUT_MIN_SECONDS);

    const create = stripe.requests.find((r) => r.method === 'POST' && r.path === '/v1/checkout/sessions');
    expect(create).toMatchObject({
      apiKey: stripe.secretKey,
      version: STRIPE_API_VERSION,
      idempotencyKey: `checkout-session:${paying.payment.payment_id}`,
      status: 200,
    });
    const [row] = await t.platform.db.select().from(payments).where(eq(payments.providerRef, session.id));
    expect(row).toMatchObject({ provider: 'stripe', status: 'pending', amount: 1900, currency: 'USD' });
  });

  it('paid on the hosted page: back to /payment/result, and the webhook grants the plan once', async () => {
    const user = await signUpUser(t.app);
    const teamId = await teamIdOf(t, user);
    const paying = await startStripe(user, 'pro_monthly');

    const page = await fetch(paying.session.url ?? '');
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('19.00 USD');
    const paid = await fetch(paying.session.url ?? '', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'action=pay',
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(
      `${t.config.publicUrl}/payment/result?order_id=${paying.order.id}`,
    );
    await stripe.webhooks.idle();

    expect(await billStatus(user, paying.bill.id)).toBe('paid');
    const bill = (await callEndpoint(t.app, getBill, { as: user, query: { id: paying.bill.id } })).ok();
    expect(bill.bill.method).toBe('stripe');
    expect((await balanceOf(t, teamId)).balance).toBe(2000);
    expect(await ledgerExplains(t, teamId)).toBe(true);
    expect(await outcomesOf(paying.sessionId)).toEqual(['applied']);
    // The session was read back from Stripe before anything was granted.
    expect(
      stripe.requests.some(
        (r) => r.method === 'GET' && r.path === `/v1/checkout/sessions/${paying.sessionId}`,
      ),
    ).toBe(true);
  });

  it('the same webhook twice, then 20 times at once: one payment, one grant, every delivery acknowledged', async () => {
    const user = await signUpUser(t.app);
    const teamId = await teamIdOf(t, user);
    const paying = await startStripe(user, 'credits_1000');
    stripe.webhooks.hold = true;
    await stripe.pay(paying.sessionId);
    const [event] = stripe.webhooks.queued();
    if (!event) throw new Error('no event');

    const twice = [await stripe.webhooks.send(event), await stripe.webhooks.send(event)];
    expect(twice.map((d) => [d.status, outcomeOf(d)])).toEqual([
      [200, 'applied'],
      [200, 'duplicate'],
    ]);
    const many = await stripe.webhooks.replay(event.id, 20, true);
    expect(many.every((d) => d.status === 200)).toBe(true);
    expect(many.every((d) => outcomeOf(d) === 'duplicate')).toBe(true);

    expect(await grantsOf(paying.order.id)).toHaveLength(1);
    expect(await billStatus(user, paying.bill.id)).toBe('paid');
    // A credit pack: 1,000 purchased credits on top of the free grant's 100, once.
    expect((await balanceOf(t, teamId)).balance).toBe(1100);
    expect(await ledgerExplains(t, teamId)).toBe(true);
    const order = (await callEndpoint(t.app, getOrder, { as: user, params: { id: paying.order.id } })).ok();
    expect(order.payments).toMatchObject([{ status: 'captured', amount: paying.bill.pay_amount }]);
    const outcomes = await outcomesOf(paying.sessionId);
    expect(outcomes).toHaveLength(22);
    expect(outcomes.filter((o) => o === 'applied')).toHaveLength(1);
  });

  it('a changed byte, another secret, a time 301 s old or 301 s ahead: refused (400), recorded, nothing changes; 299 s ahead is still on time', async () => {
    const user = await signUpUser(t.app);
    const teamId = await teamIdOf(t, user);
    const paying = await startStripe(user, 'pro_monthly');
    stripe.webhooks.hold = true;
    await stripe.pay(paying.sessionId);
    const event = lastEvent(paying.sessionId, 'checkout.session.completed');
    const refusedBefore = (
      await t.platform.db
        .select()
        .from(paymentNotifications)
        .where(eq(paymentNotifications.outcome, 'refused_signature'))
    ).length;

    const refused = [
      await stripe.webhooks.send(event, {
        tamper: (body) => body.replace('"livemode": false', '"livemode": true '),
      }),
      await stripe.webhooks.send(event, { secrets: ['whsec_not_this_endpoints_secret'] }),
      await startOfASecond().then(() => stripe.webhooks.send(event, { skewSeconds: -301 })),
      await startOfASecond().then(() => stripe.webhooks.send(event, { skewSeconds: 301 })),
      await stripe.webhooks.send(event, { signature: 'garbage' }),
      // A captured old signature with a fresh time appended: two timestamps, not a header Stripe sends.
      await stripe.webhooks.send(event, {
        signature: `${signatureHeader(stripe.webhooks.secrets, Math.floor(Date.now() / 1000) - 4000, JSON.stringify(event, null, 2))},t=${Math.floor(Date.now() / 1000)}`,
      }),
    ];
    for (const delivery of refused) {
      expect(delivery.status, delivery.signature).toBe(400);
      expect(JSON.parse(delivery.answer)).toMatchObject({
        error_code: 'VALIDATION_ERROR',
        fields: { signature: expect.any(String) },
      });
    }
    expect(await billStatus(user, paying.bill.id)).toBe('unpaid');
    expect(await outcomesOf(paying.sessionId)).toEqual([]);
    const refusedRows = await t.platform.db
      .select()
      .from(paymentNotifications)
      .where(eq(paymentNotifications.outcome, 'refused_signature'))
      .orderBy(asc(paymentNotifications.createdAt));
    expect(refusedRows.length - refusedBefore).toBe(refused.length);
    const details = refusedRows.slice(-refused.length).map((row) => row.detail);
    expect(details).toEqual(
      expect.arrayContaining([
        'signature does not match',
        'signature timestamp 301 s old',
        "signature timestamp 301 s ahead of this server's clock",
        'the signature names no single timestamp',
      ]),
    );

    // Stripe's clock 299 s ahead of ours is within the window: the payment is applied.
    await startOfASecond();
    const ahead = await stripe.webhooks.send(event, { skewSeconds: 299 });
    expect([ahead.status, outcomeOf(ahead)]).toEqual([200, 'applied']);
    expect((await balanceOf(t, teamId)).balance).toBe(2000);
  });

  it('a signed event claiming paid for a session Stripe holds unpaid grants nothing: the session read back decides', async () => {
    const user = await signUpUser(t.app);
    const teamId = await teamIdOf(t, user);
    const paying = await startStripe(user, 'pro_monthly');
    const forged = stripe.webhooks.forge('checkout.session.completed', paying.sessionId, {
      status: 'complete',
      payment_status: 'paid',
    });
    const delivered = await stripe.webhooks.send(forged);
    expect([delivered.status, outcomeOf(delivered)]).toEqual([200, 'ignored']);
    const delivery2 = await stripe.webhooks.send(
      stripe.webhooks.forge('checkout.session.async_payment_succeeded', paying.sessionId, {
        status: 'complete',
        payment_status: 'paid',
      }),
    );
    expect(outcomeOf(delivery2)).toBe('ignored');
    expect(await billStatus(user, paying.bill.id)).toBe('unpaid');
    expect((await balanceOf(t, teamId)).balance).toBe(100);
    expect(await grantsOf(paying.order.id)).toHaveLength(0);
  });

  it("a session paid for another amount than its bill's is refused (refused_amount) and the bill stays unpaid", async () => {
    const user = await signUpUser(t.app);
    const teamId = await teamIdOf(t, user);
    const paying = await startStripe(user, 'pro_monthly');
    // The session Stripe holds says 1,000 cents (another bill's amount): paid as such.
    stripe.webhooks.hold = true;
    stripe.patchSession(paying.sessionId, { amount_total: 1000, amount_subtotal: 1000 });
    await stripe.pay(paying.sessionId);
    const [delivered] = await stripe.webhooks.flush();
    expect(delivered && [delivered.status, outcomeOf(delivered)]).toEqual([200, 'refused_amount']);
    // The same for another currency.
    stripe.patchSession(paying.sessionId, { amount_total: 1900, currency: 'eur' });
    const euro = await stripe.webhooks.send(lastEvent(paying.sessionId, 'checkout.session.completed'));
    expect(outcomeOf(euro)).toBe('refused_currency');
    expect(await billStatus(user, paying.bill.id)).toBe('unpaid');
    expect((await balanceOf(t, teamId)).balance).toBe(100);
  });

  it('during a secret roll both secrets verify (two v1, or either alone); a third does not', async () => {
    const user = await signUpUser(t.app);
    const paying = await startStripe(user, 'credits_1000');
    const old = stripe.webhooks.secrets[0] ?? '';
    stripe.webhooks.hold = true;
    await stripe.pay(paying.sessionId);
    const event = lastEvent(paying.sessionId, 'checkout.session.completed');

    // Stripe rolls the secret: it signs with the new and the old one.
    const fresh = stripe.webhooks.roll();
    expect(stripe.webhooks.secrets).toEqual([fresh, old]);
    const both = await stripe.webhooks.send(event);
    expect(both.signature.match(/v1=/g)).toHaveLength(2);
    expect(both.status).toBe(200);

    // The admin saves the new secret and keeps the old as the previous one.
    try {
      await saveKeys({ webhook_secret: fresh, webhook_secret_previous: old });
      for (const secrets of [[old], [fresh]]) {
        const alone = await stripe.webhooks.send(event, { secrets });
        expect(alone.status, `signed with ${secrets[0] === old ? 'the old' : 'the new'} secret`).toBe(200);
      }
      const other = await stripe.webhooks.send(event, { secrets: ['whsec_someone_elses'] });
      expect(other.status).toBe(400);
      expect(await outcomesOf(paying.sessionId)).toEqual(['applied', 'duplicate', 'duplicate']);
    } finally {
      // The roll is over: Stripe signs with the new secret only (the vault keeps the previous
      // one until an admin clears it; Stripe no longer signs with it).
      stripe.webhooks.retire(old);
    }
  });

  it('an expired session leaves the bill unpaid: the payment reads canceled, nothing is granted', async () => {
    const user = await signUpUser(t.app);
    const teamId = await teamIdOf(t, user);
    const paying = await startStripe(user, 'pro_monthly');
    await stripe.expire(paying.sessionId);
    await stripe.webhooks.idle();
    expect(stripe.session(paying.sessionId)).toMatchObject({ status: 'expired', url: null });
    expect(await outcomesOf(paying.sessionId)).toEqual(['recorded']);
    const [row] = await t.platform.db
      .select()
      .from(payments)
      .where(eq(payments.providerRef, paying.sessionId));
    expect(row?.status).toBe('canceled');
    expect(await billStatus(user, paying.bill.id)).toBe('unpaid');
    expect((await balanceOf(t, teamId)).balance).toBe(100);
    // The page no longer takes a payment.
    const page = await fetch(`${stripe.url}/c/pay/${paying.sessionId}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'action=pay',
      redirect: 'manual',
    });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('no longer active');
  });

  it('paid on Stripe after the bill expired (the session outlives it): refused, refunded in full at once, never granted', async () => {
    const user = await signUpUser(t.app);
    const teamId = await teamIdOf(t, user);
    const paying = await startStripe(user, 'pro_monthly');
    await expireBillNow(t, paying.bill.id);
    stripe.webhooks.hold = true;
    await stripe.pay(paying.sessionId);
    const [delivered] = await stripe.webhooks.flush();
    expect(delivered && [delivered.status, outcomeOf(delivered)]).toEqual([200, 'refused_expired']);
    const intent = stripe.intentOf(paying.sessionId);
    expect(stripe.refunds().filter((r) => r.payment_intent === intent)).toMatchObject([
      { amount: 1900, currency: 'usd', status: 'succeeded' },
    ]);
    // The subscription the late payment started renews no more.
    expect(stripe.subscriptions.get(stripe.session(paying.sessionId).subscription as string).status).toBe(
      'canceled',
    );
    expect(await outcomesOf(paying.sessionId)).toEqual(['refused_expired', 'returned']);
    const [row] = await t.platform.db
      .select()
      .from(payments)
      .where(eq(payments.providerRef, paying.sessionId));
    expect(row?.status).toBe('returned');
    expect(await billStatus(user, paying.bill.id)).toBe('expired');
    expect((await balanceOf(t, teamId)).balance).toBe(100);
  });

  it('a delayed payment: completed-but-unpaid is nothing yet, the success pays, whichever arrives first', async () => {
    const user = await signUpUser(t.app);
    const teamId = await teamIdOf(t, user);
    const paying = await startStripe(user, 'credits_1000');
    stripe.webhooks.hold = true;
    await stripe.pay(paying.sessionId, 'delayed');
    await stripe.settle(paying.sessionId, true);
    // Delivered in the reverse order: the success first, then the completion.
    const delivered = await stripe.webhooks.flush('reversed');
    expect(delivered.map((d) => [d.type, outcomeOf(d)])).toEqual([
      ['checkout.session.async_payment_succeeded', 'applied'],
      ['checkout.session.completed', 'duplicate'],
    ]);
    expect((await balanceOf(t, teamId)).balance).toBe(1100);

    // A delayed payment that fails: the completion is nothing yet, the failure is recorded.
    const failing = await startStripe(user, 'credits_1000');
    await stripe.pay(failing.sessionId, 'delayed');
    await stripe.settle(failing.sessionId, false);
    const later = await stripe.webhooks.flush();
    expect(later.map((d) => outcomeOf(d))).toEqual(['ignored', 'recorded']);
    expect(await billStatus(user, failing.bill.id)).toBe('unpaid');
    expect((await balanceOf(t, teamId)).balance).toBe(1100);
  });

  it('one bill paid in two Checkout Sessions: the second is refunded in full at Stripe, once, and never granted', async () => {
    const user = await signUpUser(t.app);
    const teamId = await teamIdOf(t, user);
    const paying = await startStripe(user, 'pro_monthly');
    const { sessionId: second } = await startCheckout(t, user, paying.bill.id);
    expect(second).not.toBe(paying.sessionId);

    stripe.webhooks.hold = true;
    await stripe.pay(paying.sessionId);
    await stripe.pay(second);
    const delivered = await stripe.webhooks.flush();
    expect(delivered.map((d) => outcomeOf(d))).toEqual(['applied', 'refused_paid']);
    const redelivered = await stripe.webhooks.send(lastEvent(second, 'checkout.session.completed'));
    expect(outcomeOf(redelivered)).toBe('refused_paid');

    const intent = stripe.intentOf(second);
    const refunds = stripe.refunds().filter((r) => r.payment_intent === intent);
    // Two subscriptions were started for one bill: the second's is ended, the first's renews.
    const subscriptionOf = (id: string) =>
      stripe.subscriptions.get(stripe.session(id).subscription as string);
    expect([subscriptionOf(paying.sessionId).status, subscriptionOf(second).status]).toEqual([
      'active',
      'canceled',
    ]);
    expect(refunds).toMatchObject([{ amount: 1900, currency: 'usd', status: 'succeeded' }]);
    const refundCalls = stripe.requests.filter(
      (r) => r.path === '/v1/refunds' && r.form.payment_intent === intent,
    );
    expect(refundCalls).toHaveLength(1);
    expect(refundCalls[0]?.idempotencyKey).toMatch(/^return:/);
    const order = (await callEndpoint(t.app, getOrder, { as: user, params: { id: paying.order.id } })).ok();
    expect(order.payments.map((p) => p.status).sort()).toEqual(['captured', 'returned']);
    // Once the first paid, the second session was to be closed (expired at Stripe); it was paid
    // already, so it is given back when its notice comes, as the log says.
    expect(await outcomesOf(second)).toEqual(['ignored', 'refused_paid', 'returned', 'refused_paid']);
    expect((await balanceOf(t, teamId)).balance).toBe(2000);
  });

  it('Stripe failing while the session is read back: answered 500 (Stripe delivers again), nothing applied until the next delivery', async () => {
    const user = await signUpUser(t.app);
    const teamId = await teamIdOf(t, user);
    const paying = await startStripe(user, 'credits_1000');
    stripe.webhooks.hold = true;
    await stripe.pay(paying.sessionId);
    const event = lastEvent(paying.sessionId, 'checkout.session.completed');
    // Failing more often than the client retries (it tries three times).
    stripe.failNext(
      'GET',
      new RegExp(`/v1/checkout/sessions/${paying.sessionId}$`),
      failure(500, { type: 'api_error', message: 'An unknown error occurred' }),
      3,
    );
    const failed = await stripe.webhooks.send(event);
    expect(failed.status).toBe(500);
    expect(await outcomesOf(paying.sessionId)).toEqual([]);
    expect(await billStatus(user, paying.bill.id)).toBe('unpaid');
    const retried = await stripe.webhooks.send(event);
    expect([retried.status, outcomeOf(retried)]).toEqual([200, 'applied']);
    expect((await balanceOf(t, teamId)).balance).toBe(1100);

    // Stripe failing when a payment starts: said as such, and no payment is recorded.
    const made = (
      await callEndpoint(t.app, createOrder, { as: user, body: { plan_id: await planId(t, 'credits_1000') } })
    ).ok();
    stripe.failNext(
      'POST',
      /^\/v1\/checkout\/sessions$/,
      failure(500, { type: 'api_error', message: 'An unknown error occurred' }),
      3,
    );
    const refused = await callEndpoint(t.app, createPayment, {
      as: user,
      body: { bill_id: made.bill.id, method: 'stripe' },
    });
    expect(refused.status).toBe(500);
    expect(refused.error().msg).toBe('The payment provider could not be reached: try again');
    const rows = await t.platform.db.select().from(payments).where(eq(payments.billId, made.bill.id));
    expect(rows).toEqual([]);
  });

  it('test connection: the key Stripe accepts, one it refuses, and Stripe out of reach', async () => {
    const good = (await callEndpoint(t.app, testForeignKey, { as: admin, params: { kind: 'stripe' } })).ok();
    expect(good).toMatchObject({ ok: true, message: 'Stripe accepts this secret key' });
    expect(stripe.requests.at(-1)).toMatchObject({ method: 'GET', path: '/v1/balance', status: 200 });
    try {
      await saveKeys({ secret_key: 'sk_test_wrong_key_0000000000' });
      const bad = (await callEndpoint(t.app, testForeignKey, { as: admin, params: { kind: 'stripe' } })).ok();
      expect(bad).toMatchObject({ ok: false, message: 'Stripe refused this secret key' });
      await saveKeys({ base_url: 'http://127.0.0.1:9' });
      const away = (
        await callEndpoint(t.app, testForeignKey, { as: admin, params: { kind: 'stripe' } })
      ).ok();
      expect(away).toMatchObject({ ok: false, message: 'The provider could not be reached' });
      await saveKeys({ webhook_secret: 'not-a-secret' });
      const shape = (
        await callEndpoint(t.app, testForeignKey, { as: admin, params: { kind: 'stripe' } })
      ).ok();
      expect(shape).toMatchObject({
        ok: false,
        message: 'A Stripe webhook signing secret starts with whsec_',
      });
    } finally {
      await saveKeys({});
    }
  });
});
