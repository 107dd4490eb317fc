import { createServer } from 'node:net';
import { saveForeignKey } from '@app/contract/admin/foreign-keys/foreign-keys';
import { createOrder, getBill } from '@app/contract/billing/orders';
import { and, asc, eq, gte, inArray } from 'drizzle-orm';
import {
  creditLedger,
  paymentNotifications,
  payments,
  plans,
  socialAccounts,
  wechatOpenids,
} from '../../db/schema';
import { type Caller, callEndpoint } from '../../test/call-endpoint';
import { createTestApp, type TestApp } from '../../test/test-app';
import { planId } from '../billing/billing.test-kit';

/**
 * Shared steps of the WeChat Pay and Alipay tests: an app in location `cn` listening on a real
 * port (the providers' notices come over the network, to the `notify_url` built from PUBLIC_URL),
 * and reads of what a payment left behind.
 */

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** An app for location `cn` (CNY plans), listening where its PUBLIC_URL says. */
export async function startCnApp(): Promise<TestApp & { base: string }> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const t = await createTestApp({ REGION: 'cn', PUBLIC_URL: base });
  await t.app.listen({ port, host: '127.0.0.1' });
  return { ...t, base };
}

export async function saveKeys(
  t: TestApp,
  admin: Caller,
  kind: 'wechatpay' | 'alipay',
  values: Record<string, string>,
) {
  return callEndpoint(t.app, saveForeignKey, { as: admin, params: { kind }, body: { values } });
}

/** Confirms a plan: its order and unpaid bill. */
export async function confirmPlan(t: TestApp, who: Caller, key = 'pro_monthly') {
  return (await callEndpoint(t.app, createOrder, { as: who, body: { plan_id: await planId(t, key) } })).ok();
}

/** Sets a seeded plan's price (minor units) and currency, for bills of a given amount. */
export async function setPlanPrice(t: TestApp, key: string, price: number, currency = 'CNY') {
  await t.platform.db.update(plans).set({ price, currency }).where(eq(plans.key, key));
}

export const billStatus = async (t: TestApp, who: Caller, billId: string) =>
  (await callEndpoint(t.app, getBill, { as: who, query: { id: billId } })).ok().bill.status;

/** The outcomes of one trade's notices, in the order they were logged. */
export const outcomesOf = async (t: TestApp, provider: string, ref: string) =>
  (
    await t.platform.db
      .select({ outcome: paymentNotifications.outcome })
      .from(paymentNotifications)
      .where(and(eq(paymentNotifications.provider, provider), eq(paymentNotifications.providerRef, ref)))
      .orderBy(asc(paymentNotifications.createdAt))
  ).map((row) => row.outcome);

export const notificationsOf = (t: TestApp, provider: string, ref: string) =>
  t.platform.db
    .select()
    .from(paymentNotifications)
    .where(and(eq(paymentNotifications.provider, provider), eq(paymentNotifications.providerRef, ref)))
    .orderBy(asc(paymentNotifications.createdAt));

/** Refused (unverified) notices of a provider logged since a time. */
export const refusedSince = async (t: TestApp, provider: string, since: Date) =>
  t.platform.db
    .select()
    .from(paymentNotifications)
    .where(
      and(
        eq(paymentNotifications.provider, provider),
        eq(paymentNotifications.outcome, 'refused_signature'),
        gte(paymentNotifications.createdAt, since),
      ),
    )
    .orderBy(asc(paymentNotifications.createdAt));

/** What the order put on the ledger: a plan's grant or a pack's purchase. */
export const grantsOf = (t: TestApp, orderId: string) =>
  t.platform.db
    .select()
    .from(creditLedger)
    .where(and(eq(creditLedger.referenceId, orderId), inArray(creditLedger.kind, ['grant', 'purchase'])));

export const paymentRow = async (t: TestApp, provider: string, ref: string) => {
  const [row] = await t.platform.db
    .select()
    .from(payments)
    .where(and(eq(payments.provider, provider), eq(payments.providerRef, ref)));
  return row ?? null;
};

export const paymentsOfBill = (t: TestApp, billId: string) =>
  t.platform.db.select().from(payments).where(eq(payments.billId, billId)).orderBy(asc(payments.createdAt));

/**
 * The user's WeChat account, linked and seen under the official account with this openid: what
 * the silent sign-in inside WeChat leaves behind (the social module's own tests go through it).
 */
export async function linkWechat(t: TestApp, userId: string, appId: string, openid: string) {
  const [account] = await t.platform.db
    .insert(socialAccounts)
    .values({ userId, provider: 'wechat', subject: `${appId}:${openid}`, displayName: 'WeChat user' })
    .returning();
  if (!account) throw new Error('no social account');
  await t.platform.db.insert(wechatOpenids).values({ appId, openid, socialAccountId: account.id });
}

/** Waits until `check` holds (a notice delivered in the background), at most `ms`. */
export async function until(check: () => boolean | Promise<boolean>, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
