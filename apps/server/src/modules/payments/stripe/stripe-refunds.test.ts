import { getAdminOrder, refundOrder } from '@app/contract/billing/admin-orders';
import { getStripePaymentIntent } from '@app/contract/billing/stripe-payment-intents';
import type Stripe from 'stripe';
import { beforeEach, describe, expect, it } from 'vitest';
import { type Caller, callEndpoint } from '../../../test/call-endpoint';
import type { StripeStandIn } from '../../../test/stripe-stand-in/stripe-stand-in';
import type { TestApp } from '../../../test/test-app';
import { balanceOf, ledgerExplains } from '../../billing/billing.test-kit';
import { lastEventAbout, newTeamPaysOnStripe, useStripeApp } from './stripe-app.test-kit';

/**
 * Stripe's refund events against the Stripe stand-in over real HTTP on a real database. The rules:
 * our refund number rides on the Stripe refund (`metadata.refund_no`); `refund.*` and
 * `charge.refunded` settle our pending refund at once (no reconciliation needed), but only as the
 * refund Stripe holds says, read back from Stripe: a signed event whose body says `succeeded` for a
 * refund Stripe holds `pending` changes nothing; the intents mirror follows each of them.
 */
describe('Stripe refund events (stand-in)', () => {
  let t: TestApp;
  let stripe: StripeStandIn;
  let admin: Caller;
  useStripeApp((app) => {
    ({ t, stripe, admin } = app);
  });
  beforeEach(() => {
    stripe.holdRefunds = false;
  });

  /** A user who bought the 1,000-credit pack with Stripe, paid and applied. */
  async function paidPack() {
    const paid = await newTeamPaysOnStripe(t, stripe, 'credits_1000');
    const intentId = stripe.session(paid.sessionId).payment_intent as string;
    const amount = stripe.paymentIntent(intentId).amount;
    return { ...paid, intentId, amount };
  }

  const refund = (orderId: string, body: { reason: string; amount?: number }) =>
    callEndpoint(t.app, refundOrder, { as: admin, params: { id: orderId }, body });
  const details = async (orderId: string) =>
    (await callEndpoint(t.app, getAdminOrder, { as: admin, params: { id: orderId } })).ok();
  const refundsAt = (intentId: string) => stripe.refunds().filter((r) => r.payment_intent === intentId);
  const lastEvent = (type: string, refundId: string) => lastEventAbout(stripe, type, refundId);

  it('a refund Stripe holds pending: a forged "succeeded" body changes nothing; Stripe settling it sends refund.updated, and it succeeds at once with its credits', async () => {
    const paid = await paidPack();
    const before = (await balanceOf(t, paid.teamId)).balance;
    stripe.holdRefunds = true;
    const made = (await refund(paid.order.id, { reason: 'half', amount: paid.amount / 2 })).ok();
    await stripe.webhooks.idle();
    expect(made.refund.status).toBe('pending');
    const [atStripe] = refundsAt(paid.intentId);
    if (!atStripe) throw new Error('no refund at Stripe');
    // Our number rides on Stripe's refund.
    expect(atStripe.metadata).toMatchObject({ refund_no: made.refund.refund_no });
    expect(atStripe.status).toBe('pending');
    expect((await details(paid.order.id)).refunds[0]?.status).toBe('pending');

    // A correctly signed event whose body says the refund succeeded (Stripe holds it pending).
    const created = lastEvent('refund.created', atStripe.id);
    const forged: Stripe.Event = structuredClone(created);
    forged.id = `${created.id}_forged`;
    forged.type = 'refund.updated';
    (forged.data.object as Stripe.Refund).status = 'succeeded';
    const delivery = await stripe.webhooks.send(forged);
    expect(delivery.status).toBe(200);
    let view = await details(paid.order.id);
    expect(view.refunds.map((r) => [r.status, r.credits_reversed])).toEqual([['pending', 0]]);
    expect((await balanceOf(t, paid.teamId)).balance).toBe(before);

    // Stripe settles it: its refund.updated settles ours at once, read back from Stripe.
    stripe.settleRefund(atStripe.id, true);
    await stripe.webhooks.idle();
    view = await details(paid.order.id);
    expect(view.refunds.map((r) => [r.status, r.credits_reversed, r.provider_reference])).toEqual([
      ['succeeded', 500, atStripe.id],
    ]);
    expect((await balanceOf(t, paid.teamId)).balance).toBe(before - 500);
    // Delivered again: acknowledged, nothing moves twice.
    expect((await stripe.webhooks.send(lastEvent('refund.updated', atStripe.id).id)).status).toBe(200);
    expect((await balanceOf(t, paid.teamId)).balance).toBe(before - 500);
    expect(await ledgerExplains(t, paid.teamId)).toBe(true);
    // The mirror followed: the refund shows, and the event was logged with what the intent said.
    const mirror = (
      await callEndpoint(t.app, getStripePaymentIntent, { as: admin, params: { id: paid.intentId } })
    ).ok();
    expect(mirror.intent.amount_refunded).toBe(atStripe.amount);
    expect(mirror.events.map((e) => e.type)).toContain('refund.updated');
  });

  it('a refund Stripe fails (refund.failed): ours fails and the amount can be refunded again', async () => {
    const paid = await paidPack();
    const before = (await balanceOf(t, paid.teamId)).balance;
    stripe.holdRefunds = true;
    const made = (await refund(paid.order.id, { reason: 'all' })).ok();
    await stripe.webhooks.idle();
    expect(made.refund.status).toBe('pending');
    const [atStripe] = refundsAt(paid.intentId);
    if (!atStripe) throw new Error('no refund at Stripe');
    stripe.settleRefund(atStripe.id, false);
    await stripe.webhooks.idle();
    const view = await details(paid.order.id);
    expect(view.refunds.map((r) => r.status)).toEqual(['failed']);
    expect(view.refundable_amount).toBe(paid.amount);
    expect((await balanceOf(t, paid.teamId)).balance).toBe(before);
  });

  it("charge.refunded alone (no refund.* events enabled) settles every pending refund of the charge, each by Stripe's word", async () => {
    const paid = await paidPack();
    stripe.webhooks.enabledEvents = ['checkout.session.completed', 'charge.refunded'];
    stripe.holdRefunds = true;
    stripe.webhooks.hold = true;
    (await refund(paid.order.id, { reason: 'first', amount: 100 })).ok();
    (await refund(paid.order.id, { reason: 'second', amount: 200 })).ok();
    const [first, second] = refundsAt(paid.intentId).sort((a, b) => a.amount - b.amount);
    if (!first || !second) throw new Error('two refunds at Stripe');
    // The first settles at Stripe, the second is still pending; the charge's news is lost but one.
    stripe.settleRefund(first.id, true);
    const news = stripe.webhooks.queued().filter((e) => e.type === 'charge.refunded');
    stripe.webhooks.clear();
    stripe.webhooks.hold = false;
    const last = news.at(-1);
    if (!last) throw new Error('no charge.refunded');
    expect((await stripe.webhooks.send(last)).status).toBe(200);
    const view = await details(paid.order.id);
    expect(view.refunds.map((r) => [r.amount, r.status]).sort()).toEqual([
      [100, 'succeeded'],
      [200, 'pending'],
    ]);
  });

  it('an event about a refund Stripe does not have, or one not ours (no refund number), settles nothing', async () => {
    const paid = await paidPack();
    stripe.holdRefunds = true;
    (await refund(paid.order.id, { reason: 'one', amount: 100 })).ok();
    await stripe.webhooks.idle();
    const [atStripe] = refundsAt(paid.intentId);
    if (!atStripe) throw new Error('no refund at Stripe');
    const created = lastEvent('refund.created', atStripe.id);
    const missing: Stripe.Event = structuredClone(created);
    missing.id = `${created.id}_missing`;
    (missing.data.object as Stripe.Refund).id = 're_not_at_stripe';
    (missing.data.object as Stripe.Refund).status = 'succeeded';
    const delivery = await stripe.webhooks.send(missing);
    expect(delivery.status).toBe(200);
    expect(JSON.parse(delivery.answer)).toMatchObject({ outcome: 'unknown_reference' });
    expect((await details(paid.order.id)).refunds.map((r) => r.status)).toEqual(['pending']);
  });
});
