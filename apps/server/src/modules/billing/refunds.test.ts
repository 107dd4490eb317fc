import { createServer } from 'node:http';
import { getAdminOrder, refundOrder } from '@app/contract/billing/admin-orders';
import { createPayment } from '@app/contract/billing/payments';
import { listPlans } from '@app/contract/billing/plans';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bills, creditLedger, inboxMessages, orders, payments } from '../../db/schema';
import { type Caller, callEndpoint } from '../../test/call-endpoint';
import { signInAdmin, signUpUser, type TestApp } from '../../test/test-app';
import {
  startWechatpayStandIn,
  type WechatpayStandIn,
} from '../../test/wechatpay-stand-in/wechatpay-stand-in';
import { billStatus, confirmPlan, grantsOf, saveKeys, startCnApp } from '../payments/cn-payments.test-kit';
import { RECONCILE_AFTER_MS, reconcileTrades } from '../payments/reconcile';
import { balanceOf, expireBillNow, ledgerExplains, teamIdOf } from './billing.test-kit';
import { expireBills } from './orders.repo';
import { creditsFor, reconcileRefunds } from './refunds.service';

/**
 * Refunds, full and partial, and reconciliation, against the WeChat Pay stand-in over real HTTP on
 * a real database (WeChat Pay because it confirms refunds later, as `PROCESSING`, and checks each
 * refund against the trade's total). The rules: a refund is ours by number and asked once; it is
 * pending until the provider confirms it; the ledger books each refund's own share of the credits,
 * never a running total; what is left to refund never goes below zero; a trade whose notice was
 * lost is paid by the next reconciliation; a trade still open when its bill expires is closed first,
 * and a payment it reports then is honoured.
 */
describe('refunds and reconciliation (WeChat Pay stand-in)', () => {
  let t: TestApp & { base: string };
  let wx: WechatpayStandIn;
  let admin: Caller;

  beforeAll(async () => {
    wx = await startWechatpayStandIn({ retryScheduleMs: [60, 60, 120, 200, 300] });
    t = await startCnApp();
    admin = await signInAdmin(t.app);
    (await saveKeys(t, admin, 'wechatpay', wx.vaultValues())).ok();
  });
  afterAll(async () => {
    await t.close();
    await wx.close();
  });
  beforeEach(async () => {
    await wx.notices.idle();
    wx.notices.clear();
    wx.notices.hold = false;
    wx.refundsProcessing = false;
  });

  /** A user who bought the 1,000-credit pack (49.00 CNY) with WeChat Pay, paid and applied. */
  async function paidPack() {
    const user = await signUpUser(t.app);
    const started = await start(user, 'credits_1000');
    await wx.pay(started.outTradeNo);
    await wx.notices.idle();
    expect(await billStatus(t, user, started.bill.id)).toBe('paid');
    return { user, ...started, teamId: await teamIdOf(t, user) };
  }

  async function start(user: Caller, key: string) {
    const made = await confirmPlan(t, user, key);
    const payment = (
      await callEndpoint(t.app, createPayment, {
        as: user,
        body: { bill_id: made.bill.id, method: 'wechatpay', app_type: 'pc_web' },
      })
    ).ok();
    return { ...made, outTradeNo: payment.payment_id.replaceAll('-', '') };
  }

  const refund = (orderId: string, body: { reason: string; amount?: number; request_id?: string }) =>
    callEndpoint(t.app, refundOrder, { as: admin, params: { id: orderId }, body });

  const details = async (orderId: string) =>
    (await callEndpoint(t.app, getAdminOrder, { as: admin, params: { id: orderId } })).ok();

  const refundEntries = async (orderId: string) =>
    (
      await t.platform.db
        .select({ amount: creditLedger.amount })
        .from(creditLedger)
        .where(and(eq(creditLedger.referenceId, orderId), eq(creditLedger.kind, 'refund')))
        .orderBy(asc(creditLedger.createdAt))
    ).map((row) => row.amount);

  const refundsAt = (outTradeNo: string) => wx.refunds().filter((r) => r.out_trade_no === outTradeNo);

  it('with a real provider offered (WeChat Pay, live keys), the plans page says nothing of test mode', async () => {
    const plans = (await callEndpoint(t.app, listPlans, { as: await signUpUser(t.app) })).ok();
    expect(plans.test_mode).toBe(false);
  });

  it("a refund's credits are the order's in proportion, and the shares add up to all of them", () => {
    const order = { credits: 1000, payAmount: 4900 };
    expect(creditsFor(order, 1633)).toBe(333);
    expect(creditsFor(order, 3266) - creditsFor(order, 1633)).toBe(333);
    expect(creditsFor(order, 4900) - creditsFor(order, 3266)).toBe(334);
    expect(creditsFor({ credits: 1000, payAmount: 0 }, 0)).toBe(1000);
  });

  it('three partial refunds: each its own number and share in the ledger, the last one closes the order; asking again refunds nothing', async () => {
    const paid = await paidPack();
    const orderNum = paid.order.order_num;
    const before = (await balanceOf(t, paid.teamId)).balance;

    const first = (
      await refund(paid.order.id, { reason: 'one third', amount: 1633, request_id: 'req-first-1' })
    ).ok();
    expect(first.refund).toMatchObject({
      refund_no: `${orderNum}R1`,
      status: 'succeeded',
      amount: 1633,
      credits_reversed: 333,
    });
    expect(first.order.status).toBe('paid');
    // The same request again (a retried click): the same refund, nothing more at WeChat Pay.
    const again = (
      await refund(paid.order.id, { reason: 'one third', amount: 1633, request_id: 'req-first-1' })
    ).ok();
    expect(again.refund.id).toBe(first.refund.id);
    expect(refundsAt(paid.outTradeNo)).toHaveLength(1);

    // More than is left: refused, naming the field, and nothing changes.
    const tooMuch = await refund(paid.order.id, { reason: 'too much', amount: 4900 - 1633 + 1 });
    expect([tooMuch.status, Object.keys(tooMuch.error().fields ?? {})]).toEqual([400, ['amount']]);
    expect(refundsAt(paid.outTradeNo)).toHaveLength(1);
    expect((await details(paid.order.id)).refundable_amount).toBe(4900 - 1633);

    const second = (await refund(paid.order.id, { reason: 'another third', amount: 1633 })).ok();
    expect(second.refund).toMatchObject({ refund_no: `${orderNum}R2`, credits_reversed: 333 });
    // What is left, when no amount is given.
    const last = (await refund(paid.order.id, { reason: 'the rest' })).ok();
    expect(last.refund).toMatchObject({ refund_no: `${orderNum}R3`, amount: 1634, credits_reversed: 334 });
    expect(last.order.status).toBe('refunded');
    expect(await billStatus(t, paid.user, paid.bill.id)).toBe('refunded');

    // WeChat Pay refunded 4,900 fen in three refunds, each against the trade's total.
    expect(
      refundsAt(paid.outTradeNo).map((r) => [r.out_refund_no, r.amount.refund, r.amount.total, r.status]),
    ).toEqual([
      [`${orderNum}R1`, 1633, 4900, 'SUCCESS'],
      [`${orderNum}R2`, 1633, 4900, 'SUCCESS'],
      [`${orderNum}R3`, 1634, 4900, 'SUCCESS'],
    ]);
    // The ledger: each refund's own share, never a running total; the balance is explained.
    expect(await refundEntries(paid.order.id)).toEqual([-333, -333, -334]);
    expect((await balanceOf(t, paid.teamId)).balance).toBe(before - 1000);
    expect(await ledgerExplains(t, paid.teamId)).toBe(true);

    const view = await details(paid.order.id);
    expect([view.refundable, view.refundable_amount]).toEqual([false, 0]);
    expect(view.refunds.map((r) => [r.refund_no, r.status, r.amount])).toEqual([
      [`${orderNum}R1`, 'succeeded', 1633],
      [`${orderNum}R2`, 'succeeded', 1633],
      [`${orderNum}R3`, 'succeeded', 1634],
    ]);
    const more = await refund(paid.order.id, { reason: 'once more' });
    expect(more.status).toBe(409);
  });

  it('a refund WeChat Pay is still processing stays pending (no credits move) until reconciliation hears it succeeded', async () => {
    const paid = await paidPack();
    const before = (await balanceOf(t, paid.teamId)).balance;
    wx.refundsProcessing = true;
    const made = (await refund(paid.order.id, { reason: 'half', amount: 2450 })).ok();
    expect(made.refund).toMatchObject({ status: 'pending', credits_reversed: 0 });
    expect((await balanceOf(t, paid.teamId)).balance).toBe(before);
    // A pending refund holds its amount: only the rest can be refunded meanwhile.
    expect((await details(paid.order.id)).refundable_amount).toBe(2450);

    await reconcileRefunds(t.platform);
    expect((await details(paid.order.id)).refunds[0]?.status).toBe('pending');

    // Its notice is lost (held here): the next reconciliation asks and hears it succeeded.
    wx.notices.hold = true;
    wx.settleRefunds();
    await reconcileRefunds(t.platform);
    await reconcileRefunds(t.platform);
    const view = await details(paid.order.id);
    expect(view.refunds.map((r) => [r.status, r.credits_reversed])).toEqual([['succeeded', 500]]);
    expect(await refundEntries(paid.order.id)).toEqual([-500]);
    expect((await balanceOf(t, paid.teamId)).balance).toBe(before - 500);
    expect(await ledgerExplains(t, paid.teamId)).toBe(true);
  });

  it("WeChat Pay's REFUND.SUCCESS notice settles a pending refund at once (asked of WeChat Pay, not taken from the notice), once", async () => {
    const paid = await paidPack();
    wx.refundsProcessing = true;
    const made = (await refund(paid.order.id, { reason: 'a fifth', amount: 980 })).ok();
    expect(made.refund.status).toBe('pending');
    wx.settleRefunds();
    await wx.notices.idle();
    const view = await details(paid.order.id);
    expect(view.refunds.map((r) => [r.status, r.credits_reversed])).toEqual([['succeeded', 200]]);
    expect(view.notifications.map((n) => n.outcome)).toContain('recorded');
    // Delivered again: acknowledged, nothing moves twice.
    const [notice] = wx.notices.events.filter((e) => e.event_type === 'REFUND.SUCCESS').slice(-1);
    if (!notice) throw new Error('no refund notice');
    expect((await wx.notices.send(notice)).status).toBe(204);
    expect(await refundEntries(paid.order.id)).toEqual([-200]);
    expect(await ledgerExplains(t, paid.teamId)).toBe(true);
  });

  it('a refund WeChat Pay refuses fails (the amount is free again, the operators are told); one it never answered is asked again under the same number', async () => {
    const paid = await paidPack();
    wx.failNext('POST', /\/v3\/refund\/domestic\/refunds$/, 400, 'NOT_ENOUGH');
    const refused = (await refund(paid.order.id, { reason: 'refused', amount: 1000 })).ok();
    expect(refused.refund).toMatchObject({ status: 'failed', failure: 'NOT_ENOUGH', credits_reversed: 0 });
    expect((await details(paid.order.id)).refundable_amount).toBe(4900);
    const told = await t.platform.db
      .select({ params: inboxMessages.bodyParams, link: inboxMessages.link })
      .from(inboxMessages)
      .where(eq(inboxMessages.titleKey, 'A refund failed'));
    expect(told.map((row) => (row.params as { refund?: string } | null)?.refund)).toContain(
      refused.refund.refund_no,
    );

    wx.failNext('POST', /\/v3\/refund\/domestic\/refunds$/, 500, 'SYSTEM_ERROR');
    const unanswered = (await refund(paid.order.id, { reason: 'asked again', amount: 1000 })).ok();
    expect(unanswered.refund).toMatchObject({ status: 'pending' });
    expect(unanswered.refund.failure).toBeTruthy();
    await reconcileRefunds(t.platform);
    const view = await details(paid.order.id);
    const settled = view.refunds.find((r) => r.id === unanswered.refund.id);
    expect(settled).toMatchObject({ status: 'succeeded', credits_reversed: 204, failure: null });
    expect(refundsAt(paid.outTradeNo).map((r) => r.out_refund_no)).toEqual([unanswered.refund.refund_no]);
  });

  /**
   * WeChat Pay seen through a relay that, on the refund's request, forwards it (WeChat Pay makes
   * the refund), runs `meanwhile`, and then loses the answer (a 500, as a timeout would leave it).
   */
  async function relayLosingRefundAnswer(meanwhile: () => Promise<void>) {
    const relay = createServer(async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const headers = Object.fromEntries(
        Object.entries(req.headers).filter(
          (entry): entry is [string, string] => typeof entry[1] === 'string' && entry[0] !== 'host',
        ),
      );
      const method = req.method ?? 'GET';
      const answer = await fetch(`${wx.url}${req.url ?? ''}`, {
        method,
        headers,
        body: chunks.length ? Buffer.concat(chunks) : undefined,
      });
      const body = Buffer.from(await answer.arrayBuffer());
      if (method === 'POST' && req.url?.endsWith('/v3/refund/domestic/refunds')) {
        await meanwhile();
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ code: 'SYSTEM_ERROR', message: 'answer lost' }));
        return;
      }
      const kept = [...answer.headers].filter(
        ([name]) => !['content-length', 'transfer-encoding'].includes(name),
      );
      res.writeHead(answer.status, Object.fromEntries(kept));
      res.end(body);
    });
    await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
    const address = relay.address();
    if (!address || typeof address === 'string') throw new Error('the relay has no port');
    (
      await saveKeys(t, admin, 'wechatpay', {
        ...wx.vaultValues(),
        base_url: `http://127.0.0.1:${address.port}`,
      })
    ).ok();
    return async () => {
      (await saveKeys(t, admin, 'wechatpay', wx.vaultValues())).ok();
      await new Promise((resolve) => relay.close(resolve));
    };
  }

  it("a refund settled while WeChat Pay's answer to it was lost stays settled: the lost answer writes nothing on it", async () => {
    const paid = await paidPack();
    wx.notices.hold = true;
    // Reconciliation asks WeChat Pay about the refund meanwhile and settles it.
    const restore = await relayLosingRefundAnswer(async () => {
      await reconcileRefunds(t.platform);
    });
    try {
      (await refund(paid.order.id, { reason: 'half', amount: 2450 })).ok();
    } finally {
      await restore();
    }
    const [settled] = (await details(paid.order.id)).refunds;
    expect(settled).toMatchObject({ status: 'succeeded', credits_reversed: 500, failure: null });
    expect(refundsAt(paid.outTradeNo)).toHaveLength(1);
  });

  it('a trade whose notice was lost is paid by the reconciliation after two minutes, once; the late notice changes nothing', async () => {
    const user = await signUpUser(t.app);
    const started = await start(user, 'credits_1000');
    wx.notices.hold = true;
    await wx.pay(started.outTradeNo);
    expect(await billStatus(t, user, started.bill.id)).toBe('unpaid');
    // Younger than two minutes: not asked yet (its notice may still come).
    expect((await reconcileTrades(t.platform)).asked).toBe(0);
    const later = new Date(Date.now() + RECONCILE_AFTER_MS + 1000);
    const report = await reconcileTrades(t.platform, later);
    expect(report).toMatchObject({ paid: 1, failed: 0 });
    expect(await billStatus(t, user, started.bill.id)).toBe('paid');
    await wx.notices.flush();
    await wx.notices.idle();
    await reconcileTrades(t.platform, later);
    expect(await grantsOf(t, started.order.id)).toHaveLength(1);
  });

  it('at expiry an open trade is closed first: one the payer paid in time is honoured, an unpaid one is closed and its payment canceled', async () => {
    const user = await signUpUser(t.app);
    const paidInTime = await start(user, 'credits_1000');
    wx.notices.hold = true;
    await wx.pay(paidInTime.outTradeNo);
    const unpaid = await start(await signUpUser(t.app), 'credits_1000');
    for (const bill of [paidInTime.bill.id, unpaid.bill.id]) await expireBillNow(t, bill);
    await expireBills(t.platform.db, new Date());
    expect(await billStatus(t, user, paidInTime.bill.id)).toBe('expired');

    await reconcileTrades(t.platform, new Date(Date.now() + RECONCILE_AFTER_MS + 1000));
    expect(await billStatus(t, user, paidInTime.bill.id)).toBe('paid');
    expect(await grantsOf(t, paidInTime.order.id)).toHaveLength(1);
    expect(wx.order(unpaid.outTradeNo).trade_state).toBe('CLOSED');
    const [closed] = await t.platform.db.select().from(payments).where(eq(payments.billId, unpaid.bill.id));
    expect(closed?.status).toBe('canceled');
    const [order] = await t.platform.db.select().from(orders).where(eq(orders.id, unpaid.order.id));
    expect(order?.status).toBe('expired');
  });

  it('a payment that does not match its bill is not applied and goes to the operators', async () => {
    const user = await signUpUser(t.app);
    const started = await start(user, 'credits_1000');
    wx.notices.hold = true;
    await wx.pay(started.outTradeNo);
    // The bill says 50.00 while WeChat Pay took 49.00 for its trade.
    await t.platform.db.update(bills).set({ amount: 5000 }).where(eq(bills.id, started.bill.id));
    await reconcileTrades(t.platform, new Date(Date.now() + RECONCILE_AFTER_MS + 1000));
    expect(await billStatus(t, user, started.bill.id)).toBe('unpaid');
    const told = await t.platform.db
      .select({ params: inboxMessages.bodyParams, link: inboxMessages.link })
      .from(inboxMessages)
      .where(eq(inboxMessages.titleKey, 'A payment does not match its bill'));
    expect(told.map((row) => row.params)).toContainEqual(
      expect.objectContaining({ paid: '49.00 CNY', billed: '50.00 CNY', outcome: 'refused_amount' }),
    );
  });
});
