import { generateKeyPairSync } from 'node:crypto';
import { testForeignKey } from '@app/contract/admin/foreign-keys/foreign-keys';
import { getAdminOrder, refundOrder } from '@app/contract/billing/admin-orders';
import { createAlipayPayment, createPayment, listPaymentProviders } from '@app/contract/billing/payments';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type AlipayStandIn, startAlipayStandIn } from '../../../test/alipay-stand-in/alipay-stand-in';
import { readForm } from '../../../test/alipay-stand-in/protocol';
import { type Caller, callEndpoint } from '../../../test/call-endpoint';
import { signInAdmin, signUpUser, type TestApp } from '../../../test/test-app';
import {
  startWechatpayStandIn,
  type WechatpayStandIn,
} from '../../../test/wechatpay-stand-in/wechatpay-stand-in';
import { balanceOf, ledgerExplains, teamIdOf } from '../../billing/billing.test-kit';
import {
  billStatus,
  confirmPlan,
  grantsOf,
  notificationsOf,
  outcomesOf,
  paymentRow,
  paymentsOfBill,
  refusedSince,
  saveKeys,
  setPlanPrice,
  startCnApp,
  until,
} from '../cn-payments.test-kit';
import { REFUSED_NOTICES_KEPT_PER_MINUTE } from '../payments.service';

/**
 * Paying a bill with Alipay against the repository's Alipay stand-in over real HTTP (`alipay-sdk`
 * as our client, the stand-in's own node:crypto on the other side), on a real database, the app in
 * location `cn` listening for the stand-in's notices; and, with the WeChat Pay stand-in beside it,
 * one bill paid with both. A notice is applied once whatever is redelivered and answered exactly
 * `success`; one that does not verify with Alipay's key is answered `fail` and changes nothing;
 * yuan are read as whole fen, never through a float; `return_url` is navigation, not payment.
 */
describe('payments with Alipay (stand-in)', () => {
  let t: TestApp & { base: string };
  let ali: AlipayStandIn;
  let wx: WechatpayStandIn;
  let admin: Caller;
  const english = { 'accept-language': 'en-US' };

  beforeAll(async () => {
    // The retry schedule compressed: 4 min, 10 min, … become tens of milliseconds.
    ali = await startAlipayStandIn({ retryScheduleMs: [60, 120, 200, 300, 400, 500, 600] });
    wx = await startWechatpayStandIn({ retryScheduleMs: [60, 60, 120] });
    t = await startCnApp();
    admin = await signInAdmin(t.app);
    (await saveKeys(t, admin, 'alipay', ali.vaultValues())).ok();
    (await saveKeys(t, admin, 'wechatpay', wx.vaultValues())).ok();
  });
  afterAll(async () => {
    await t.close();
    await ali.close();
    await wx.close();
  });
  beforeEach(async () => {
    await ali.notices.idle();
    await wx.notices.idle();
    ali.notices.clear();
    ali.notices.hold = false;
    wx.notices.clear();
    wx.notices.hold = false;
  });

  /** Confirms a plan and starts paying it with Alipay: the order, bill, payment, trade number and form. */
  async function startAlipay(who: Caller, key = 'pro_monthly', appType: 'pc_web' | 'mb_web' = 'pc_web') {
    const made = await confirmPlan(t, who, key);
    const payment = (
      await callEndpoint(t.app, createPayment, {
        as: who,
        body: { bill_id: made.bill.id, method: 'alipay', app_type: appType },
      })
    ).ok();
    if (payment.next.kind !== 'form') throw new Error('Alipay answers a form');
    return {
      ...made,
      payment,
      outTradeNo: payment.payment_id.replaceAll('-', ''),
      form: payment.next.form_html,
    };
  }

  /** The payer opens Alipay's cashier and pays: the notice Alipay makes, held. */
  async function paidNotice(form: string, outTradeNo: string) {
    expect((await ali.submitForm(form)).status).toBe(200);
    ali.notices.hold = true;
    await ali.pay(outTradeNo);
    const [notice] = ali.notices.queued();
    ali.notices.clear();
    if (!notice) throw new Error('no notice');
    return notice;
  }

  it('in location cn Alipay is offered on a desktop and in a phone browser, not inside WeChat; WeChat Pay the other way round', async () => {
    const user = await signUpUser(t.app);
    const methods = async (appType?: 'pc_web' | 'wx_web' | 'mb_web') =>
      (
        await callEndpoint(t.app, listPaymentProviders, {
          as: user,
          query: appType ? { app_type: appType } : {},
        })
      )
        .ok()
        .items.map((item) => [item.method, item.flow]);
    // The sandbox is not offered beside real providers (PAYMENTS_SANDBOX=auto).
    expect(await methods('pc_web')).toEqual([
      ['wechatpay', 'qrcode'],
      ['alipay', 'form'],
    ]);
    expect(await methods('mb_web')).toEqual([['alipay', 'form']]);
    expect(await methods('wx_web')).toEqual([['wechatpay', 'qrcode']]);
    // Inside WeChat Alipay cannot be paid either: its browser does not open Alipay.
    const made = await confirmPlan(t, user);
    const refused = await callEndpoint(t.app, createPayment, {
      as: user,
      body: { bill_id: made.bill.id, method: 'alipay', app_type: 'wx_web' },
    });
    expect([refused.status, Object.keys(refused.error().fields ?? {})]).toEqual([400, ['app_type']]);
  });

  it('a desktop gets the page-pay form signed with the app key: the bill in yuan ("99.00"), time_expire the bill’s expiry, notify_url and return_url under PUBLIC_URL', async () => {
    const user = await signUpUser(t.app);
    const paying = await startAlipay(user);
    const form = readForm(paying.form);
    expect(form.method).toBe('post');
    expect(form.action.startsWith(`${ali.gateway}?`)).toBe(true);
    const params = Object.fromEntries(new URL(form.action).searchParams);
    expect(params).toMatchObject({
      app_id: ali.app.appId,
      method: 'alipay.trade.page.pay',
      sign_type: 'RSA2',
      charset: 'utf-8',
      notify_url: `${t.base}/api/payments/notify/alipay`,
      return_url: `${t.base}/payment/result?order_id=${paying.order.id}`,
    });
    const expire = new Date(paying.payment.expire_time * 1000 + 8 * 3600_000).toISOString();
    expect(JSON.parse(form.fields.biz_content ?? '{}')).toEqual({
      out_trade_no: paying.outTradeNo,
      total_amount: '99.00',
      subject: expect.stringContaining(paying.order.order_num),
      time_expire: `${expire.slice(0, 10)} ${expire.slice(11, 19)}`,
      product_code: 'FAST_INSTANT_TRADE_PAY',
    });
    // Alipay makes the trade when the payer opens its page, not before.
    expect(ali.hasTrade(paying.outTradeNo)).toBe(false);
    const cashier = await ali.submitForm(paying.form);
    expect(cashier.status).toBe(200);
    expect(cashier.html).toContain('¥99.00');
    expect(ali.trade(paying.outTradeNo)).toMatchObject({
      trade_status: 'WAIT_BUYER_PAY',
      total_amount: '99.00',
    });
    expect(await paymentRow(t, 'alipay', paying.outTradeNo)).toMatchObject({
      status: 'pending',
      amount: 9900,
    });
  });

  it('the generic start on a desktop carries Alipay’s code page beside its form (qrcode_page_url: page pay, qr_pay_mode 4, 180 wide, the same trade), for the dialog’s frame; a phone’s has none', async () => {
    const desktop = await startAlipay(await signUpUser(t.app));
    if (desktop.payment.next.kind !== 'form') throw new Error('Alipay answers a form');
    const code = new URL(desktop.payment.next.qrcode_page_url ?? '');
    expect(`${code.origin}${code.pathname}`).toBe(ali.gateway);
    expect(code.searchParams.get('method')).toBe('alipay.trade.page.pay');
    expect(JSON.parse(code.searchParams.get('biz_content') ?? '{}')).toMatchObject({
      out_trade_no: desktop.outTradeNo,
      qr_pay_mode: '4',
      qrcode_width: 180,
    });
    const framed = await ali.open(code.toString());
    expect([framed.status, framed.html.includes('width:180px')]).toEqual([200, true]);

    const phone = await startAlipay(await signUpUser(t.app), 'pro_monthly', 'mb_web');
    expect(phone.payment.next).not.toHaveProperty('qrcode_page_url');
    expect(readForm(phone.form).action).toContain('method=alipay.trade.wap.pay');
  });

  it('paid on the cashier: the browser is sent to return_url (navigation only: the bill stays unpaid), then the signed notice is answered exactly "success" and grants once', async () => {
    const user = await signUpUser(t.app);
    const teamId = await teamIdOf(t, user);
    const paying = await startAlipay(user);
    const cashier = await ali.submitForm(paying.form);
    ali.notices.hold = true;
    // The cashier's Pay button, as a browser presses it.
    const button = readForm(cashier.html);
    const paid = await fetch(new URL(button.action, ali.url), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'action=pay',
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
    const returned = new URL(paid.headers.get('location') ?? '');
    expect(`${returned.origin}${returned.pathname}`).toBe(`${t.base}/payment/result`);
    expect(returned.searchParams.get('out_trade_no')).toBe(paying.outTradeNo);
    // The browser came back with signed parameters; nothing is paid until the notice.
    expect(await billStatus(t, user, paying.bill.id)).toBe('unpaid');

    const [delivered] = await ali.notices.flush();
    expect(delivered).toMatchObject({ status: 200, answer: 'success' });
    expect(await billStatus(t, user, paying.bill.id)).toBe('paid');
    expect((await balanceOf(t, teamId)).balance).toBe(2000);
    expect(await ledgerExplains(t, teamId)).toBe(true);
    expect(await outcomesOf(t, 'alipay', paying.outTradeNo)).toEqual(['applied']);
  });

  it('the same notice 10 times at once, then again: one payment, one grant, every delivery answered "success"', async () => {
    const user = await signUpUser(t.app);
    const teamId = await teamIdOf(t, user);
    const paying = await startAlipay(user, 'credits_1000');
    const notice = await paidNotice(paying.form, paying.outTradeNo);
    const many = await ali.notices.replay(notice.notify_id ?? '', 10, true);
    const again = await ali.notices.send(notice);
    expect([...many, again].map((d) => [d.status, d.answer])).toEqual(Array(11).fill([200, 'success']));
    expect(await grantsOf(t, paying.order.id)).toHaveLength(1);
    expect((await balanceOf(t, teamId)).balance).toBe(1100);
    const outcomes = await outcomesOf(t, 'alipay', paying.outTradeNo);
    expect(outcomes.filter((o) => o === 'applied')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'duplicate')).toHaveLength(10);
  });

  it('a changed byte, a notice signed with the app’s own key, an unsigned one: answered "fail", recorded, nothing changes', async () => {
    const user = await signUpUser(t.app);
    const teamId = await teamIdOf(t, user);
    const paying = await startAlipay(user);
    const notice = await paidNotice(paying.form, paying.outTradeNo);
    const since = new Date(Date.now() - 1000);
    const refused = [
      await ali.notices.send(notice, {
        tamper: (body) => body.replace('total_amount=99.00', 'total_amount=99.01'),
      }),
      await ali.notices.send(notice, { signWith: ali.app.privateKey }),
      await ali.notices.send({ ...notice, sign: '' }),
    ];
    for (const delivery of refused) {
      expect([delivery.status, delivery.answer]).toEqual([400, 'fail']);
    }
    expect(await billStatus(t, user, paying.bill.id)).toBe('unpaid');
    expect(await outcomesOf(t, 'alipay', paying.outTradeNo)).toEqual([]);
    expect((await refusedSince(t, 'alipay', since)).map((row) => row.detail)).toEqual([
      'signature does not verify with the Alipay public key',
      'signature does not verify with the Alipay public key',
      'the notice is not signed',
    ]);
    expect((await ali.notices.send(notice)).answer).toBe('success');
    expect((await balanceOf(t, teamId)).balance).toBe(2000);
  });

  it('"9.79" yuan on a 980-fen bill is refused (refused_amount) and acknowledged; "9.80" is applied', async () => {
    await setPlanPrice(t, 'credits_1000', 980);
    try {
      const user = await signUpUser(t.app);
      const teamId = await teamIdOf(t, user);
      const paying = await startAlipay(user, 'credits_1000');
      expect(paying.bill.pay_amount).toBe(980);
      expect(JSON.parse(readForm(paying.form).fields.biz_content ?? '{}').total_amount).toBe('9.80');
      await ali.submitForm(paying.form);
      const short = ali.notices.forge(paying.outTradeNo, {
        trade_status: 'TRADE_SUCCESS',
        total_amount: '9.79',
      });
      expect(await ali.notices.send(short)).toMatchObject({ status: 200, answer: 'success' });
      expect(await outcomesOf(t, 'alipay', paying.outTradeNo)).toEqual(['refused_amount']);
      expect(await billStatus(t, user, paying.bill.id)).toBe('unpaid');

      await ali.pay(paying.outTradeNo);
      await ali.notices.idle();
      expect(ali.notices.deliveries.at(-1)?.body).toContain('total_amount=9.80');
      expect(await outcomesOf(t, 'alipay', paying.outTradeNo)).toEqual(['refused_amount', 'applied']);
      expect((await balanceOf(t, teamId)).balance).toBe(1100);
    } finally {
      await setPlanPrice(t, 'credits_1000', 4900);
    }
  });

  it('a notice in USD (trans_currency) on a CNY bill is refused (refused_currency); the bill stays unpaid', async () => {
    const user = await signUpUser(t.app);
    const paying = await startAlipay(user);
    await ali.submitForm(paying.form);
    const usd = ali.notices.forge(paying.outTradeNo, {
      trade_status: 'TRADE_SUCCESS',
      trans_currency: 'USD',
    });
    expect((await ali.notices.send(usd)).answer).toBe('success');
    expect(await outcomesOf(t, 'alipay', paying.outTradeNo)).toEqual(['refused_currency']);
    expect(await billStatus(t, user, paying.bill.id)).toBe('unpaid');
  });

  it('delivered again until exactly "success": Alipay signs with a new key, its notices are answered "fail" until an admin saves its new public key, then the next retry is applied', async () => {
    const user = await signUpUser(t.app);
    const teamId = await teamIdOf(t, user);
    const paying = await startAlipay(user, 'credits_1000');
    await ali.submitForm(paying.form);
    ali.rotateKey();
    await ali.pay(paying.outTradeNo);
    await until(() =>
      ali.notices.deliveries.some((d) => d.body.includes(paying.outTradeNo) && d.answer === 'fail'),
    );
    expect(await billStatus(t, user, paying.bill.id)).toBe('unpaid');
    (await saveKeys(t, admin, 'alipay', ali.vaultValues())).ok();
    await ali.notices.idle();
    const attempts = ali.notices.deliveries.filter((d) => d.body.includes(paying.outTradeNo));
    expect(attempts.at(-1)).toMatchObject({ answer: 'success' });
    expect(attempts.at(-1)?.attempt).toBeGreaterThan(1);
    expect(attempts.slice(0, -1).every((d) => d.answer === 'fail')).toBe(true);
    expect((await balanceOf(t, teamId)).balance).toBe(1100);
  });

  it('the spec’s GET …/alipay/create: on a desktop alipay_qrcode (page pay, qr_pay_mode 4, qrcode_width from the query) and alipay_form; on a phone the wap-pay form and no code; bad widths, WeChat’s browser and another team’s order refused', async () => {
    const user = await signUpUser(t.app);
    const made = await confirmPlan(t, user, 'credits_1000');
    const create = (
      query: { app_type?: 'pc_web' | 'wx_web' | 'mb_web'; qrcode_width?: number },
      who: Caller = user,
    ) =>
      callEndpoint(t.app, createAlipayPayment, {
        as: who,
        query: { order_id: made.order.id, ...query },
        headers: english,
      });

    const desktop = (await create({ app_type: 'pc_web', qrcode_width: 240 })).ok();
    expect(desktop.expire_time).toBe(made.bill.expire_time);
    const code = new URL(desktop.alipay_qrcode ?? '');
    expect(`${code.origin}${code.pathname}`).toBe(ali.gateway);
    expect(code.searchParams.get('method')).toBe('alipay.trade.page.pay');
    expect(JSON.parse(code.searchParams.get('biz_content') ?? '{}')).toMatchObject({
      qr_pay_mode: '4',
      qrcode_width: 240,
      total_amount: '49.00',
      product_code: 'FAST_INSTANT_TRADE_PAY',
    });
    const framed = await ali.open(desktop.alipay_qrcode ?? '');
    expect([framed.status, framed.html.includes('width:240px')]).toEqual([200, true]);
    expect(readForm(desktop.alipay_form).action).toContain('method=alipay.trade.page.pay');
    // The same trade either way: the code and the form pay one trade number.
    const trade = desktop.payment_id.replaceAll('-', '');
    expect(JSON.parse(readForm(desktop.alipay_form).fields.biz_content ?? '{}').out_trade_no).toBe(trade);
    // The spec's default width.
    const byDefault = (await create({})).ok();
    expect(
      JSON.parse(new URL(byDefault.alipay_qrcode ?? '').searchParams.get('biz_content') ?? '{}').qrcode_width,
    ).toBe(180);

    const phone = (await create({ app_type: 'mb_web' })).ok();
    expect(phone.alipay_qrcode).toBeNull();
    const wap = readForm(phone.alipay_form);
    expect(wap.action).toContain('method=alipay.trade.wap.pay');
    expect(JSON.parse(wap.fields.biz_content ?? '{}')).toMatchObject({
      product_code: 'QUICK_WAP_WAY',
      quit_url: `${t.base}/payment?bill_id=${made.bill.id}&order_id=${made.order.id}`,
    });
    expect((await ali.submitForm(phone.alipay_form)).status).toBe(200);

    const inWechat = await create({ app_type: 'wx_web' });
    expect([inWechat.status, inWechat.error().fields]).toEqual([
      400,
      { app_type: 'Alipay does not open inside WeChat: pay with WeChat Pay' },
    ]);
    const tooNarrow = await create({ qrcode_width: 20 });
    expect([tooNarrow.status, Object.keys(tooNarrow.error().fields ?? {})]).toEqual([400, ['qrcode_width']]);
    const stranger = await signUpUser(t.app);
    const theirs = await create({}, stranger);
    expect([theirs.status, theirs.error().error_code]).toEqual([404, 'NOT_FOUND']);
  });

  it('one bill paid with both WeChat Pay and Alipay: one grant; the second capture (Alipay) is refunded at Alipay once, in full, never granted', async () => {
    const user = await signUpUser(t.app);
    const teamId = await teamIdOf(t, user);
    const made = await confirmPlan(t, user);
    const viaWechat = (
      await callEndpoint(t.app, createPayment, {
        as: user,
        body: { bill_id: made.bill.id, method: 'wechatpay' },
      })
    ).ok();
    const viaAlipay = (
      await callEndpoint(t.app, createPayment, {
        as: user,
        body: { bill_id: made.bill.id, method: 'alipay' },
      })
    ).ok();
    if (viaAlipay.next.kind !== 'form') throw new Error('Alipay answers a form');
    const wechatTrade = viaWechat.payment_id.replaceAll('-', '');
    const alipayTrade = viaAlipay.payment_id.replaceAll('-', '');
    await ali.submitForm(viaAlipay.next.form_html);
    // The payer pays both before either notice arrives.
    wx.notices.hold = true;
    ali.notices.hold = true;
    await wx.pay(wechatTrade);
    await ali.pay(alipayTrade);
    expect((await wx.notices.flush()).map((d) => d.status)).toEqual([204]);
    const [alipayDelivery] = await ali.notices.flush();
    expect(alipayDelivery?.answer).toBe('success');
    // The payment's notice again (the refund that gave it back made a notice of its own).
    const redelivered = await ali.notices.send(ali.notices.events.findLast((e) => !e.out_biz_no) ?? {});
    expect(redelivered.answer).toBe('success');

    expect(await grantsOf(t, made.order.id)).toHaveLength(1);
    expect((await balanceOf(t, teamId)).balance).toBe(2000);
    expect(ali.refunds()).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          out_trade_no: alipayTrade,
          out_request_no: `return_${viaAlipay.payment_id}`,
          refund_amount: '99.00',
        }),
      ]),
    );
    expect(ali.refunds().filter((r) => r.out_trade_no === alipayTrade)).toHaveLength(1);
    expect(wx.refunds().filter((r) => r.out_trade_no === wechatTrade)).toEqual([]);
    expect(await outcomesOf(t, 'alipay', alipayTrade)).toEqual([
      'ignored',
      'refused_paid',
      'returned',
      'refused_paid',
    ]);
    expect((await paymentsOfBill(t, made.bill.id)).map((p) => [p.provider, p.status])).toEqual([
      ['wechatpay', 'captured'],
      ['alipay', 'returned'],
    ]);
  });

  it('paid with WeChat Pay, the bill’s open Alipay trade is closed at Alipay (canceled here); one Alipay never made is left to its time_expire', async () => {
    const user = await signUpUser(t.app);
    const made = await confirmPlan(t, user, 'credits_1000');
    const start = async (method: 'wechatpay' | 'alipay') =>
      (await callEndpoint(t.app, createPayment, { as: user, body: { bill_id: made.bill.id, method } })).ok();
    const opened = await start('alipay');
    const never = await start('alipay');
    const wechat = await start('wechatpay');
    if (opened.next.kind !== 'form') throw new Error('Alipay answers a form');
    await ali.submitForm(opened.next.form_html);
    await wx.pay(wechat.payment_id.replaceAll('-', ''));
    await wx.notices.idle();
    expect(await billStatus(t, user, made.bill.id)).toBe('paid');
    const openedTrade = opened.payment_id.replaceAll('-', '');
    const neverTrade = never.payment_id.replaceAll('-', '');
    expect(ali.trade(openedTrade).trade_status).toBe('TRADE_CLOSED');
    expect(ali.hasTrade(neverTrade)).toBe(false);
    expect((await paymentRow(t, 'alipay', openedTrade))?.status).toBe('canceled');
    expect(await notificationsOf(t, 'alipay', openedTrade)).toMatchObject([
      { outcome: 'recorded', detail: 'closed: the bill was paid by wechatpay' },
    ]);
    await expect(ali.pay(openedTrade)).rejects.toThrow('ACQ.TRADE_STATUS_ERROR');
  });

  it('an admin refund of an Alipay order refunds it at Alipay once, under our refund number', async () => {
    const user = await signUpUser(t.app);
    const paying = await startAlipay(user, 'credits_1000');
    await ali.submitForm(paying.form);
    await ali.pay(paying.outTradeNo);
    await ali.notices.idle();
    expect(await billStatus(t, user, paying.bill.id)).toBe('paid');
    const refunded = await callEndpoint(t.app, refundOrder, {
      as: admin,
      params: { id: paying.order.id },
      body: { reason: 'asked by the customer' },
    });
    expect(refunded.status).toBe(200);
    expect(ali.refunds().filter((r) => r.out_trade_no === paying.outTradeNo)).toMatchObject([
      { out_request_no: `${paying.order.order_num}R1`, refund_amount: '49.00' },
    ]);
    expect(ali.trade(paying.outTradeNo).trade_status).toBe('TRADE_CLOSED');
  });

  it('Alipay’s refund notice (refund_fee, gmt_refund, out_biz_no) settles the refund it names at once, as Alipay answers its query; TRADE_SUCCESS after a part pays nothing, TRADE_CLOSED after all cancels nothing; answered exactly "success"', async () => {
    const user = await signUpUser(t.app);
    const teamId = await teamIdOf(t, user);
    const paying = await startAlipay(user, 'credits_1000');
    await ali.submitForm(paying.form);
    await ali.pay(paying.outTradeNo);
    await ali.notices.idle();
    const before = (await balanceOf(t, teamId)).balance;
    const refundsOf = async () =>
      (await callEndpoint(t.app, getAdminOrder, { as: admin, params: { id: paying.order.id } }))
        .ok()
        .refunds.map((r) => [r.refund_no, r.status, r.credits_reversed])
        .sort();
    const refund = async (body: { reason: string; amount?: number }) => {
      // Alipay makes the refund but its answer is lost: ours stays pending until Alipay's notice.
      ali.loseRefundAnswers = 1;
      ali.notices.hold = true;
      (await callEndpoint(t.app, refundOrder, { as: admin, params: { id: paying.order.id }, body })).ok();
      const notices = ali.notices.queued();
      ali.notices.clear();
      ali.notices.hold = false;
      return notices;
    };
    const r1 = `${paying.order.order_num}R1`;
    const r2 = `${paying.order.order_num}R2`;

    const [part] = await refund({ reason: 'half', amount: 2450 });
    expect(part).toMatchObject({ trade_status: 'TRADE_SUCCESS', refund_fee: '24.50', out_biz_no: r1 });
    expect(await refundsOf()).toEqual([[r1, 'pending', 0]]);
    if (!part) throw new Error('no refund notice');
    expect((await ali.notices.send(part)).answer).toBe('success');
    expect(await refundsOf()).toEqual([[r1, 'succeeded', 500]]);
    expect((await balanceOf(t, teamId)).balance).toBe(before - 500);
    expect((await paymentRow(t, 'alipay', paying.outTradeNo))?.status).toBe('captured');

    const [all] = await refund({ reason: 'the rest' });
    expect(all).toMatchObject({ trade_status: 'TRADE_CLOSED', refund_fee: '49.00', out_biz_no: r2 });
    if (!all) throw new Error('no refund notice');
    // Delivered twice at once: one settlement, both answered "success".
    const answers = await Promise.all([ali.notices.send(all), ali.notices.send(all)]);
    expect(answers.map((d) => d.answer)).toEqual(['success', 'success']);
    expect(await refundsOf()).toEqual([
      [r1, 'succeeded', 500],
      [r2, 'succeeded', 500],
    ]);
    expect((await balanceOf(t, teamId)).balance).toBe(before - 1000);
    expect(await ledgerExplains(t, teamId)).toBe(true);
    // The full refund's TRADE_CLOSED did not cancel the payment: it reads refunded.
    expect((await paymentRow(t, 'alipay', paying.outTradeNo))?.status).toBe('refunded');
    expect(await outcomesOf(t, 'alipay', paying.outTradeNo)).not.toContain('refused_amount');
  });

  it('a signed refund notice (TRADE_CLOSED, all refunded) for a trade with no refund of ours changes nothing: the payment stays captured, the bill paid', async () => {
    const user = await signUpUser(t.app);
    const paying = await startAlipay(user, 'credits_1000');
    await ali.submitForm(paying.form);
    await ali.pay(paying.outTradeNo);
    await ali.notices.idle();
    const forged = ali.notices.forge(paying.outTradeNo, {
      refund_fee: '49.00',
      gmt_refund: '2026-01-01 00:00:00.000',
      out_biz_no: `${paying.order.order_num}R1`,
      trade_status: 'TRADE_CLOSED',
    });
    expect((await ali.notices.send(forged)).answer).toBe('success');
    expect((await paymentRow(t, 'alipay', paying.outTradeNo))?.status).toBe('captured');
    expect(await billStatus(t, user, paying.bill.id)).toBe('paid');
    const view = (
      await callEndpoint(t.app, getAdminOrder, { as: admin, params: { id: paying.order.id } })
    ).ok();
    expect(view.refunds).toEqual([]);
  });

  it(`unsigned notices are each answered "fail", and at most ${REFUSED_NOTICES_KEPT_PER_MINUTE} a minute of them kept`, async () => {
    const since = new Date(Date.now() - 1000);
    const started = Date.now();
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/payments/notify/alipay',
          payload: `notify_id=forged${i}&out_trade_no=x&trade_status=TRADE_SUCCESS&total_amount=1.00&sign=bm8%3D`,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        }),
      ),
    );
    expect(answers.every((res) => res.statusCode === 400 && res.body === 'fail')).toBe(true);
    const minutes = Math.floor((Date.now() - started) / 60_000) + 2;
    expect((await refusedSince(t, 'alipay', since)).length).toBeLessThanOrEqual(
      REFUSED_NOTICES_KEPT_PER_MINUTE * minutes,
    );
  });

  it('saving refuses the app’s own public key as the Alipay public key, naming the field', async () => {
    const saved = await saveKeys(t, admin, 'alipay', {
      ...ali.vaultValues(),
      alipay_public_key: ali.app.publicKeyPem,
    });
    expect(saved.status).toBe(400);
    expect(Object.keys(saved.error().fields ?? {})).toEqual(['values.alipay_public_key']);
  });

  it('test connection: true for the keys Alipay accepts; false for another app key; false for a public key that is not Alipay’s', async () => {
    const tested = async () =>
      (
        await callEndpoint(t.app, testForeignKey, { as: admin, params: { kind: 'alipay' }, headers: english })
      ).ok();
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 });
    try {
      expect(await tested()).toMatchObject({
        ok: true,
        message: 'Alipay accepts this app key and its answers verify',
      });
      expect(ali.requests.filter((r) => r.path === '/v3/alipay/trade/query').at(-1)?.status).toBe(400);
      expect(ali.requests.at(-1)).toMatchObject({ api: 'alipay.trade.query', status: 200 });

      (
        await saveKeys(t, admin, 'alipay', {
          ...ali.vaultValues(),
          app_private_key: other.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
        })
      ).ok();
      expect(await tested()).toMatchObject({
        ok: false,
        message: 'Alipay refused the app signature: check the App ID and the app private key',
      });

      (
        await saveKeys(t, admin, 'alipay', {
          ...ali.vaultValues(),
          alipay_public_key: other.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
        })
      ).ok();
      expect(await tested()).toMatchObject({
        ok: false,
        message: "Alipay's answer does not verify with this Alipay public key",
      });
    } finally {
      (await saveKeys(t, admin, 'alipay', ali.vaultValues())).ok();
    }
  });
});
