import { generateKeyPairSync } from 'node:crypto';
import {
  type ForeignKeyView,
  listForeignKeys,
  saveForeignKey,
} from '@app/contract/admin/foreign-keys/foreign-keys';
import { getBasicInfos } from '@app/contract/user/get-basic-infos';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Sealer } from '../../platform/sealed';
import { issueCertificate, makeAlipayCertificates } from '../../test/alipay-stand-in/certificates';
import { pem } from '../../test/alipay-stand-in/protocol';
import { type Caller, callEndpoint } from '../../test/call-endpoint';
import { createTestApp, signInAdmin, signUpUser, type TestApp } from '../../test/test-app';
import { startWechatpayStandIn } from '../../test/wechatpay-stand-in/wechatpay-stand-in';
import { runReminders } from '../messages/reminders.job';
import { alipayValueProblems } from './alipay-api';
import { expiryStatus, readCertificates } from './certificates';
import { upsertForeignKey } from './foreign-keys.repo';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Certificates the foreign keys hold warn 30 days before they expire: the list answers each one's
 * expiry and status (valid, expiring, expired), and the daily reminders job tells the admins once
 * when one enters the window, however often it runs. Alipay's certificate mode is checked on save
 * by field: not a certificate, expired, the app certificate not the private key's, a root of
 * another chain.
 */
describe('certificates of the foreign keys', () => {
  let t: TestApp;
  let admin: Caller;
  const appKeys = generateKeyPairSync('rsa', { modulusLength: 2048 });

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signInAdmin(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  const alipayView = async (): Promise<ForeignKeyView> => {
    const items = (await callEndpoint(t.app, listForeignKeys, { as: admin })).ok().items;
    const found = items.find((item) => item.kind === 'alipay');
    if (!found) throw new Error('no alipay kind');
    return found;
  };
  const values = (certs: Awaited<ReturnType<typeof makeAlipayCertificates>>) => ({
    app_id: '2021000000000001',
    app_private_key: pem.private(appKeys.privateKey),
    app_cert: certs.app.pem,
    alipay_cert: certs.alipay.pem,
    alipay_root_cert: certs.rootPem,
  });
  const save = (body: Record<string, string>) =>
    callEndpoint(t.app, saveForeignKey, { as: admin, params: { kind: 'alipay' }, body: { values: body } });

  it('a certificate expiring in 10 days warns, one in 60 does not; the list says when each expires', async () => {
    const certs = await makeAlipayCertificates(appKeys, { app: 10, alipay: 60 });
    const saved = (await save(values(certs))).ok();
    expect(saved.certificates.map((c) => [c.field, c.status])).toEqual([
      ['app_cert', 'expiring'],
      ['alipay_cert', 'valid'],
      ['alipay_root_cert', 'valid'],
    ]);
    const view = await alipayView();
    const app = view.certificates.find((c) => c.field === 'app_cert');
    expect(app).toMatchObject({
      label: 'App public-key certificate (certificate mode)',
      serial: certs.app.certificate.serialNumber.toUpperCase(),
      expires_at: Math.floor(new Date(certs.app.certificate.validTo).getTime() / 1000),
      status: 'expiring',
    });
    // Other kinds hold no certificate.
    const items = (await callEndpoint(t.app, listForeignKeys, { as: admin })).ok().items;
    expect(items.find((item) => item.kind === 'google_oauth')?.certificates).toEqual([]);
  });

  it('WeChat Pay’s platform certificates, as payments download them, show their expiry; none in public-key mode', async () => {
    const wx = await startWechatpayStandIn({ mode: 'platform_certificate' });
    try {
      const saved = (
        await callEndpoint(t.app, saveForeignKey, {
          as: admin,
          params: { kind: 'wechatpay' },
          body: { values: wx.vaultValues() },
        })
      ).ok();
      const [platformCert] = wx.certificates;
      expect(saved.certificates).toEqual([
        {
          field: null,
          label: 'WeChat Pay platform certificate',
          serial: platformCert?.serial,
          expires_at: Math.floor((platformCert?.notAfter.getTime() ?? 0) / 1000),
          status: 'valid',
        },
      ]);
    } finally {
      await wx.close();
    }
    const publicKeyMode = await startWechatpayStandIn({ mode: 'public_key' });
    try {
      const saved = (
        await callEndpoint(t.app, saveForeignKey, {
          as: admin,
          params: { kind: 'wechatpay' },
          body: { values: publicKeyMode.vaultValues() },
        })
      ).ok();
      expect(saved.certificates).toEqual([]);
    } finally {
      await publicKeyMode.close();
    }
  });

  it('the status by the clock: past the expiry expired, within 30 days expiring, else valid', () => {
    const now = new Date('2026-06-01T00:00:00Z');
    expect(expiryStatus(new Date(now.getTime() - 1000), now)).toBe('expired');
    expect(expiryStatus(now, now)).toBe('expired');
    expect(expiryStatus(new Date(now.getTime() + 30 * DAY_MS), now)).toBe('expiring');
    expect(expiryStatus(new Date(now.getTime() + 30 * DAY_MS + 1000), now)).toBe('valid');
  });

  it('admins hear once when a certificate enters the 30-day window; an expired one says expired', async () => {
    const certs = await makeAlipayCertificates(appKeys, { app: 10, alipay: 60 });
    (await save(values(certs))).ok();
    const run = async () =>
      (await runReminders(t.platform)).filter((r) => r.reminder === 'foreign-keys.certificate-expiry');
    // The super admin only (the seeded one) may edit foreign keys here: one notice, the app certificate's.
    expect(await run()).toEqual([
      { reminder: 'foreign-keys.certificate-expiry', collected: 1, delivered: 1 },
    ]);
    expect(await run()).toEqual([
      { reminder: 'foreign-keys.certificate-expiry', collected: 1, delivered: 0 },
    ]);
    const inbox = (await callEndpoint(t.app, getBasicInfos, { as: admin })).ok().msgs_unread;
    expect(inbox.msgs[0]).toMatchObject({
      level: 'important',
      title: 'A certificate of Alipay expires within 30 days',
      link: '/admin/sys-settings/foreign-keys',
    });
    // A user who may not edit the keys hears nothing.
    const user = await signUpUser(t.app);
    expect((await callEndpoint(t.app, getBasicInfos, { as: user })).ok().msgs_unread.total).toBe(0);

    // A certificate saved while valid expires later: the vault holds it as it was saved.
    const expired = await issueCertificate(
      certs.root,
      appKeys,
      'app public key stand-in (expired)',
      new Date(Date.now() - DAY_MS),
      new Date(Date.now() - 400 * DAY_MS),
    );
    const sealed = new Sealer(t.platform.secret, 'foreign-keys').seal(
      JSON.stringify({ ...values(certs), app_cert: expired.pem }),
    );
    await t.platform.db.transaction((tx) => upsertForeignKey(tx, 'alipay', sealed, user.userId));
    const view = await alipayView();
    expect(view.certificates[0]).toMatchObject({ field: 'app_cert', status: 'expired' });
    expect(await run()).toEqual([
      { reminder: 'foreign-keys.certificate-expiry', collected: 1, delivered: 1 },
    ]);
    const after = (await callEndpoint(t.app, getBasicInfos, { as: admin })).ok().msgs_unread;
    expect(after.msgs.map((msg) => msg.title)).toContain('A certificate of Alipay has expired');
  });

  it('certificate mode is checked on save by field, with messages that say what is wrong', async () => {
    const certs = await makeAlipayCertificates(appKeys);
    const good = values(certs);
    const fields = async (body: Record<string, string>) => {
      const answer = await save(body);
      expect(answer.status).toBe(400);
      return answer.error().fields;
    };
    expect(await fields({ ...good, app_cert: 'not a certificate' })).toEqual({
      'values.app_cert': 'Not a certificate (PEM)',
    });
    // A field left out keeps its saved value; an empty one clears it.
    expect(await fields({ ...good, alipay_root_cert: '' })).toEqual({
      'values.alipay_root_cert': 'Certificate mode needs all three certificates',
    });
    expect(await fields({ ...good, app_cert: '', alipay_cert: '', alipay_root_cert: '' })).toEqual({
      'values.alipay_public_key': 'Give the Alipay public key, or the three certificates of certificate mode',
    });
    // The app certificate issued for another key.
    const other = await makeAlipayCertificates(generateKeyPairSync('rsa', { modulusLength: 2048 }));
    expect(await fields({ ...good, app_cert: other.app.pem })).toEqual({
      'values.app_cert': 'This certificate is not the app private key’s: give the app public-key certificate',
    });
    // Alipay's certificate and the root file of another chain.
    expect(await fields({ ...good, alipay_root_cert: other.rootPem })).toEqual({
      'values.alipay_root_cert': 'The Alipay public-key certificate does not chain to this root certificate',
    });
    // The app's own certificate where Alipay's goes.
    expect(await fields({ ...good, alipay_cert: certs.app.pem })).toMatchObject({
      'values.alipay_cert': "This is the app's own certificate: give the Alipay public-key certificate",
    });
    const lapsed = await issueCertificate(
      certs.root,
      generateKeyPairSync('rsa', { modulusLength: 2048 }),
      'Alipay public key stand-in (expired)',
      new Date(Date.now() - DAY_MS),
      new Date(Date.now() - 400 * DAY_MS),
    );
    expect(await fields({ ...good, alipay_cert: lapsed.pem })).toEqual({
      'values.alipay_cert': 'This certificate has expired',
    });
    // A paste into a one-line box (line breaks lost) is still read.
    const oneLine = Object.fromEntries(
      Object.entries(good).map(([key, value]) => [
        key,
        key.endsWith('_cert') ? value.replace(/\n/g, '') : value,
      ]),
    );
    expect(alipayValueProblems(oneLine)).toEqual({});
    expect(readCertificates(good.alipay_root_cert)).toHaveLength(2);
    expect((await save(good)).status).toBe(200);
  });
});
