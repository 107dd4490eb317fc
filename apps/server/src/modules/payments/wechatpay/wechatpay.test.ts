import { generateKeyPairSync, randomBytes } from 'node:crypto';
import {
  clearForeignKey,
  saveForeignKey,
  testForeignKey,
} from '@app/contract/admin/foreign-keys/foreign-keys';
import { refundOrder } from '@app/contract/billing/admin-orders';
import { createPayment, createWechatpayPayment, listPaymentProviders } from '@app/contract/billing/payments';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Caller, callEndpoint } from '../../../test/call-endpoint';
import { createTestApp, signInAdmin, signUpUser, type TestApp } from '../../../test/test-app';
import {
  type Notice,
  startWechatpayStandIn,
  type WechatpayStandIn,
} from '../../../test/wechatpay-stand-in/wechatpay-stand-in';
import { balanceOf, ledgerExplains, teamIdOf } from '../../billing/billing.test-kit';
import {
  billStatus,
  confirmPlan,
  grantsOf,
  linkWechat,
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
 * Paying a bill with WeChat Pay API v3 against the repository's WeChat Pay stand-in over real HTTP
 * (`wechatpay-axios-plugin` as our client, the stand-in's own node:crypto on the other side), on a
 * real database, the app in location `cn` listening for the stand-in's notices. A notice is
 * applied once whatever is redelivered; one that does not verify (a byte, a probe, a tag, the
 * clock, a serial) changes nothing and is refused so WeChat Pay delivers it again; what WeChat
 * Pay says was paid (`amount.total`, CNY) must be the bill.
 */
describe('payments with WeChat Pay API v3 (stand-in)', () => {
  let t: TestApp & { base: string };
  let wx: WechatpayStandIn;
  let admin: Caller;
  const english = { 'accept-language': 'en-US' };
  /** A key pair WeChat Pay and the merchant never had. */
  const stranger = generateKeyPairSync('rsa', { modulusLength: 2048 });

  beforeAll(async () => {
    // The retry schedule compressed: 15 s, 15 s, 30 s, … become tens of milliseconds.
    wx = await startWechatpayStandIn({ retryScheduleMs: [60, 60, 120, 200, 300, 400, 500, 600] });
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
    wx.clockSkewSeconds = 0;
  });

  /** Confirms a plan and starts paying it with WeChat Pay here: the order, bill, payment and trade number. */
  async function startWechat(who: Caller, key = 'pro_monthly', appType: 'pc_web' | 'mb_web' = 'pc_web') {
    const made = await confirmPlan(t, who, key);
    const payment = (
      await callEndpoint(t.app, createPayment, {
        as: who,
        body: { bill_id: made.bill.id, method: 'wechatpay', app_type: appType },
      })
    ).ok();
    const outTradeNo = payment.payment_id.replaceAll('-', '');
    return { ...made, payment, outTradeNo };
  }

  const noticeOf = async (outTradeNo: string): Promise<Notice> => {
    wx.notices.hold = true;
    await wx.pay(outTradeNo);
    const [notice] = wx.notices.queued();
    wx.notices.clear();
    if (!notice) throw new Error(`no notice for ${outTradeNo}`);
    return notice;
  };

  it('in location cn WeChat Pay is offered once its keys are set (inside WeChat and on a desktop, not in a phone browser)', async () => {
    const user = await signUpUser(t.app);
    const methods = async (appType?: 'pc_web' | 'wx_web' | 'mb_web') =>
      (
        await callEndpoint(t.app, listPaymentProviders, {
          as: user,
          query: appType ? { app_type: appType } : {},
        })
      )
        .ok()
        .items.map((item) => item.method);
    // The sandbox is not offered beside a real provider (PAYMENTS_SANDBOX=auto); with WeChat Pay
    // set up, a phone's other browsers have nothing to pay with (WeChat Pay is paid inside WeChat).
    expect(await methods()).toEqual(['wechatpay']);
    expect(await methods('wx_web')).toEqual(['wechatpay']);
    expect(await methods('mb_web')).toEqual([]);
    (await callEndpoint(t.app, clearForeignKey, { as: admin, params: { kind: 'wechatpay' } })).ok();
    try {
      expect(await methods()).toEqual(['sandbox']);
      const made = await confirmPlan(t, user);
      const refused = await callEndpoint(t.app, createPayment, {
        as: user,
        body: { bill_id: made.bill.id, method: 'wechatpay' },
      });
      expect([refused.status, Object.keys(refused.error().fields ?? {})]).toEqual([400, ['method']]);
    } finally {
      (await saveKeys(t, admin, 'wechatpay', wx.vaultValues())).ok();
    }
  });

  it('a desktop gets a Native code for the bill: fen in CNY, time_expire the bill’s expiry, notify_url under PUBLIC_URL, signed by the merchant', async () => {
    const user = await signUpUser(t.app);
    const paying = await startWechat(user);
    expect(paying.payment).toMatchObject({ method: 'wechatpay', test_mode: false });
    expect(paying.payment.next).toMatchObject({ kind: 'qrcode', h5_url: null });
    if (paying.payment.next.kind !== 'qrcode') throw new Error('a code to scan');
    expect(paying.payment.next.qrcode_url.startsWith(`${wx.url}/pay/native/`)).toBe(true);
    const order = wx.order(paying.outTradeNo);
    expect(order).toMatchObject({
      appid: wx.merchant.appid,
      mchid: wx.merchant.mchid,
      trade_type: 'NATIVE',
      trade_state: 'NOTPAY',
      amount: { total: 9900, currency: 'CNY' },
      attach: paying.order.order_num,
    });
    expect(wx.notifyUrlOf(paying.outTradeNo)).toBe(`${t.base}/api/payments/notify/wechatpay`);
    const expire = new Date(paying.payment.expire_time * 1000 + 8 * 3600_000).toISOString().slice(0, 19);
    const create = wx.requests.findLast((r) => r.path === '/v3/pay/transactions/native');
    expect(JSON.parse(create?.body ?? '{}')).toMatchObject({ time_expire: `${expire}+08:00` });
    // Platform-certificate mode: no `Wechatpay-Serial` on requests; the answer verified all the same.
    expect(create).toMatchObject({ status: 200, serialHeader: null });
    expect(await paymentRow(t, 'wechatpay', paying.outTradeNo)).toMatchObject({
      status: 'pending',
      amount: 9900,
      currency: 'CNY',
    });
  });

  it('paid on the payer page behind code_url: the encrypted, signed notice is answered 204 and grants the plan once', async () => {
    const user = await signUpUser(t.app);
    const teamId = await teamIdOf(t, user);
    const paying = await startWechat(user);
    if (paying.payment.next.kind !== 'qrcode') throw new Error('a code to scan');
    const page = await fetch(paying.payment.next.qrcode_url);
    expect(await page.text()).toContain('¥99.00');
    const paid = await fetch(paying.payment.next.qrcode_url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'action=pay',
    });
    expect(paid.status).toBe(200);
    await wx.notices.idle();

    expect(await billStatus(t, user, paying.bill.id)).toBe('paid');
    expect((await balanceOf(t, teamId)).balance).toBe(2000);
    expect(await ledgerExplains(t, teamId)).toBe(true);
    expect(await outcomesOf(t, 'wechatpay', paying.outTradeNo)).toEqual(['applied']);
    const delivered = wx.notices.deliveries.filter((d) => d.url.endsWith('/notify/wechatpay')).at(-1);
    expect(delivered).toMatchObject({ status: 204, answer: '', attempt: 1 });
  });

  it('the same notice 10 times at once, then again: one payment, one grant, every delivery answered 204', async () => {
    const user = await signUpUser(t.app);
    const teamId = await teamIdOf(t, user);
    const paying = await startWechat(user, 'credits_1000');
    const notice = await noticeOf(paying.outTradeNo);
    const many = await wx.notices.replay(notice.id, 10, true);
    const again = await wx.notices.send(notice);
    expect([...many, again].map((d) => d.status)).toEqual(Array(11).fill(204));
    expect([...many, again].every((d) => d.answer === '')).toBe(true);
    expect(await grantsOf(t, paying.order.id)).toHaveLength(1);
    expect((await balanceOf(t, teamId)).balance).toBe(1100);
    const outcomes = await outcomesOf(t, 'wechatpay', paying.outTradeNo);
    expect(outcomes).toHaveLength(11);
    expect(outcomes.filter((o) => o === 'applied')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'duplicate')).toHaveLength(10);
    expect((await paymentsOfBill(t, paying.bill.id)).map((p) => p.status)).toEqual(['captured']);
  });

  it('a changed byte, a SIGNTEST probe, an altered GCM tag, a time 6 minutes off either way, a key WeChat Pay does not have: refused with {"code":"FAIL"}, recorded, nothing changes', async () => {
    const user = await signUpUser(t.app);
    const teamId = await teamIdOf(t, user);
    const paying = await startWechat(user);
    const notice = await noticeOf(paying.outTradeNo);
    const since = new Date(Date.now() - 1000);
    const refused = [
      await wx.notices.send(notice, {
        tamper: (body) => body.replace('"summary":"支付成功"', '"summary":"支付成功 "'),
      }),
      await wx.notices.probe(`${t.base}/api/payments/notify/wechatpay`),
      await wx.notices.send(notice, { alterTag: true }),
      await wx.notices.send(notice, { skewSeconds: -360 }),
      await wx.notices.send(notice, { skewSeconds: 360 }),
      await wx.notices.send(notice, {
        signer: { serial: randomBytes(20).toString('hex').toUpperCase(), privateKey: stranger.privateKey },
      }),
    ];
    for (const delivery of refused) {
      expect(delivery.status, delivery.headers['wechatpay-signature']).toBe(400);
      expect(JSON.parse(delivery.answer)).toEqual({ code: 'FAIL', message: expect.any(String) });
    }
    expect(await billStatus(t, user, paying.bill.id)).toBe('unpaid');
    expect(await outcomesOf(t, 'wechatpay', paying.outTradeNo)).toEqual([]);
    const rows = await refusedSince(t, 'wechatpay', since);
    expect(rows.map((row) => row.detail)).toEqual([
      'signature does not match',
      'a WeChat Pay signature probe (WECHATPAY/SIGNTEST/)',
      'the resource does not decrypt with the APIv3 key',
      'signature timestamp 360 s old',
      "signature timestamp 360 s ahead of this server's clock",
      expect.stringMatching(/^no WeChat Pay key has serial /),
    ]);

    // 4 minutes off is within WeChat Pay's window: the genuine notice then pays.
    const onTime = await wx.notices.send(notice, { skewSeconds: 240 });
    expect(onTime.status).toBe(204);
    expect((await balanceOf(t, teamId)).balance).toBe(2000);
  });

  it('WeChat Pay’s amount.total must be the bill’s, in CNY: another total or USD is refused (refused_amount, refused_currency), acknowledged, the bill stays unpaid', async () => {
    const user = await signUpUser(t.app);
    const teamId = await teamIdOf(t, user);
    const paying = await startWechat(user);
    const total = wx.notices.forge(paying.outTradeNo, {
      trade_state: 'SUCCESS',
      amount: { total: 9800, currency: 'CNY', payer_total: 9900, payer_currency: 'CNY' },
    });
    const usd = wx.notices.forge(paying.outTradeNo, {
      trade_state: 'SUCCESS',
      amount: { total: 9900, currency: 'USD', payer_total: 9900, payer_currency: 'CNY' },
    });
    const delivered = [await wx.notices.send(total), await wx.notices.send(usd)];
    // Acknowledged: it verified, and delivering it again would change nothing.
    expect(delivered.map((d) => d.status)).toEqual([204, 204]);
    expect(await outcomesOf(t, 'wechatpay', paying.outTradeNo)).toEqual([
      'refused_amount',
      'refused_currency',
    ]);
    expect(await billStatus(t, user, paying.bill.id)).toBe('unpaid');
    expect((await balanceOf(t, teamId)).balance).toBe(100);
  });

  it('a bill in USD cannot be paid with WeChat Pay: VALIDATION_ERROR naming currency, and nothing is asked of WeChat Pay', async () => {
    await setPlanPrice(t, 'team_monthly', 4900, 'USD');
    try {
      const user = await signUpUser(t.app);
      const made = await confirmPlan(t, user, 'team_monthly');
      expect(made.bill.currency).toBe('USD');
      const before = wx.requests.length;
      const refused = await callEndpoint(t.app, createPayment, {
        as: user,
        body: { bill_id: made.bill.id, method: 'wechatpay' },
        headers: english,
      });
      expect(refused.status).toBe(400);
      expect(refused.error()).toMatchObject({
        error_code: 'VALIDATION_ERROR',
        fields: { currency: 'WeChat Pay takes bills in CNY only' },
      });
      expect(wx.requests.length).toBe(before);
      expect(await paymentsOfBill(t, made.bill.id)).toEqual([]);
    } finally {
      await setPlanPrice(t, 'team_monthly', 29900, 'CNY');
    }
  });

  it('a platform certificate rotation: a notice under the new serial is accepted after one download; a serial WeChat Pay never had is refused', async () => {
    const user = await signUpUser(t.app);
    const paying = await startWechat(user, 'credits_1000');
    const downloads = () => wx.requests.filter((r) => r.path === '/v3/certificates').length;
    const before = downloads();
    const fresh = await wx.rotate();
    const notice = await noticeOf(paying.outTradeNo);
    const delivered = await wx.notices.send(notice);
    expect(delivered.headers['wechatpay-serial']).toBe(fresh);
    expect(delivered.status).toBe(204);
    expect(downloads()).toBe(before + 1);
    expect(await outcomesOf(t, 'wechatpay', paying.outTradeNo)).toEqual(['applied']);
    // Answers under the new serial verify too (the next call needs no further download).
    await startWechat(user, 'credits_1000');
    expect(downloads()).toBe(before + 1);

    const unknown = await wx.notices.send(notice, {
      signer: { serial: randomBytes(20).toString('hex').toUpperCase(), privateKey: stranger.privateKey },
    });
    expect(unknown.status).toBe(400);
  });

  it('the WeChat Pay public key switched on without a restart: its notices are refused until an admin saves the key, then WeChat Pay’s next retry is accepted, and calls name the key', async () => {
    const user = await signUpUser(t.app);
    const teamId = await teamIdOf(t, user);
    const paying = await startWechat(user, 'credits_1000');
    wx.mode = 'public_key';
    try {
      await wx.pay(paying.outTradeNo);
      const refusedOnce = () =>
        wx.notices.deliveries.some(
          (d) => d.status === 400 && d.headers['wechatpay-serial'] === wx.publicKey.id,
        );
      await until(refusedOnce);
      expect(await billStatus(t, user, paying.bill.id)).toBe('unpaid');
      (await saveKeys(t, admin, 'wechatpay', { ...wx.vaultValues() })).ok();
      await wx.notices.idle();
      const attempts = wx.notices.deliveries.filter((d) => d.headers['wechatpay-serial'] === wx.publicKey.id);
      expect(attempts.at(-1)).toMatchObject({ status: 204 });
      expect(attempts.at(-1)?.attempt).toBeGreaterThan(1);
      expect(attempts.slice(0, -1).every((d) => d.status === 400)).toBe(true);
      expect((await balanceOf(t, teamId)).balance).toBe(1100);
      // Public-key mode: every call names the key WeChat Pay is to sign its answer with.
      await startWechat(user, 'credits_1000');
      expect(wx.requests.at(-1)).toMatchObject({ serialHeader: wx.publicKey.id, status: 200 });
    } finally {
      wx.mode = 'platform_certificate';
      (
        await saveKeys(t, admin, 'wechatpay', { ...wx.vaultValues(), public_key_id: '', public_key: '' })
      ).ok();
    }
  });

  it('one bill paid on two WeChat Pay codes: the first is applied, the second refunded at WeChat Pay once (out_refund_no return_<payment>), never granted', async () => {
    const user = await signUpUser(t.app);
    const teamId = await teamIdOf(t, user);
    const first = await startWechat(user);
    const again = (
      await callEndpoint(t.app, createPayment, {
        as: user,
        body: { bill_id: first.bill.id, method: 'wechatpay' },
      })
    ).ok();
    const second = again.payment_id.replaceAll('-', '');
    wx.notices.hold = true;
    await wx.pay(first.outTradeNo);
    await wx.pay(second);
    const delivered = await wx.notices.flush();
    expect(delivered.map((d) => d.status)).toEqual([204, 204]);
    // The second payment's notice again (the return's REFUND.SUCCESS notice came after it).
    const [secondNotice] = wx.notices.events.filter((e) => e.event_type === 'TRANSACTION.SUCCESS').slice(-1);
    if (secondNotice) await wx.notices.send(secondNotice);

    const refunds = wx.refunds().filter((r) => r.out_trade_no === second);
    expect(refunds).toMatchObject([
      { out_refund_no: `return_${again.payment_id}`, amount: { refund: 9900, total: 9900, currency: 'CNY' } },
    ]);
    expect(wx.order(second).trade_state).toBe('REFUND');
    expect(await outcomesOf(t, 'wechatpay', second)).toEqual([
      'ignored',
      'refused_paid',
      'returned',
      'refused_paid',
    ]);
    const closing = (await notificationsOf(t, 'wechatpay', second))[0];
    expect(closing?.detail).toBe('paid at wechatpay too: given back when its notice comes');
    expect((await paymentsOfBill(t, first.bill.id)).map((p) => p.status)).toEqual(['captured', 'returned']);
    expect((await balanceOf(t, teamId)).balance).toBe(2000);
  });

  it('paying one trade closes the bill’s other open trade at WeChat Pay: it reads CLOSED there, canceled here, and its page no longer pays', async () => {
    const user = await signUpUser(t.app);
    const first = await startWechat(user, 'credits_1000');
    const phone = (
      await callEndpoint(t.app, createPayment, {
        as: user,
        body: { bill_id: first.bill.id, method: 'wechatpay', app_type: 'mb_web' },
      })
    ).ok();
    const other = phone.payment_id.replaceAll('-', '');
    await wx.pay(first.outTradeNo);
    await wx.notices.idle();
    expect(await billStatus(t, user, first.bill.id)).toBe('paid');
    expect(wx.order(other).trade_state).toBe('CLOSED');
    expect(wx.requests.some((r) => r.path === `/v3/pay/transactions/out-trade-no/${other}/close`)).toBe(true);
    expect((await paymentRow(t, 'wechatpay', other))?.status).toBe('canceled');
    expect(await notificationsOf(t, 'wechatpay', other)).toMatchObject([
      { outcome: 'recorded', action: 'canceled', detail: 'closed: the bill was paid by wechatpay' },
    ]);
    await expect(wx.pay(other)).rejects.toThrow('已关闭');
  });

  it('an admin refund of a WeChat Pay order refunds the trade at WeChat Pay once, under our refund number', async () => {
    const user = await signUpUser(t.app);
    const paying = await startWechat(user, 'credits_1000');
    await wx.pay(paying.outTradeNo);
    await wx.notices.idle();
    expect(await billStatus(t, user, paying.bill.id)).toBe('paid');
    const refunded = await callEndpoint(t.app, refundOrder, {
      as: admin,
      params: { id: paying.order.id },
      body: { reason: 'asked by the customer' },
    });
    expect(refunded.status).toBe(200);
    expect(wx.refunds().filter((r) => r.out_trade_no === paying.outTradeNo)).toMatchObject([
      {
        out_refund_no: `${paying.order.order_num}R1`,
        status: 'SUCCESS',
        amount: { refund: 4900, total: 4900 },
      },
    ]);
    expect(await billStatus(t, user, paying.bill.id)).toBe('refunded');
  });

  it('the spec’s GET …/wechatpay/create: a code on a desktop, the H5 page on a phone, the JSAPI bridge inside WeChat for the user’s openid (paySign verifies); another team’s order is NOT_FOUND', async () => {
    const user = await signUpUser(t.app);
    const teamId = await teamIdOf(t, user);
    const made = await confirmPlan(t, user, 'credits_1000');
    const create = (appType: 'pc_web' | 'wx_web' | 'mb_web', who: Caller = user) =>
      callEndpoint(t.app, createWechatpayPayment, {
        as: who,
        query: { order_id: made.order.id, app_type: appType },
        headers: english,
      });

    const desktop = (await create('pc_web')).ok();
    expect(desktop).toMatchObject({ h5_url: null, bridge: null, test_mode: false });
    expect(desktop.qrcode_url?.startsWith(`${wx.url}/pay/native/`)).toBe(true);
    expect(desktop.expire_time).toBe(made.bill.expire_time);

    const phone = (await create('mb_web')).ok();
    expect(phone).toMatchObject({ qrcode_url: null, bridge: null });
    const h5 = new URL(phone.h5_url ?? '');
    expect(h5.pathname).toBe('/cgi-bin/mmpayweb-bin/checkmweb');
    expect(h5.searchParams.get('redirect_url')).toBe(`${t.base}/payment/result?order_id=${made.order.id}`);

    // Inside WeChat without a WeChat sign-in there is no openid to pay for.
    const noOpenid = await create('wx_web');
    expect(noOpenid.status).toBe(400);
    expect(Object.keys(noOpenid.error().fields ?? {})).toEqual(['openid']);

    const openid = `o${randomBytes(12).toString('hex')}`;
    await linkWechat(t, user.userId, wx.merchant.jsapiAppid, openid);
    const inWechat = (await create('wx_web')).ok();
    expect(inWechat).toMatchObject({ qrcode_url: null, h5_url: null });
    const bridge = inWechat.bridge;
    if (!bridge) throw new Error('no bridge parameters');
    expect(bridge).toMatchObject({ appId: wx.merchant.jsapiAppid, signType: 'RSA' });
    expect(wx.order(inWechat.payment_id.replaceAll('-', ''))).toMatchObject({
      trade_type: 'JSAPI',
      payer: { openid },
    });
    // A paySign altered by one character is refused by WeChat; the true one pays.
    // (Its first character swapped for another: a fixed "A" changed nothing when it began with one.)
    const first = bridge.paySign.startsWith('A') ? 'B' : 'A';
    const forged = await wx.payJsapi({ ...bridge, paySign: `${first}${bridge.paySign.slice(1)}` });
    expect(forged.err_msg).toBe('get_brand_wcpay_request:fail');
    expect(await wx.payJsapi(bridge)).toEqual({ status: 200, err_msg: 'get_brand_wcpay_request:ok' });
    await wx.notices.idle();
    expect(await billStatus(t, user, made.bill.id)).toBe('paid');
    expect((await balanceOf(t, teamId)).balance).toBe(1100);
    // The bill's two other trades (code, H5) were closed when the JSAPI one paid.
    expect(wx.order(desktop.payment_id.replaceAll('-', '')).trade_state).toBe('CLOSED');
    expect(wx.order(phone.payment_id.replaceAll('-', '')).trade_state).toBe('CLOSED');

    const stranger = await signUpUser(t.app);
    const theirs = await create('pc_web', stranger);
    expect([theirs.status, theirs.error().error_code]).toEqual([404, 'NOT_FOUND']);
  });

  it('outside location cn WeChat Pay is not offered, even with its keys set', async () => {
    const global = await createTestApp({});
    try {
      const root = await signInAdmin(global.app);
      (await saveKeys(global, root, 'wechatpay', wx.vaultValues())).ok();
      const user = await signUpUser(global.app);
      const offered = (await callEndpoint(global.app, listPaymentProviders, { as: user })).ok();
      expect(offered.items.map((item) => item.method)).toEqual(['sandbox']);
      const made = await confirmPlan(global, user, 'pro_monthly');
      const refused = await callEndpoint(global.app, createWechatpayPayment, {
        as: user,
        query: { order_id: made.order.id, app_type: 'pc_web' },
      });
      expect([refused.status, Object.keys(refused.error().fields ?? {})]).toEqual([400, ['method']]);
    } finally {
      await global.close();
    }
  });

  it(`unverified notices are each refused, and at most ${REFUSED_NOTICES_KEPT_PER_MINUTE} a minute of them kept`, async () => {
    const since = new Date(Date.now() - 1000);
    const started = Date.now();
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/payments/notify/wechatpay',
          payload: JSON.stringify({ id: `forged-${i}`, event_type: 'TRANSACTION.SUCCESS' }),
          headers: {
            'content-type': 'application/json',
            'wechatpay-timestamp': String(Math.floor(Date.now() / 1000)),
            'wechatpay-nonce': 'n',
            'wechatpay-serial': wx.certificates[0]?.serial ?? '',
            'wechatpay-signature': 'bm90IGEgc2lnbmF0dXJl',
          },
        }),
      ),
    );
    expect(answers.every((res) => res.statusCode === 400 && res.json().code === 'FAIL')).toBe(true);
    const minutes = Math.floor((Date.now() - started) / 60_000) + 2;
    expect((await refusedSince(t, 'wechatpay', since)).length).toBeLessThanOrEqual(
      REFUSED_NOTICES_KEPT_PER_MINUTE * minutes,
    );
  });

  it('saving refuses keys that cannot work, naming each field: a 31-character APIv3 key, a public key without its ID, an App ID not starting wx, a private key that is not one', async () => {
    const saved = await saveKeys(t, admin, 'wechatpay', {
      ...wx.vaultValues(),
      apiv3_key: 'a'.repeat(31),
      public_key: wx.publicKey.pem,
      appid: 'app123456',
      merchant_private_key: 'not a key',
    });
    expect(saved.status).toBe(400);
    expect(saved.error().fields).toEqual({
      'values.apiv3_key': expect.any(String),
      'values.public_key_id': expect.any(String),
      'values.appid': expect.any(String),
      'values.merchant_private_key': expect.any(String),
    });
    const english31 = await callEndpoint(t.app, saveForeignKey, {
      as: admin,
      params: { kind: 'wechatpay' },
      body: { values: { ...wx.vaultValues(), apiv3_key: 'a'.repeat(31) } },
      headers: english,
    });
    expect(english31.error().fields).toEqual({
      'values.apiv3_key': 'The APIv3 key is exactly 32 characters',
    });
    // Nothing was saved: the stand-in's keys still pay.
    const user = await signUpUser(t.app);
    const paying = await startWechat(user, 'credits_1000');
    expect(wx.order(paying.outTradeNo).trade_state).toBe('NOTPAY');
  });

  it('test connection: true for keys WeChat Pay accepts (certificates, then public key); false for another APIv3 key, another merchant key, another public key', async () => {
    const tested = async () =>
      (
        await callEndpoint(t.app, testForeignKey, {
          as: admin,
          params: { kind: 'wechatpay' },
          headers: english,
        })
      ).ok();
    try {
      expect(await tested()).toMatchObject({
        ok: true,
        message: 'WeChat Pay accepts these keys and its answers verify',
      });
      const query = wx.requests.findLast((r) => r.path.startsWith('/v3/pay/transactions/out-trade-no/'));
      expect(query?.status).toBe(404);

      (await saveKeys(t, admin, 'wechatpay', { ...wx.vaultValues(), apiv3_key: 'b'.repeat(32) })).ok();
      expect(await tested()).toMatchObject({
        ok: false,
        message: "The APIv3 key does not decrypt WeChat Pay's certificates",
      });

      const other = stranger;
      (
        await saveKeys(t, admin, 'wechatpay', {
          ...wx.vaultValues(),
          merchant_private_key: other.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
        })
      ).ok();
      expect(await tested()).toMatchObject({
        ok: false,
        message:
          'WeChat Pay refused the merchant signature: check the merchant ID, private key and certificate serial number',
      });

      wx.mode = 'public_key';
      (
        await saveKeys(t, admin, 'wechatpay', {
          ...wx.vaultValues(),
        })
      ).ok();
      expect(await tested()).toMatchObject({ ok: true });
      (
        await saveKeys(t, admin, 'wechatpay', {
          ...wx.vaultValues(),
          public_key: other.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
        })
      ).ok();
      expect(await tested()).toMatchObject({
        ok: false,
        message: "WeChat Pay's answer does not verify: check the WeChat Pay public key and its ID",
      });
    } finally {
      wx.mode = 'platform_certificate';
      (
        await saveKeys(t, admin, 'wechatpay', { ...wx.vaultValues(), public_key_id: '', public_key: '' })
      ).ok();
    }
  });
});
