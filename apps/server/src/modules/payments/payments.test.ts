import { getBill, getOrder } from '@app/contract/billing/orders';
import { listSavedPaymentMethods, startSavingPaymentMethod } from '@app/contract/billing/payment-methods';
import { createPayment, listPaymentProviders } from '@app/contract/billing/payments';
import { getMySubscription } from '@app/contract/billing/subscriptions';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditLedger, paymentNotifications, subscriptions } from '../../db/schema';
import { callEndpoint } from '../../test/call-endpoint';
import { createTestApp, signUpUser, type TestApp } from '../../test/test-app';
import {
  balanceOf,
  buyPlan,
  expireBillNow,
  ledgerExplains,
  postNotification,
  sandboxNotification,
  startPaying,
  submitCheckout,
  teamIdOf,
} from '../billing/billing.test-kit';
import { REFUSED_NOTICES_KEPT_PER_MINUTE } from './payments.service';

/**
 * Paying through the sandbox provider: its hosted page, its signed notifications, and the shared
 * handler that applies a payment once, checking amount and currency against the bill.
 */
describe('payments with the sandbox provider', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const outcomesOf = async (ref: string) =>
    (
      await t.platform.db
        .select({ outcome: paymentNotifications.outcome })
        .from(paymentNotifications)
        .where(eq(paymentNotifications.providerRef, ref))
    ).map((row) => row.outcome);

  it('offers the sandbox, in test mode, and says why no card can be saved (adding one is refused)', async () => {
    const user = await signUpUser(t.app);
    const providers = (await callEndpoint(t.app, listPaymentProviders, { as: user })).ok();
    expect(providers).toEqual({
      location: 'global',
      items: [{ method: 'sandbox', name: expect.any(String), test_mode: true, flow: 'redirect' }],
    });
    const saved = (await callEndpoint(t.app, listSavedPaymentMethods, { as: user })).ok();
    expect(saved.items).toEqual([]);
    // Said in a customer's terms (no provider names, no set-up steps).
    expect(saved.reason).toBe('Saving a card is not available yet: you pay each order when you place it.');
    expect(saved).toMatchObject({ can_add: false, can_manage: true });
    const refused = await callEndpoint(t.app, startSavingPaymentMethod, { as: user });
    expect(refused.status).toBe(409);
    expect(refused.error().msg).toBe(
      'Saving a card is not available yet: you pay each order when you place it.',
    );
  });

  it('the hosted page names a seeded plan in the reader’s language (no "套餐 1,000 credits")', async () => {
    const user = await signUpUser(t.app);
    const paying = await startPaying(t, user, 'credits_1000');
    if (paying.payment.next.kind !== 'redirect') throw new Error('the sandbox redirects');
    const page = await t.app.inject({
      url: paying.payment.next.url,
      headers: { 'accept-language': 'zh-CN' },
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('测试模式');
    expect(page.body).toContain('1,000 积分');
    expect(page.body).not.toContain('1,000 credits');
  });

  it('buying a plan from the hosted page: the page says test mode and runs no script; paying marks bill, order, subscription and credits at once', async () => {
    const user = await signUpUser(t.app);
    const teamId = await teamIdOf(t, user);
    const paying = await startPaying(t, user, 'pro_monthly');
    expect(paying.bill).toMatchObject({ status: 'unpaid', pay_amount: 1900, currency: 'USD' });
    expect(paying.order).toMatchObject({
      plan_name: 'Pro',
      plan_info: { validity: 1, validity_unit: 'month', validity_unit_alias: 'Month' },
      price: 1900,
      order_id: paying.order.id,
      kind: 'subscribe',
    });
    expect(paying.order.order_num).toMatch(/^\d{8}-\d{6}$/);

    if (paying.payment.next.kind !== 'redirect') throw new Error('the sandbox redirects');
    const page = await t.app.inject({ url: paying.payment.next.url });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('Test mode');
    expect(page.body).toContain(paying.order.order_num);
    expect(page.body).toContain('19.00 USD');
    expect(page.body).not.toMatch(/<script/i);
    expect(String(page.headers['content-security-policy'])).toContain("script-src 'self'");

    const paid = await submitCheckout(t, paying.session, 'pay');
    expect(paid.statusCode).toBe(200);
    expect(paid.body).toContain(`/payment/result?order_id=${paying.order.id}`);

    const bill = (await callEndpoint(t.app, getBill, { as: user, query: { id: paying.bill.id } })).ok();
    expect(bill.bill).toMatchObject({ status: 'paid', method: 'sandbox' });
    expect(bill.order).toMatchObject({ status: 'paid' });
    const sub = (await callEndpoint(t.app, getMySubscription, { as: user })).ok();
    expect(sub.subscription).toMatchObject({ plan_key: 'pro_monthly', status: 'active' });
    // The free grant's remainder expired; Pro's 2,000 were granted.
    expect(sub.credits).toMatchObject({ balance: 2000, granted: 2000, granted_remaining: 2000 });
    expect(await ledgerExplains(t, teamId)).toBe(true);
    const infos = (await t.app.inject({ url: '/api/user/basic-infos', headers: user.auth })).json();
    expect(infos.usm_quota).toMatchObject({ plan_key: 'pro_monthly', credits_balance: 2000 });
    expect(infos.usm_quota.storage_limit_bytes).toBe(10 * 1024 ** 3);
    expect(await outcomesOf(paying.ref)).toEqual(['applied']);
  });

  it('a notification replayed 10 times, concurrently and out of order, activates once', async () => {
    const user = await signUpUser(t.app);
    const teamId = await teamIdOf(t, user);
    const paying = await startPaying(t, user, 'pro_monthly');
    const data = { reference: paying.ref, amount: 1900, currency: 'USD' };
    const success = sandboxNotification(t, data, 'payment.succeeded', 'evt_replayed');
    const failure = sandboxNotification(t, data, 'payment.failed', 'evt_late_failure');
    // Ten copies of the success, and a failure that arrives in the middle of them.
    const sent = [
      ...Array.from({ length: 5 }, () => success),
      failure,
      ...Array.from({ length: 5 }, () => success),
    ];
    const answers = await Promise.all(sent.map((note) => postNotification(t, note)));
    expect(answers.every((res) => res.statusCode === 200)).toBe(true);
    const outcomes = answers.map((res) => res.json().outcome as string);
    expect(outcomes.filter((outcome) => outcome === 'applied')).toHaveLength(1);

    const rows = await t.platform.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.orderId, paying.order.id));
    expect(rows).toHaveLength(1);
    const grants = await t.platform.db
      .select()
      .from(creditLedger)
      .where(and(eq(creditLedger.referenceId, paying.order.id), eq(creditLedger.kind, 'grant')));
    expect(grants).toHaveLength(1);
    expect((await balanceOf(t, teamId)).balance).toBe(2000);
    expect(await ledgerExplains(t, teamId)).toBe(true);
    const order = (await callEndpoint(t.app, getOrder, { as: user, params: { id: paying.order.id } })).ok();
    expect(order.payments).toMatchObject([{ status: 'captured', amount: 1900 }]);
    expect(await outcomesOf(paying.ref)).toHaveLength(11);
  });

  it('a tampered amount or currency is refused and recorded; the bill stays unpaid until the true notification', async () => {
    const user = await signUpUser(t.app);
    const teamId = await teamIdOf(t, user);
    const paying = await startPaying(t, user, 'pro_monthly');
    const before = await balanceOf(t, teamId);

    // Signed by the provider but for another amount or currency than the bill.
    const cheap = await postNotification(
      t,
      sandboxNotification(t, { reference: paying.ref, amount: 1, currency: 'USD' }),
    );
    expect(cheap.json()).toEqual({ received: true, outcome: 'refused_amount' });
    const yen = await postNotification(
      t,
      sandboxNotification(t, { reference: paying.ref, amount: 1900, currency: 'JPY' }),
    );
    expect(yen.json()).toEqual({ received: true, outcome: 'refused_currency' });
    // Correctly signed, with amounts no bill has: refused as such, never a server error.
    for (const amount of [1e308, -1900, 1900.5, 2 ** 53]) {
      const odd = await postNotification(
        t,
        sandboxNotification(t, { reference: paying.ref, amount, currency: 'USD' }),
      );
      expect(odd.statusCode, `amount ${amount}`).toBe(200);
      expect(odd.json()).toEqual({ received: true, outcome: 'refused_amount' });
    }

    // The body changed after signing: the signature no longer verifies.
    const genuine = sandboxNotification(t, { reference: paying.ref, amount: 1900, currency: 'USD' });
    const forged = await postNotification(t, { ...genuine, rawBody: genuine.rawBody.replace('1900', '19') });
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toMatchObject({
      error_code: 'VALIDATION_ERROR',
      fields: { signature: expect.any(String) },
    });
    const unsigned = await postNotification(t, {
      rawBody: genuine.rawBody,
      headers: { 'content-type': 'application/json' },
    });
    expect(unsigned.statusCode).toBe(400);

    const bill = (await callEndpoint(t.app, getBill, { as: user, query: { id: paying.bill.id } })).ok();
    expect(bill.bill.status).toBe('unpaid');
    expect(await balanceOf(t, teamId)).toMatchObject({ balance: before.balance });
    const refusedSignatures = await t.platform.db
      .select()
      .from(paymentNotifications)
      .where(eq(paymentNotifications.outcome, 'refused_signature'));
    expect(refusedSignatures.length).toBeGreaterThanOrEqual(2);
    expect(await outcomesOf(paying.ref)).toEqual([
      'refused_amount',
      'refused_currency',
      'refused_amount',
      'refused_amount',
      'refused_amount',
      'refused_amount',
    ]);

    expect((await postNotification(t, genuine)).json().outcome).toBe('applied');
    expect((await balanceOf(t, teamId)).balance).toBe(2000);
  });

  it('a bill paid twice (two payments, both captured): the second is given back at once, once, and the order shows it; credits granted once', async () => {
    const user = await signUpUser(t.app);
    const teamId = await teamIdOf(t, user);
    const paying = await startPaying(t, user, 'pro_monthly');
    // A second payment of the same bill (another tab, another method), its own reference.
    const again = (
      await callEndpoint(t.app, createPayment, {
        as: user,
        body: { bill_id: paying.bill.id, method: 'sandbox' },
      })
    ).ok();
    if (again.next.kind !== 'redirect') throw new Error('the sandbox redirects');
    const session = new URL(again.next.url, 'http://x').searchParams.get('session') ?? '';
    const secondRef = JSON.parse(Buffer.from(session.split('.')[0] ?? '', 'base64url').toString())
      .ref as string;
    expect(secondRef).not.toBe(paying.ref);

    const first = sandboxNotification(t, { reference: paying.ref, amount: 1900, currency: 'USD' });
    expect((await postNotification(t, first)).json().outcome).toBe('applied');
    const second = sandboxNotification(t, { reference: secondRef, amount: 1900, currency: 'USD' });
    expect((await postNotification(t, second)).json().outcome).toBe('refused_paid');
    // Redelivered: nothing more is given back.
    expect((await postNotification(t, second)).json().outcome).toBe('refused_paid');

    const order = (await callEndpoint(t.app, getOrder, { as: user, params: { id: paying.order.id } })).ok();
    expect(order.payments.map((p) => p.status).sort()).toEqual(['captured', 'returned']);
    expect(await outcomesOf(secondRef)).toEqual(['refused_paid', 'returned', 'refused_paid']);
    const returned = await t.platform.db
      .select()
      .from(paymentNotifications)
      .where(
        and(eq(paymentNotifications.providerRef, secondRef), eq(paymentNotifications.outcome, 'returned')),
      );
    expect(returned[0]?.detail).toMatch(/^paid twice: given back as refund sbx_rf_/);
    expect((await balanceOf(t, teamId)).balance).toBe(2000);
  });

  it('300 unsigned notices: each refused, and at most the log cap of them kept (a caller who cannot sign fills no table)', async () => {
    const refused = async () =>
      (
        await t.platform.db
          .select()
          .from(paymentNotifications)
          .where(eq(paymentNotifications.outcome, 'refused_signature'))
      ).length;
    const before = await refused();
    const started = Date.now();
    for (let i = 0; i < 300; i += 1) {
      const res = await postNotification(t, {
        rawBody: JSON.stringify({ id: `evt_junk_${i}`, type: 'payment.succeeded', data: { reference: 'x' } }),
        headers: { 'content-type': 'application/json' },
      });
      expect(res.statusCode).toBe(400);
    }
    const kept = (await refused()) - before;
    // The cap is a minute's: a run that crosses into the next minute may keep that minute's too.
    const minutes = Math.ceil((Date.now() - started) / 60_000) + 1;
    expect(kept).toBeLessThanOrEqual(REFUSED_NOTICES_KEPT_PER_MINUTE * minutes);
    expect(kept).toBeLessThan(300);
    expect(kept).toBeGreaterThan(0);
  });

  it('an expired bill cannot be paid: the payment is refused, the page says so, a late notification is refused, the bill reads expired', async () => {
    const user = await signUpUser(t.app);
    const paying = await startPaying(t, user, 'pro_monthly');
    await expireBillNow(t, paying.bill.id);
    const again = await callEndpoint(t.app, createPayment, {
      as: user,
      body: { bill_id: paying.bill.id, method: 'sandbox' },
    });
    expect(again.error()).toMatchObject({ error_code: 'CONFLICT' });
    const late = await postNotification(
      t,
      sandboxNotification(t, { reference: paying.ref, amount: 1900, currency: 'USD' }),
    );
    expect(late.json().outcome).toBe('refused_expired');
    const bill = (await callEndpoint(t.app, getBill, { as: user, query: { id: paying.bill.id } })).ok();
    expect(bill.bill.status).toBe('expired');
    expect(bill.order?.status).toBe('expired');
    const sub = (await callEndpoint(t.app, getMySubscription, { as: user })).ok();
    expect(sub.subscription.plan_key).toBe('free');
  });

  it("'invalid bill number' for an unknown bill and for another team's; another team's order is NOT_FOUND", async () => {
    const alice = await signUpUser(t.app);
    const mallory = await signUpUser(t.app);
    const paying = await startPaying(t, alice, 'pro_monthly');
    for (const id of ['no-such-bill', paying.bill.id]) {
      const res = await callEndpoint(t.app, getBill, { as: mallory, query: { id } });
      expect(res.error()).toMatchObject({ error_code: 'NOT_FOUND', msg: 'invalid bill number' });
    }
    expect(
      (await callEndpoint(t.app, getOrder, { as: mallory, params: { id: paying.order.id } })).error()
        .error_code,
    ).toBe('NOT_FOUND');
    const pay = await callEndpoint(t.app, createPayment, {
      as: mallory,
      body: { bill_id: paying.bill.id, method: 'sandbox' },
    });
    expect(pay.error()).toMatchObject({ error_code: 'NOT_FOUND', msg: 'invalid bill number' });
  });

  it('failing or canceling on the hosted page leaves the bill unpaid and leads back to the payment page', async () => {
    const user = await signUpUser(t.app);
    const paying = await startPaying(t, user, 'credits_1000');
    const failed = await submitCheckout(t, paying.session, 'fail');
    expect(failed.body).toContain(`/payment?bill_id=${paying.bill.id}`);
    const bill = (await callEndpoint(t.app, getBill, { as: user, query: { id: paying.bill.id } })).ok();
    expect(bill.bill.status).toBe('unpaid');
    const forged = await submitCheckout(t, `${paying.session}x`, 'pay');
    expect(forged.body).toContain('not valid');
    // Paying after all (a new attempt on the same page) still works once.
    await submitCheckout(t, paying.session, 'pay');
    const teamId = await teamIdOf(t, user);
    expect((await balanceOf(t, teamId)).balance).toBe(1100);
  });

  it('buying a credit pack adds purchased credits that do not expire with the period', async () => {
    const user = await signUpUser(t.app);
    const teamId = await teamIdOf(t, user);
    await buyPlan(t, user, 'credits_1000');
    expect(await balanceOf(t, teamId)).toMatchObject({ balance: 1100, grantedRemaining: 100 });
  });
});
