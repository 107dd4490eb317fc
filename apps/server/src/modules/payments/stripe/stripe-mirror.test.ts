import { getAdminOrder, refundOrder } from '@app/contract/billing/admin-orders';
import { getBill } from '@app/contract/billing/orders';
import {
  getStripePaymentIntent,
  listStripePaymentIntents,
  refreshStripePaymentIntent,
  syncStripePaymentIntents,
} from '@app/contract/billing/stripe-payment-intents';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { operationRecords, paymentNotifications, stripePaymentIntents } from '../../../db/schema';
import { type Caller, callEndpoint } from '../../../test/call-endpoint';
import { failure } from '../../../test/stripe-stand-in/protocol';
import { CHECKOUT_EVENT_TYPES, type StripeStandIn } from '../../../test/stripe-stand-in/stripe-stand-in';
import { signUpUser, type TestApp } from '../../../test/test-app';
import { stripeClient } from '../../foreign-keys/stripe-api';
import { newTeamOrdersOnStripe, newTeamPaysOnStripe, useStripeApp } from './stripe-app.test-kit';
import { backfillStripeIntents } from './stripe-mirror';

/** What Stripe answers a restricted key without read access to refunds. */
const refundsForbidden = failure(403, {
  type: 'invalid_request_error',
  message:
    "The provided key 'rk_test_****abcd' does not have the required permissions for this endpoint on account 'acct_standin'. Having the 'rak_refund_read' permission would allow this request to continue.",
});

/** What Stripe answers a restricted key without read access to payment intents. */
const forbidden = failure(403, {
  type: 'invalid_request_error',
  message:
    "The provided key 'rk_test_****abcd' does not have the required permissions for this endpoint on account 'acct_standin'. Having the 'rak_payment_intent_read' permission would allow this request to continue.",
});

/**
 * The mirror of Stripe's PaymentIntents, against the Stripe stand-in over real HTTP on a real
 * database: the endpoint receives every event (`enabledEvents: ['*']`); whatever order they come
 * in, the mirror ends as the stand-in holds the intent, the Checkout Session still settles the
 * bill, a refund shows as refunded, and an admin's refresh is recorded with its reason.
 */
describe('the Stripe payment intents mirror (stand-in)', () => {
  let t: TestApp;
  let stripe: StripeStandIn;
  let admin: Caller;
  useStripeApp((app) => {
    ({ t, stripe, admin } = app);
  });

  const refund = (orderId: string, body: { reason: string; amount?: number }) =>
    callEndpoint(t.app, refundOrder, { as: admin, params: { id: orderId }, body });

  const detailsOf = async (id: string) =>
    (await callEndpoint(t.app, getStripePaymentIntent, { as: admin, params: { id } })).ok();

  it('events delivered in reverse order: the mirror is the intent Stripe holds and the session still pays the bill', async () => {
    const paying = await newTeamOrdersOnStripe(t, 'pro_monthly');
    const { user, teamId } = paying;
    stripe.webhooks.hold = true;
    await stripe.pay(paying.sessionId);
    const queued = stripe.webhooks.queued().map((event) => event.type);
    // A plan from the free plan is a subscription: its start and first invoice come first.
    expect(queued).toEqual([
      'customer.subscription.created',
      'invoice.paid',
      'checkout.session.completed',
      'payment_intent.succeeded',
      'charge.succeeded',
    ]);
    const deliveries = await stripe.webhooks.flush('reversed');
    expect(deliveries.map((delivery) => delivery.status)).toEqual([200, 200, 200, 200, 200]);

    const bill = (await callEndpoint(t.app, getBill, { as: user, query: { id: paying.bill.id } })).ok().bill;
    expect(bill.status).toBe('paid');

    const intentId = stripe.intentOf(paying.sessionId) as string;
    const held = stripe.paymentIntent(intentId);
    const { intent, events } = await detailsOf(intentId);
    expect(intent).toMatchObject({
      id: held.id,
      status: held.status,
      amount: held.amount,
      amount_received: held.amount_received,
      amount_refunded: 0,
      currency: held.currency.toUpperCase(),
      card_brand: 'visa',
      card_last4: '4242',
      failure_code: null,
      payment_id: paying.payment.payment_id,
      order_id: paying.order.id,
      order_num: paying.order.order_num,
      team: { id: teamId },
      creation_time: held.created,
    });
    expect(intent.plan_name).toBeTruthy();
    // Each event, with what it did: the session's settled the bill, the others updated the mirror.
    // A subscription's intent carries none of our metadata: before the session named it ours, its
    // events were about a payment we did not know (still logged under the intent, and mirrored).
    expect(events.map((event) => [event.type, event.outcome])).toEqual([
      ['charge.succeeded', 'unknown_reference'],
      ['payment_intent.succeeded', 'unknown_reference'],
      ['checkout.session.completed', 'applied'],
    ]);
    expect(events[0]?.synced).toEqual({
      status: 'succeeded',
      amount_received: held.amount,
      amount_refunded: 0,
    });
    expect(events[2]?.synced).toBeNull();

    // The mirror's events are on the order's log too, never as a second settlement.
    const order = (
      await callEndpoint(t.app, getAdminOrder, { as: admin, params: { id: paying.order.id } })
    ).ok();
    expect(order.notifications.filter((n) => n.outcome === 'applied')).toHaveLength(1);

    // A replay of an event changes nothing.
    const [again] = await stripe.webhooks.replay(deliveries[0]?.eventId ?? '', 1);
    expect(again?.status).toBe(200);
    expect((await detailsOf(intentId)).intent).toMatchObject({ status: 'succeeded', amount_refunded: 0 });

    // Listed, searchable by the order number.
    const listed = (
      await callEndpoint(t.app, listStripePaymentIntents, {
        as: admin,
        query: { q: paying.order.order_num },
      })
    ).ok();
    expect(listed.items.map((item) => item.id)).toEqual([intentId]);
  });

  it('a refund shows on the mirror as refunded; a refresh reads Stripe again and is recorded with its reason', async () => {
    const paying = await newTeamPaysOnStripe(t, stripe, 'pro_monthly');
    const intentId = stripe.intentOf(paying.sessionId) as string;
    const amount = stripe.paymentIntent(intentId).amount;

    (await refund(paying.order.id, { reason: 'customer asked', amount: 100 })).ok();
    await stripe.webhooks.idle();
    let details = await detailsOf(intentId);
    expect(details.intent.amount_refunded).toBe(100);
    // The charge's and the refund's events come at once, in either order: both read the intent back.
    expect(details.events.find((event) => event.type === 'charge.refunded')).toMatchObject({
      synced: { status: 'succeeded', amount_refunded: 100 },
    });

    // The rest refunded while its webhook is lost: the mirror is behind until refreshed.
    stripe.webhooks.hold = true;
    (await refund(paying.order.id, { reason: 'the rest' })).ok();
    stripe.webhooks.clear();
    expect((await detailsOf(intentId)).intent.amount_refunded).toBe(100);

    const refused = await callEndpoint(t.app, refreshStripePaymentIntent, {
      as: admin,
      params: { id: intentId },
      body: { reason: ' ' },
    });
    expect(refused.status).toBe(400);

    const refreshed = (
      await callEndpoint(t.app, refreshStripePaymentIntent, {
        as: admin,
        params: { id: intentId },
        body: { reason: 'webhook lost' },
      })
    ).ok();
    expect(refreshed.intent.amount_refunded).toBe(amount);
    expect(refreshed.intent).toMatchObject({ status: 'succeeded', amount_received: amount });
    const [row] = await t.platform.db
      .select()
      .from(stripePaymentIntents)
      .where(eq(stripePaymentIntents.id, intentId));
    expect(row?.amountRefunded).toBe(amount);
    details = await detailsOf(intentId);
    expect(details.intent.synced_time).toBeGreaterThanOrEqual(details.intent.creation_time);

    const records = await t.platform.db
      .select()
      .from(operationRecords)
      .where(
        and(
          eq(operationRecords.action, 'stripe.payment_intent.refresh'),
          eq(operationRecords.targetId, intentId),
        ),
      );
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({
      result: 'success',
      targetType: 'stripe_payment_intent',
      before: { reason: 'webhook lost', amount_refunded: 100 },
      after: { reason: 'webhook lost', amount_refunded: amount },
    });
  });

  it('an event about an intent Stripe does not have writes no mirror; one not in the mirror cannot be refreshed', async () => {
    const paying = await newTeamPaysOnStripe(t, stripe, 'pro_monthly');
    const intentId = stripe.intentOf(paying.sessionId) as string;
    const event = stripe.webhooks.events.findLast((e) => e.type === 'payment_intent.succeeded');
    if (!event) throw new Error('no payment_intent.succeeded');
    const forged = structuredClone(event);
    forged.id = `${event.id}_other`;
    (forged.data.object as { id: string }).id = 'pi_not_at_stripe';
    const delivery = await stripe.webhooks.send(forged);
    expect(delivery.status).toBe(200);
    expect(JSON.parse(delivery.answer)).toMatchObject({ outcome: 'unknown_reference' });
    const rows = await t.platform.db
      .select()
      .from(stripePaymentIntents)
      .where(eq(stripePaymentIntents.id, 'pi_not_at_stripe'));
    expect(rows).toEqual([]);
    const missing = await callEndpoint(t.app, refreshStripePaymentIntent, {
      as: admin,
      params: { id: 'pi_not_at_stripe' },
      body: { reason: 'check' },
    });
    expect(missing.status).toBe(404);
    expect((await detailsOf(intentId)).intent.status).toBe('succeeded');
  });

  /** What the log says of those of these events it logged as missing a permission. */
  const loggedMissingPermission = async (events: { id: string }[]) =>
    (
      await t.platform.db
        .select()
        .from(paymentNotifications)
        .where(eq(paymentNotifications.outcome, 'missing_permission'))
    )
      .filter((row) => events.some((event) => event.id === row.eventId))
      .map((row) => row.detail);

  const mirrored = async (id: string) =>
    (await t.platform.db.select().from(stripePaymentIntents).where(eq(stripePaymentIntents.id, id)))[0] ??
    null;

  it("the list's refresh backfills what no webhook brought: Stripe's intents listed page by page, each as Stripe holds it, recorded with the reason", async () => {
    // The endpoint takes only Checkout's events: the intents never reach the mirror by webhook.
    stripe.webhooks.enabledEvents = [...CHECKOUT_EVENT_TYPES];
    const first = await newTeamPaysOnStripe(t, stripe, 'credits_1000');
    const second = await newTeamPaysOnStripe(t, stripe, 'credits_1000');
    const ids = [first, second].map((p) => stripe.intentOf(p.sessionId) as string);
    for (const id of ids) expect(await mirrored(id)).toBeNull();

    const refused = await callEndpoint(t.app, syncStripePaymentIntents, { as: admin, body: { reason: ' ' } });
    expect(refused.status).toBe(400);
    const done = (
      await callEndpoint(t.app, syncStripePaymentIntents, {
        as: admin,
        body: { reason: 'webhooks were off' },
      })
    ).ok();
    expect(done.more).toBe(false);
    expect(done.synced).toBeGreaterThanOrEqual(2);
    const row = await mirrored(ids[0] ?? '');
    expect(row).toMatchObject({
      orderNum: first.order.order_num,
      teamId: first.teamId,
      status: 'succeeded',
      cardLast4: '4242',
    });
    expect(await mirrored(ids[1] ?? '')).toMatchObject({ orderNum: second.order.order_num });
    const records = await t.platform.db
      .select()
      .from(operationRecords)
      .where(eq(operationRecords.action, 'stripe.payment_intent.sync'));
    expect(records.at(-1)).toMatchObject({
      result: 'success',
      after: { reason: 'webhooks were off', synced: done.synced, more: false },
    });

    // Bounded: two pages of one intent each read two intents, and say Stripe has more.
    const values = { secret_key: stripe.secretKey, base_url: stripe.url };
    const paged = await t.platform.db.transaction((tx) =>
      backfillStripeIntents(tx, stripeClient(values), { pageSize: 1, pages: 2 }),
    );
    expect(paged).toEqual({ synced: 2, more: true });
    const listed = stripe.requests.filter((r) => r.method === 'GET' && r.path === '/v1/payment_intents');
    expect(listed.at(-1)?.form).toMatchObject({ limit: '1' });
    expect(typeof listed.at(-1)?.form.starting_after).toBe('string');
  });

  it("a key without read access to payment intents (Stripe's 403) is named in the answer, for the backfill and the refresh, and recorded as refused", async () => {
    const paying = await newTeamPaysOnStripe(t, stripe, 'credits_1000');
    const intentId = stripe.intentOf(paying.sessionId) as string;
    stripe.failNext('GET', /^\/v1\/payment_intents/, forbidden, 2);
    const sync = await callEndpoint(t.app, syncStripePaymentIntents, {
      as: admin,
      body: { reason: 'backfill' },
    });
    expect(sync.status).toBe(409);
    expect(JSON.parse(sync.text).msg).toMatch(/cannot read payment intents/);
    const refresh = await callEndpoint(t.app, refreshStripePaymentIntent, {
      as: admin,
      params: { id: intentId },
      body: { reason: 'check' },
    });
    expect(refresh.status).toBe(409);
    expect(JSON.parse(refresh.text).msg).toMatch(/PaymentIntents: Read/);
    const records = await t.platform.db
      .select()
      .from(operationRecords)
      .where(eq(operationRecords.action, 'stripe.payment_intent.sync'));
    expect(records.at(-1)).toMatchObject({ result: 'failure' });
    expect(records.at(-1)?.error).toMatch(/^CONFLICT: The Stripe key cannot read payment intents/);
  });

  it("a restricted key that cannot read payment intents: the intent's and its charge's events are acknowledged, logged naming the permission, and the session still pays the bill", async () => {
    const paying = await newTeamOrdersOnStripe(t, 'credits_1000');
    stripe.webhooks.hold = true;
    await stripe.pay(paying.sessionId);
    const aboutIntent = stripe.webhooks
      .queued()
      .filter((event) => event.type.startsWith('payment_intent.') || event.type.startsWith('charge.'));
    expect(aboutIntent.map((event) => event.type)).toEqual(['payment_intent.succeeded', 'charge.succeeded']);
    // Each read of an intent is refused, as Stripe refuses every one for such a key.
    stripe.failNext('GET', /^\/v1\/payment_intents/, forbidden, aboutIntent.length);
    const deliveries = await stripe.webhooks.flush();
    expect(deliveries.map((delivery) => delivery.status)).toEqual(deliveries.map(() => 200));
    const answered = deliveries.filter((delivery) =>
      aboutIntent.some((event) => event.id === delivery.eventId),
    );
    expect(answered.map((delivery) => JSON.parse(delivery.answer).outcome)).toEqual([
      'missing_permission',
      'missing_permission',
    ]);
    expect(await loggedMissingPermission(aboutIntent)).toEqual([
      'the key lacks the rak_payment_intent_read permission',
      'the key lacks the rak_payment_intent_read permission',
    ]);

    const { bill } = (
      await callEndpoint(t.app, getBill, { as: paying.user, query: { id: paying.bill.id } })
    ).ok();
    expect(bill.status).toBe('paid');
    expect(await mirrored(stripe.intentOf(paying.sessionId) as string)).toBeNull();

    // A refund's events, read back with the same key: the refund is found by our number and its
    // payment by the session the refund names, though the intent could not be read.
    stripe.webhooks.hold = true;
    (await refund(paying.order.id, { reason: 'restricted key', amount: 100 })).ok();
    const refundEvents = stripe.webhooks.queued().map((event) => event.type);
    expect(refundEvents).toEqual(['refund.created', 'charge.refunded']);
    stripe.failNext('GET', /^\/v1\/payment_intents/, forbidden, refundEvents.length);
    const refundDeliveries = await stripe.webhooks.flush();
    expect(refundDeliveries.map((delivery) => delivery.status)).toEqual([200, 200]);
    const order = (
      await callEndpoint(t.app, getAdminOrder, { as: admin, params: { id: paying.order.id } })
    ).ok();
    expect(order.refunds.map((refund) => refund.status)).toEqual(['succeeded']);
    const refundNo = `${paying.order.order_num}R1`;
    expect(
      order.notifications.filter((n) => n.detail === `refund ${refundNo}`).map((n) => n.outcome),
    ).toEqual(['recorded', 'recorded']);
  });

  it("a restricted key that cannot read refunds: the refund's events are acknowledged, logged naming rak_refund_read under the order; the refund stands as Stripe's create answered", async () => {
    const paying = await newTeamPaysOnStripe(t, stripe, 'credits_1000');
    stripe.webhooks.hold = true;
    (await refund(paying.order.id, { reason: 'restricted key', amount: 100 })).ok();
    const queued = stripe.webhooks.queued();
    expect(queued.map((event) => event.type)).toEqual(['refund.created', 'charge.refunded']);
    // A refund's read back (retrieve, or a charge's list) is refused, as for every read of the key.
    stripe.failNext('GET', /^\/v1\/refunds/, refundsForbidden, queued.length);
    const deliveries = await stripe.webhooks.flush();
    // Before, a 500: Stripe would deliver them again for days, refused the same way each time.
    expect(deliveries.map((delivery) => delivery.status)).toEqual([200, 200]);
    expect(deliveries.map((delivery) => JSON.parse(delivery.answer).outcome)).toEqual([
      'missing_permission',
      'missing_permission',
    ]);
    expect(await loggedMissingPermission(queued)).toEqual([
      'the key lacks the rak_refund_read permission',
      'the key lacks the rak_refund_read permission',
    ]);
    // The refund's own event names our payment's session: its line is on the order.
    const order = (
      await callEndpoint(t.app, getAdminOrder, { as: admin, params: { id: paying.order.id } })
    ).ok();
    expect(order.notifications.some((n) => n.outcome === 'missing_permission')).toBe(true);
    // The refund itself is as Stripe answered its create (made with the key's write access).
    expect(order.refunds.map((refund) => [refund.status, refund.amount])).toEqual([['succeeded', 100]]);
  });

  it('the list and the refresh need their permissions', async () => {
    const user = await signUpUser(t.app);
    const list = await callEndpoint(t.app, listStripePaymentIntents, { as: user, query: {} });
    expect(list.status).toBe(403);
    const sync = await callEndpoint(t.app, syncStripePaymentIntents, { as: user, body: { reason: 'x' } });
    expect(sync.status).toBe(403);
  });
});
