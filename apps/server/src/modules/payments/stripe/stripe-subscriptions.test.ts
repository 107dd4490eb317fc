import { getAdminOrder, refundOrder } from '@app/contract/billing/admin-orders';
import { createOrder, getBill, previewOrder } from '@app/contract/billing/orders';
import { listSavedPaymentMethods } from '@app/contract/billing/payment-methods';
import { createPayment } from '@app/contract/billing/payments';
import { listPlans } from '@app/contract/billing/plans';
import {
  actOnStripeSubscription,
  getStripeSubscription,
  listStripeSubscriptions,
} from '@app/contract/billing/stripe-subscriptions';
import { and, eq, inArray } from 'drizzle-orm';
import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import {
  creditLedger,
  operationRecords,
  orders,
  stripeSubscriptions,
  subscriptions,
} from '../../../db/schema';
import { type Caller, callEndpoint } from '../../../test/call-endpoint';
import { failure } from '../../../test/stripe-stand-in/protocol';
import type { StripeStandIn } from '../../../test/stripe-stand-in/stripe-stand-in';
import { signUpUser, type TestApp } from '../../../test/test-app';
import { ledgerExplains, planId } from '../../billing/billing.test-kit';
import { reconcileTrades } from '../reconcile';
import {
  lastEventAbout,
  newTeamOrdersOnStripe,
  orderOnStripe,
  payCheckout,
  useStripeApp,
} from './stripe-app.test-kit';
import { stripeInterval } from './stripe-subscriptions';

/**
 * Stripe's subscriptions (issue 27 item 2) against the repository's Stripe stand-in over real HTTP
 * on a real database: a plan started from the free plan is paid in Checkout's `subscription` mode;
 * the first invoice is the session's money and grants nothing more; each renewal invoice Stripe
 * reports paid is one renewal order, granted once however often and in whatever order its events
 * come; events are hints (the invoice and subscription are read back); operators cancel at period
 * end or resume, with a reason, recorded.
 */
describe('Stripe subscriptions (stand-in)', () => {
  let t: TestApp;
  let stripe: StripeStandIn;
  let admin: Caller;
  useStripeApp((app) => {
    ({ t, stripe, admin } = app);
  });

  /** A new team subscribes to a plan on Stripe, sent to the hosted page (`pay` pays it). */
  const subscribe = (key = 'pro_monthly') => newTeamOrdersOnStripe(t, key);

  /** The session paid: the subscription it started. */
  async function pay(sessionId: string) {
    await payCheckout(stripe, sessionId);
    return stripe.session(sessionId).subscription as string;
  }

  const ordersOfTeam = (teamId: string) =>
    t.platform.db.select().from(orders).where(eq(orders.teamId, teamId)).orderBy(orders.createdAt);

  const grantsOf = (orderIds: string[]) =>
    orderIds.length === 0
      ? Promise.resolve([])
      : t.platform.db
          .select()
          .from(creditLedger)
          .where(and(inArray(creditLedger.referenceId, orderIds), eq(creditLedger.kind, 'grant')));

  const mirrorOf = async (id: string) =>
    (await t.platform.db.select().from(stripeSubscriptions).where(eq(stripeSubscriptions.id, id)))[0];

  const billStatus = async (who: Caller, billId: string) =>
    (await callEndpoint(t.app, getBill, { as: who, query: { id: billId } })).ok().bill.status;

  /** The last event Stripe made about an object. */
  const lastEvent = (type: string, objectId: string) => lastEventAbout(stripe, type, objectId);

  it("a plan's period maps onto Stripe's interval; over three years Stripe cannot renew it", () => {
    expect(stripeInterval({ validity: 1, validityUnit: 'month' })).toEqual({
      interval: 'month',
      interval_count: 1,
    });
    expect(stripeInterval({ validity: 3, validityUnit: 'year' })).toEqual({
      interval: 'year',
      interval_count: 3,
    });
    expect(stripeInterval({ validity: 37, validityUnit: 'month' })).toBeNull();
    expect(stripeInterval({ validity: 4, validityUnit: 'year' })).toBeNull();
  });

  it('a plan started from the free plan is paid in subscription mode; its first invoice grants nothing more', async () => {
    const { user, teamId, bill, order, sessionId } = await subscribe();
    const session = stripe.session(sessionId);
    expect(session.mode).toBe('subscription');
    expect(session.customer).toMatch(/^cus_/);
    const subscriptionId = await pay(sessionId);
    expect(subscriptionId).toMatch(/^sub_/);
    expect(await billStatus(user, bill.id)).toBe('paid');
    // The session's payment, and the `subscription_create` invoice's `invoice.paid`: one grant.
    const teamOrders = await ordersOfTeam(teamId);
    expect(teamOrders.map((o) => o.kind)).toEqual(['subscribe']);
    expect(await grantsOf([order.id])).toHaveLength(1);
    const mirror = await mirrorOf(subscriptionId);
    expect(mirror).toMatchObject({ teamId, orderId: order.id, status: 'active', cancelAtPeriodEnd: false });
    expect(mirror?.amount).toBe(session.amount_total);
    expect(await ledgerExplains(t, teamId)).toBe(true);
  });

  it('a credit pack and a renewal bought by hand are still paid once (payment mode)', async () => {
    const { sessionId } = await orderOnStripe(t, await signUpUser(t.app), 'credits_1000');
    expect(stripe.session(sessionId).mode).toBe('payment');
  });

  it('each renewal invoice grants its period once: ten deliveries at once, then again, make one renewal order', async () => {
    const { teamId, sessionId } = await subscribe();
    const subscriptionId = await pay(sessionId);
    const renewed = stripe.renew(subscriptionId);
    await stripe.webhooks.idle();
    const invoice = renewed.invoice as Stripe.Invoice;
    expect(invoice.billing_reason).toBe('subscription_cycle');
    const paidEvent = lastEvent('invoice.paid', invoice.id);
    const deliveries = await stripe.webhooks.replay(paidEvent.id, 10, true);
    await stripe.webhooks.replay(paidEvent.id, 2, false);
    expect(deliveries.every((d) => d.status === 200)).toBe(true);
    const teamOrders = await ordersOfTeam(teamId);
    expect(teamOrders.map((o) => [o.kind, o.status])).toEqual([
      ['subscribe', 'paid'],
      ['renew', 'paid'],
    ]);
    const renewal = teamOrders[1];
    if (!renewal) throw new Error('no renewal order');
    expect(renewal.payAmount).toBe(invoice.amount_paid);
    // One period waits after the current one: the renewal's, granted when it starts.
    const waiting = await t.platform.db
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.teamId, teamId), eq(subscriptions.orderId, renewal.id)));
    expect(waiting.map((row) => row.status)).toEqual(['scheduled']);
    expect(await ledgerExplains(t, teamId)).toBe(true);
    // A second renewal is a second order.
    stripe.renew(subscriptionId);
    await stripe.webhooks.idle();
    expect((await ordersOfTeam(teamId)).map((o) => o.kind)).toEqual(['subscribe', 'renew', 'renew']);
  });

  it('a plan Stripe renews is not renewed by hand beside it (a period paid twice); once set to end, it can be', async () => {
    const { user, sessionId } = await subscribe('pro_monthly');
    const subscriptionId = await pay(sessionId);
    const pro = await planId(t, 'pro_monthly');
    const choiceOfPro = async () =>
      (await callEndpoint(t.app, listPlans, { as: user })).ok().items.find((p) => p.id === pro)?.choice;
    expect(await choiceOfPro()).toBe('current');
    const refused = await callEndpoint(t.app, createOrder, { as: user, body: { plan_id: pro } });
    expect(refused.status).toBe(409);
    expect(JSON.parse(refused.text).msg).toMatch(/renews by itself on Stripe/);
    (
      await callEndpoint(t.app, actOnStripeSubscription, {
        as: admin,
        params: { id: subscriptionId },
        body: { action: 'cancel_at_period_end', reason: 'customer asked' },
      })
    ).ok();
    expect(await choiceOfPro()).toBe('renew');
    expect(
      (await callEndpoint(t.app, createOrder, { as: user, body: { plan_id: pro } })).ok().order.kind,
    ).toBe('renew');
  });

  it('a key that may not read payment intents still renews: the renewal is granted, only the intents mirror goes without it', async () => {
    const { teamId, sessionId } = await subscribe();
    const subscriptionId = await pay(sessionId);
    stripe.webhooks.hold = true;
    stripe.renew(subscriptionId);
    stripe.failNext(
      'GET',
      /^\/v1\/payment_intents/,
      failure(403, {
        type: 'invalid_request_error',
        message:
          "The provided key 'rk_test_****abcd' does not have the required permissions for this endpoint. Having the 'rak_payment_intent_read' permission would allow this request to continue.",
      }),
      20,
    );
    const deliveries = await stripe.webhooks.flush();
    expect(deliveries.map((d) => d.status)).toEqual(deliveries.map(() => 200));
    expect((await ordersOfTeam(teamId)).map((o) => [o.kind, o.status])).toEqual([
      ['subscribe', 'paid'],
      ['renew', 'paid'],
    ]);
    expect(await ledgerExplains(t, teamId)).toBe(true);
  });

  it('out of order: invoice.paid and subscription.updated before the session completes leave the state Stripe holds', async () => {
    const { user, teamId, bill, sessionId } = await subscribe();
    stripe.webhooks.hold = true;
    const subscriptionId = await pay(sessionId);
    stripe.renew(subscriptionId);
    await stripe.webhooks.flush('reversed');
    await stripe.webhooks.idle();
    expect(await billStatus(user, bill.id)).toBe('paid');
    // The renewal came before the session that started it: read back, it still pays its own order.
    expect((await ordersOfTeam(teamId)).map((o) => [o.kind, o.status])).toEqual([
      ['subscribe', 'paid'],
      ['renew', 'paid'],
    ]);
    const held = stripe.subscriptions.get(subscriptionId);
    const mirror = await mirrorOf(subscriptionId);
    expect(mirror?.status).toBe(held.status);
    expect(mirror?.currentPeriodEnd.getTime()).toBe((held.items.data[0]?.current_period_end ?? 0) * 1000);
    expect(mirror?.latestInvoiceId).toBe(held.latest_invoice);
  });

  it('a signed invoice.paid whose invoice Stripe holds as unpaid grants nothing; the declined renewal is past due', async () => {
    const { teamId, sessionId } = await subscribe();
    const subscriptionId = await pay(sessionId);
    stripe.subscriptions.declineNextRenewal(subscriptionId);
    const renewed = stripe.renew(subscriptionId);
    await stripe.webhooks.idle();
    const invoice = renewed.invoice as Stripe.Invoice;
    expect(invoice.status).toBe('open');
    const forged: Stripe.Event = {
      ...lastEvent('invoice.payment_failed', invoice.id),
      id: `evt_forged_${Date.now()}`,
      type: 'invoice.paid',
      data: { object: { ...invoice, status: 'paid', amount_paid: invoice.amount_due } },
    } as Stripe.Event;
    const delivery = await stripe.webhooks.send(forged);
    expect(delivery.status).toBe(200);
    expect((await ordersOfTeam(teamId)).map((o) => o.kind)).toEqual(['subscribe']);
    expect((await mirrorOf(subscriptionId))?.status).toBe('past_due');
  });

  it('an operator cancels at period end, then resumes, each with a reason, recorded; canceled, it renews no more', async () => {
    const { teamId, sessionId } = await subscribe();
    const subscriptionId = await pay(sessionId);
    const listed = (
      await callEndpoint(t.app, listStripeSubscriptions, {
        as: admin,
        query: { q: subscriptionId },
      })
    ).ok();
    expect(listed.items.map((s) => s.id)).toEqual([subscriptionId]);
    expect(listed.items[0]?.team?.id).toBe(teamId);

    const act = (action: 'cancel_at_period_end' | 'resume' | 'sync', reason = 'customer asked by mail') =>
      callEndpoint(t.app, actOnStripeSubscription, {
        as: admin,
        params: { id: subscriptionId },
        body: { action, reason },
      });
    const canceled = (await act('cancel_at_period_end')).ok();
    expect(canceled.subscription.cancel_at_period_end).toBe(true);
    expect(stripe.subscriptions.get(subscriptionId).cancel_at_period_end).toBe(true);
    expect((await act('resume')).ok().subscription.cancel_at_period_end).toBe(false);
    expect(stripe.subscriptions.get(subscriptionId).cancel_at_period_end).toBe(false);
    const records = await t.platform.db
      .select()
      .from(operationRecords)
      .where(eq(operationRecords.targetId, subscriptionId));
    expect(records.map((r) => r.action).sort()).toEqual([
      'stripe.subscription.cancel_at_period_end',
      'stripe.subscription.resume',
    ]);
    // A reason is required: nothing changes without one.
    const refused = await act('cancel_at_period_end', '');
    expect(refused.status).toBe(400);
    expect(stripe.subscriptions.get(subscriptionId).cancel_at_period_end).toBe(false);

    (await act('cancel_at_period_end')).ok();
    stripe.renew(subscriptionId);
    await stripe.webhooks.idle();
    expect((await mirrorOf(subscriptionId))?.status).toBe('canceled');
    expect((await ordersOfTeam(teamId)).map((o) => o.kind)).toEqual(['subscribe']);
    expect((await act('resume')).status).toBe(409);

    const detail = (
      await callEndpoint(t.app, getStripeSubscription, { as: admin, params: { id: subscriptionId } })
    ).ok();
    expect(detail.events.map((e) => e.type)).toContain('customer.subscription.deleted');
  });

  /** The team confirms another plan and pays it on Stripe (a plan change: paid once, payment mode). */
  async function changePlan(user: Caller, key: string) {
    const made = await orderOnStripe(t, user, key);
    expect(stripe.session(made.sessionId).mode).toBe('payment');
    await payCheckout(stripe, made.sessionId);
    return made;
  }

  /**
   * Stripe's proration, computed here from the subscription's own period (not by the code under
   * test): the new price for a whole new period, less the old price's unused part at `at`, rounded.
   */
  const stripeUpgradeDue = (held: Stripe.Subscription, newPrice: number, at: number) => {
    const item = held.items.data[0];
    if (!item) throw new Error('no item');
    const { current_period_start: start, current_period_end: end } = item;
    return newPrice - Math.round(((item.price.unit_amount ?? 0) * (end - at)) / (end - start));
  };

  async function upgradeOrder(user: Caller, key: string) {
    return (
      await callEndpoint(t.app, createOrder, { as: user, body: { plan_id: await planId(t, key) } })
    ).ok();
  }

  const payOnStripe = async (user: Caller, billId: string) =>
    (
      await callEndpoint(t.app, createPayment, { as: user, body: { bill_id: billId, method: 'stripe' } })
    ).ok();

  it('an upgrade of the plan Stripe renews changes that subscription: priced as Stripe prorates, paid by the card on file at once, granted once, and renewals renew the new plan', async () => {
    const { user, teamId, order: first, sessionId } = await subscribe('pro_monthly');
    const subscriptionId = await pay(sessionId);
    const before = stripe.subscriptions.get(subscriptionId);
    const teamPlan = await planId(t, 'team_monthly');
    const preview = (
      await callEndpoint(t.app, previewOrder, { as: user, query: { plan_id: teamPlan } })
    ).ok();
    expect(preview.kind).toBe('upgrade');
    // Told before confirming: the card that pays the renewals is charged at once.
    expect(preview.charged_card).toEqual({ brand: 'Visa', last4: '4242' });
    expect(preview.stops_auto_renewal).toBe(false);
    const made = await upgradeOrder(user, 'team_monthly');
    // The bill is what Stripe will invoice for the change at the second the order was priced.
    expect(made.bill.pay_amount).toBe(stripeUpgradeDue(before, made.order.price, made.order.creation_time));
    expect(made.order.proration_credit).toBe(made.order.price - made.bill.pay_amount);
    const payment = await payOnStripe(user, made.bill.id);
    // No Checkout: the card on file paid, and the payer goes straight to the result page.
    expect(payment.next).toMatchObject({ kind: 'redirect' });
    if (payment.next.kind !== 'redirect') throw new Error('redirect');
    expect(new URL(payment.next.url).pathname).toBe('/payment/result');
    expect(await billStatus(user, made.bill.id)).toBe('paid');
    await stripe.webhooks.idle();
    const after = stripe.subscriptions.get(subscriptionId);
    expect(after.status).toBe('active');
    expect(after.items.data[0]?.price.unit_amount).toBe(made.order.price);
    expect(after.metadata).toMatchObject({ order_id: made.order.id, plan_id: teamPlan, team_id: teamId });
    // The cycle restarted: the new plan's period is whole, as our upgrade's is.
    expect(after.items.data[0]?.current_period_start).toBeGreaterThanOrEqual(made.order.creation_time);
    const invoice = stripe.subscriptions.invoices.get(after.latest_invoice as string);
    expect([invoice?.billing_reason, invoice?.amount_paid]).toEqual([
      'subscription_update',
      made.bill.pay_amount,
    ]);
    // Its invoice.paid, ten times at once and twice more: still one payment, one grant.
    const paidEvent = lastEvent('invoice.paid', invoice?.id ?? '');
    await stripe.webhooks.replay(paidEvent.id, 10, true);
    await stripe.webhooks.replay(paidEvent.id, 2, false);
    expect((await ordersOfTeam(teamId)).map((o) => [o.kind, o.status])).toEqual([
      ['subscribe', 'paid'],
      ['upgrade', 'paid'],
    ]);
    expect(await grantsOf([made.order.id])).toHaveLength(1);
    const mirror = await mirrorOf(subscriptionId);
    expect(mirror).toMatchObject({
      status: 'active',
      orderId: made.order.id,
      planId: teamPlan,
      amount: made.order.price,
    });
    // The next renewal renews the new plan at its price.
    stripe.renew(subscriptionId);
    await stripe.webhooks.idle();
    const renewal = (await ordersOfTeam(teamId)).find((o) => o.kind === 'renew');
    expect([renewal?.planId, renewal?.payAmount, renewal?.status]).toEqual([
      teamPlan,
      made.order.price,
      'paid',
    ]);
    expect(first.plan_id).not.toBe(teamPlan);
    expect(await ledgerExplains(t, teamId)).toBe(true);
  });

  it('a declined card changes nothing until the upgrade’s invoice is paid; an expired bill voids it and drops the change', async () => {
    const { user, teamId, sessionId } = await subscribe('pro_monthly');
    const subscriptionId = await pay(sessionId);
    const oldPrice = stripe.subscriptions.get(subscriptionId).items.data[0]?.price.unit_amount;
    stripe.subscriptions.declineNextRenewal(subscriptionId);
    const made = await upgradeOrder(user, 'team_monthly');
    const payment = await payOnStripe(user, made.bill.id);
    if (payment.next.kind !== 'redirect') throw new Error('redirect');
    // Stripe's hosted invoice page takes another card (or 3-D Secure).
    expect(payment.next.url).toContain('/i/in_');
    await stripe.webhooks.idle();
    expect(await billStatus(user, made.bill.id)).toBe('unpaid');
    const pending = stripe.subscriptions.get(subscriptionId);
    expect(pending.items.data[0]?.price.unit_amount).toBe(oldPrice);
    expect(pending.pending_update?.subscription_items?.[0]?.price.unit_amount).toBe(made.order.price);
    expect((await mirrorOf(subscriptionId))?.pendingUpdate).not.toBeNull();
    // Paid on the hosted page: the change applies and the bill is paid, once.
    stripe.subscriptions.payInvoice(pending.latest_invoice as string);
    await stripe.webhooks.idle();
    expect(await billStatus(user, made.bill.id)).toBe('paid');
    expect(stripe.subscriptions.get(subscriptionId).items.data[0]?.price.unit_amount).toBe(made.order.price);
    expect(await grantsOf([made.order.id])).toHaveLength(1);
    expect(await ledgerExplains(t, teamId)).toBe(true);

    // Another team's card is declined and its bill runs out: reconciliation voids the invoice.
    const other = await subscribe('pro_monthly');
    const otherSubscription = await pay(other.sessionId);
    stripe.subscriptions.declineNextRenewal(otherSubscription);
    const otherMade = await upgradeOrder(other.user, 'team_monthly');
    await payOnStripe(other.user, otherMade.bill.id);
    await stripe.webhooks.idle();
    const invoiceId = stripe.subscriptions.get(otherSubscription).latest_invoice as string;
    await reconcileTrades(t.platform, new Date((otherMade.bill.expire_time + 60) * 1000));
    expect(stripe.subscriptions.invoices.get(invoiceId)?.status).toBe('void');
    const dropped = stripe.subscriptions.get(otherSubscription);
    expect([dropped.pending_update, dropped.items.data[0]?.price.unit_amount]).toEqual([null, oldPrice]);
    expect(await billStatus(other.user, otherMade.bill.id)).not.toBe('paid');
    expect(await grantsOf([otherMade.order.id])).toHaveLength(0);
  });

  it('an upgrade paid by Checkout (the subscription was set to end) ends the old plan’s subscription at once', async () => {
    const up = await subscribe('pro_monthly');
    const upSubscription = await pay(up.sessionId);
    // Set to end, it is not changed: the upgrade is paid once, by Checkout.
    (
      await callEndpoint(t.app, actOnStripeSubscription, {
        as: admin,
        params: { id: upSubscription },
        body: { action: 'cancel_at_period_end', reason: 'customer asked' },
      })
    ).ok();
    const upgrade = await changePlan(up.user, 'team_monthly');
    expect(upgrade.order.kind).toBe('upgrade');
    expect(stripe.subscriptions.get(upSubscription).status).toBe('canceled');
    expect((await mirrorOf(upSubscription))?.status).toBe('canceled');
  });

  it('an upgrade its credit pays whole (a fresh yearly plan to a monthly one) charges nothing and ends the subscription that would renew the old plan', async () => {
    const { user, teamId, sessionId } = await subscribe('pro_yearly');
    const subscriptionId = await pay(sessionId);
    const preview = (
      await callEndpoint(t.app, previewOrder, {
        as: user,
        query: { plan_id: await planId(t, 'team_monthly') },
      })
    ).ok();
    // Nothing is charged, to any card.
    expect([preview.pay_amount, preview.charged_card]).toEqual([0, null]);
    // ...and the customer is told the plan stops renewing by itself.
    expect(preview.stops_auto_renewal).toBe(true);
    const made = await upgradeOrder(user, 'team_monthly');
    // The unused year is worth more than the new month: nothing to pay, paid at once.
    expect([made.order.kind, made.bill.pay_amount, made.order.proration_credit]).toEqual([
      'upgrade',
      0,
      made.order.price,
    ]);
    expect(await billStatus(user, made.bill.id)).toBe('paid');
    await stripe.webhooks.idle();
    // Left as it was, Stripe would charge the old year again at its end beside the new plan.
    expect(stripe.subscriptions.get(subscriptionId).status).toBe('canceled');
    expect((await mirrorOf(subscriptionId))?.status).toBe('canceled');
    expect(await grantsOf([made.order.id])).toHaveLength(1);
    expect(await ledgerExplains(t, teamId)).toBe(true);
  });

  it('a downgrade is a schedule phase at the period’s end: its paid period free on Stripe, then Stripe renews the new plan at its price', async () => {
    const down = await subscribe('team_monthly');
    const downSubscription = await pay(down.sessionId);
    const proPlan = await planId(t, 'pro_monthly');
    const downgrade = await changePlan(down.user, 'pro_monthly');
    expect(downgrade.order.kind).toBe('downgrade');
    const held = stripe.subscriptions.get(downSubscription);
    // Not set to end: a schedule takes it on to the new plan.
    expect([held.status, held.cancel_at_period_end]).toEqual(['active', false]);
    expect(held.schedule).toMatch(/^sub_sched_/);
    const schedule = stripe.schedules.held.get(held.schedule as string)?.schedule;
    const period = held.items.data[0];
    expect(schedule?.end_behavior).toBe('release');
    expect(
      schedule?.phases.map((phase) => [phase.start_date, phase.trial, phase.metadata?.order_id ?? null]),
    ).toEqual([
      [period?.current_period_start, false, down.order.id],
      [period?.current_period_end, true, downgrade.order.id],
    ]);
    // The period's end: the downgrade's own period begins, already paid, so Stripe charges nothing.
    const turned = stripe.renew(downSubscription);
    await stripe.webhooks.idle();
    expect(turned.invoice?.amount_paid).toBe(0);
    expect(turned.subscription.status).toBe('trialing');
    expect((await ordersOfTeam(down.teamId)).map((o) => o.kind)).toEqual(['subscribe', 'downgrade']);
    expect((await mirrorOf(downSubscription))?.orderId).toBe(downgrade.order.id);
    // Its end: released, Stripe renews the new plan at its price, an order of the new plan.
    const renewed = stripe.renew(downSubscription);
    await stripe.webhooks.idle();
    expect(renewed.invoice?.amount_paid).toBe(downgrade.order.price);
    expect(stripe.schedules.held.get(held.schedule as string)?.schedule.status).toBe('released');
    const renewal = (await ordersOfTeam(down.teamId)).find((o) => o.kind === 'renew');
    expect([renewal?.planId, renewal?.payAmount, renewal?.status]).toEqual([
      proPlan,
      downgrade.order.price,
      'paid',
    ]);
    expect(await ledgerExplains(t, down.teamId)).toBe(true);
  });

  it('the card Checkout kept is the team’s saved card, its default (it had none), marked as paying the renewal at the period’s end', async () => {
    const { user, sessionId } = await subscribe();
    const subscriptionId = await pay(sessionId);
    const cards = (await callEndpoint(t.app, listSavedPaymentMethods, { as: user })).ok();
    const held = stripe.subscriptions.get(subscriptionId);
    expect(cards.items.map((c) => [c.id, c.renewal_time, c.is_default])).toEqual([
      [held.default_payment_method, held.items.data[0]?.current_period_end, true],
    ]);
    // Set to end at the period's end: the card pays nothing more.
    (
      await callEndpoint(t.app, actOnStripeSubscription, {
        as: admin,
        params: { id: subscriptionId },
        body: { action: 'cancel_at_period_end', reason: 'customer asked' },
      })
    ).ok();
    const after = (await callEndpoint(t.app, listSavedPaymentMethods, { as: user })).ok();
    expect(after.items.map((c) => c.renewal_time)).toEqual([null]);
  });

  it("a member cannot read or change Stripe's subscriptions", async () => {
    const user = await signUpUser(t.app);
    expect((await callEndpoint(t.app, listStripeSubscriptions, { as: user, query: {} })).status).toBe(403);
  });

  it("a renewal's payment is refunded through its invoice's payment, and the credits it granted go back", async () => {
    const { teamId, sessionId } = await subscribe();
    const subscriptionId = await pay(sessionId);
    stripe.renew(subscriptionId);
    await stripe.webhooks.idle();
    const renewal = (await ordersOfTeam(teamId)).find((o) => o.kind === 'renew');
    if (!renewal) throw new Error('no renewal order');
    const refunded = (
      await callEndpoint(t.app, refundOrder, {
        as: admin,
        params: { id: renewal.id },
        body: { reason: 'renewed by mistake' },
      })
    ).ok();
    expect(refunded.refund.status).toBe('succeeded');
    expect(stripe.refunds().some((r) => r.amount === renewal.payAmount)).toBe(true);
    const details = (
      await callEndpoint(t.app, getAdminOrder, { as: admin, params: { id: renewal.id } })
    ).ok();
    expect(details.order.status).toBe('refunded');
    expect(await ledgerExplains(t, teamId)).toBe(true);
  });
});
