import { generateKeyPairSync } from 'node:crypto';
import { testForeignKey } from '@app/contract/admin/foreign-keys/foreign-keys';
import { createPayment } from '@app/contract/billing/payments';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type AlipayStandIn, startAlipayStandIn } from '../../../test/alipay-stand-in/alipay-stand-in';
import { issueCertificate, readPemCertificates } from '../../../test/alipay-stand-in/certificates';
import { readForm } from '../../../test/alipay-stand-in/protocol';
import { type Caller, callEndpoint } from '../../../test/call-endpoint';
import { signInAdmin, signUpUser, type TestApp } from '../../../test/test-app';
import { teamIdOf } from '../../billing/billing.test-kit';
import { alipayReady, alipayVerifyingKey } from '../../foreign-keys/alipay-api';
import {
  billStatus,
  confirmPlan,
  grantsOf,
  outcomesOf,
  refusedSince,
  saveKeys,
  startCnApp,
} from '../cn-payments.test-kit';

/**
 * Alipay's certificate mode (公钥证书) against the stand-in in that mode, over real HTTP: the
 * forms and OpenAPI calls carry the app certificate's and the root certificate's SN (the SDK
 * computes them, the stand-in its own way and refuses others), and notices are verified with the
 * key of the Alipay public-key certificate, whose SN they name; a notice signed with another
 * certificate, or naming another one, is refused and changes nothing.
 */
describe('payments with Alipay in certificate mode (stand-in)', () => {
  let t: TestApp & { base: string };
  let ali: AlipayStandIn;
  let admin: Caller;
  const english = { 'accept-language': 'en-US' };

  beforeAll(async () => {
    ali = await startAlipayStandIn({ mode: 'certificate', retryScheduleMs: [60, 120, 200] });
    t = await startCnApp();
    admin = await signInAdmin(t.app);
    (await saveKeys(t, admin, 'alipay', ali.vaultValues())).ok();
  });
  afterAll(async () => {
    await t.close();
    await ali.close();
  });
  beforeEach(async () => {
    await ali.notices.idle();
    ali.notices.clear();
    ali.notices.hold = false;
  });

  const certificates = () => {
    if (!ali.certificates) throw new Error('the stand-in is in certificate mode');
    return ali.certificates;
  };

  /** Confirms a plan and pays it at the cashier: the order, the trade number and its notice, held. */
  async function paidNotice(who: Caller, key = 'pro_monthly') {
    const made = await confirmPlan(t, who, key);
    const payment = (
      await callEndpoint(t.app, createPayment, {
        as: who,
        body: { bill_id: made.bill.id, method: 'alipay', app_type: 'pc_web' },
      })
    ).ok();
    if (payment.next.kind !== 'form') throw new Error('Alipay answers a form');
    const outTradeNo = payment.payment_id.replaceAll('-', '');
    const form = readForm(payment.next.form_html);
    expect((await ali.submitForm(payment.next.form_html)).status).toBe(200);
    ali.notices.hold = true;
    await ali.pay(outTradeNo);
    const [notice] = ali.notices.queued();
    ali.notices.clear();
    if (!notice) throw new Error('no notice');
    return { ...made, outTradeNo, form, notice };
  }

  it('the key that verifies is the Alipay certificate’s, and its SN is the one the stand-in computes', () => {
    const values = ali.vaultValues();
    if (!alipayReady(values)) throw new Error('the stand-in gives complete values');
    const verifying = alipayVerifyingKey(values);
    expect(verifying.certSn).toBe(certificates().alipay.sn);
    expect(verifying.key.equals(certificates().alipay.certificate.publicKey)).toBe(true);
  });

  it('a payment: the form carries app_cert_sn and alipay_root_cert_sn; the notice (alipay_cert_sn) is verified, answered "success" and applied once', async () => {
    const user = await signUpUser(t.app);
    await teamIdOf(t, user);
    const paying = await paidNotice(user);
    const params = Object.fromEntries(new URL(paying.form.action).searchParams);
    expect(params).toMatchObject({
      app_cert_sn: certificates().app.sn,
      alipay_root_cert_sn: certificates().rootSn,
    });
    expect(paying.notice.alipay_cert_sn).toBe(certificates().alipay.sn);

    const deliveries = await Promise.all([ali.notices.send(paying.notice), ali.notices.send(paying.notice)]);
    for (const delivery of deliveries) expect([delivery.status, delivery.answer]).toEqual([200, 'success']);
    expect((await ali.notices.send(paying.notice)).answer).toBe('success');
    expect(await billStatus(t, user, paying.bill.id)).toBe('paid');
    expect(await grantsOf(t, paying.order.id)).toHaveLength(1);
    expect((await outcomesOf(t, 'alipay', paying.outTradeNo)).filter((o) => o === 'applied')).toEqual([
      'applied',
    ]);
  });

  it('a notice signed by another certificate, or naming another certificate, is answered "fail" and changes nothing', async () => {
    const user = await signUpUser(t.app);
    const paying = await paidNotice(user, 'credits_1000');
    const since = new Date(Date.now() - 1000);
    // Another certificate from the same root: its own key, its own SN.
    const otherKeys = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const other = await issueCertificate(
      certificates().root,
      otherKeys,
      'another Alipay certificate',
      new Date(Date.now() + 365 * 24 * 3600_000),
    );
    const refused = [
      // Signed with the other certificate's key and naming it.
      await ali.notices.send(paying.notice, { signWith: otherKeys.privateKey, certSn: other.sn }),
      // Signed with the other certificate's key, naming the one held.
      await ali.notices.send(paying.notice, {
        signWith: otherKeys.privateKey,
        certSn: certificates().alipay.sn,
      }),
      // Signed with the right key, naming another certificate.
      await ali.notices.send(paying.notice, { certSn: other.sn }),
    ];
    for (const delivery of refused) expect([delivery.status, delivery.answer]).toEqual([400, 'fail']);
    expect(await billStatus(t, user, paying.bill.id)).toBe('unpaid');
    expect(await outcomesOf(t, 'alipay', paying.outTradeNo)).toEqual([]);
    expect((await refusedSince(t, 'alipay', since)).map((row) => row.detail)).toEqual([
      'the notice names another Alipay certificate (alipay_cert_sn)',
      'signature does not verify with the Alipay public-key certificate',
      'the notice names another Alipay certificate (alipay_cert_sn)',
    ]);
    // The genuine notice still pays.
    expect((await ali.notices.send(paying.notice)).answer).toBe('success');
    expect(await billStatus(t, user, paying.bill.id)).toBe('paid');
  });

  it('test connection: the certificates work both ways; a root file Alipay does not have is refused by its SN', async () => {
    const good = (
      await callEndpoint(t.app, testForeignKey, { as: admin, params: { kind: 'alipay' }, headers: english })
    ).ok();
    expect(good).toMatchObject({ ok: true, message: 'Alipay accepts this app key and its answers verify' });
    const v3 = ali.requests.filter((request) => request.api === 'v3');
    expect(v3.at(-1)?.status).toBe(400);

    // The root file without its legacy root still chains, but its SN is not the one Alipay has.
    const [, r1] = readPemCertificates(certificates().rootPem);
    (
      await saveKeys(t, admin, 'alipay', { ...ali.vaultValues(), alipay_root_cert: r1?.toString() ?? '' })
    ).ok();
    const bad = (
      await callEndpoint(t.app, testForeignKey, { as: admin, params: { kind: 'alipay' }, headers: english })
    ).ok();
    expect(bad).toMatchObject({
      ok: false,
      message:
        'Alipay refused the certificate SNs: check the app public-key certificate and the Alipay root certificate',
    });
    (await saveKeys(t, admin, 'alipay', ali.vaultValues())).ok();
  });
});
