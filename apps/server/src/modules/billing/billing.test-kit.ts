import { randomBytes } from 'node:crypto';
import { createOrder } from '@app/contract/billing/orders';
import { createPayment } from '@app/contract/billing/payments';
import { getBasicInfos } from '@app/contract/user/get-basic-infos';
import { eq, sql } from 'drizzle-orm';
import { bills, plans, subscriptions, teamCredits } from '../../db/schema';
import { toSeconds } from '../../platform/list-query';
import { type Caller, callEndpoint } from '../../test/call-endpoint';
import type { TestApp } from '../../test/test-app';
import { ledgerSum } from '../credits/credits.repo';
import { SIGNATURE_HEADER, signNotification } from '../payments/sandbox/sandbox-keys';
import type { SandboxEvent } from '../payments/sandbox/sandbox-provider';

/** Shared steps of the billing tests: real endpoints, a real database. */

export async function teamIdOf(t: TestApp, who: Caller): Promise<string> {
  return (await callEndpoint(t.app, getBasicInfos, { as: who })).ok().team.id;
}

export async function planId(t: TestApp, key: string): Promise<string> {
  const [row] = await t.platform.db.select({ id: plans.id }).from(plans).where(eq(plans.key, key));
  if (!row) throw new Error(`no plan ${key}`);
  return row.id;
}

/** Confirms a plan and starts paying it with the sandbox provider; answers the order, bill and reference. */
export async function startPaying(t: TestApp, who: Caller, key: string) {
  const made = (
    await callEndpoint(t.app, createOrder, { as: who, body: { plan_id: await planId(t, key) } })
  ).ok();
  const payment = (
    await callEndpoint(t.app, createPayment, { as: who, body: { bill_id: made.bill.id, method: 'sandbox' } })
  ).ok();
  if (payment.next.kind !== 'redirect') throw new Error('the sandbox redirects');
  const session = new URL(payment.next.url, 'http://x').searchParams.get('session') ?? '';
  const ref = JSON.parse(Buffer.from(session.split('.')[0] ?? '', 'base64url').toString()).ref as string;
  return { ...made, payment, session, ref };
}

/** A notification signed as the sandbox provider signs it (what its hosted page sends). */
export function sandboxNotification(
  t: TestApp,
  data: { reference: string; amount: number; currency: string },
  type: SandboxEvent['type'] = 'payment.succeeded',
  id = `evt_${randomBytes(8).toString('hex')}`,
) {
  const event: SandboxEvent = { id, type, created: toSeconds(new Date()), data };
  const rawBody = JSON.stringify(event);
  return {
    rawBody,
    headers: {
      'content-type': 'application/json',
      [SIGNATURE_HEADER]: signNotification(t.platform.secret, rawBody),
    },
  };
}

export function postNotification(t: TestApp, note: { rawBody: string; headers: Record<string, string> }) {
  return t.app.inject({
    method: 'POST',
    url: '/api/payments/notify/sandbox',
    payload: note.rawBody,
    headers: note.headers,
  });
}

/** Pays through the hosted page's form, as a browser would. */
export function submitCheckout(t: TestApp, session: string, outcome: 'pay' | 'fail' | 'cancel') {
  return t.app.inject({
    method: 'POST',
    url: '/api/payments/sandbox/checkout',
    payload: new URLSearchParams({ session, outcome }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
}

export async function buyPlan(t: TestApp, who: Caller, key: string) {
  const paying = await startPaying(t, who, key);
  const res = await submitCheckout(t, paying.session, 'pay');
  if (res.statusCode !== 200 || !res.body.includes('/payment/result'))
    throw new Error(`not paid: ${res.body}`);
  return paying;
}

export async function balanceOf(t: TestApp, teamId: string) {
  const [row] = await t.platform.db.select().from(teamCredits).where(eq(teamCredits.teamId, teamId));
  if (!row) throw new Error('no balance row');
  return row;
}

/** The balance equals the sum of its ledger: every credit is explained. */
export async function ledgerExplains(t: TestApp, teamId: string): Promise<boolean> {
  return (await balanceOf(t, teamId)).balance === (await ledgerSum(t.platform.db, teamId));
}

/** Moves the team's active period so that it started `daysAgo` and ends in `daysLeft` days. */
export async function shiftActivePeriod(t: TestApp, teamId: string, daysAgo: number, daysLeft: number) {
  const day = 86_400_000;
  const now = Date.now();
  await t.platform.db
    .update(subscriptions)
    .set({ periodStart: new Date(now - daysAgo * day), periodEnd: new Date(now + daysLeft * day) })
    .where(sql`${subscriptions.teamId} = ${teamId} and ${subscriptions.status} = 'active'`);
}

export async function expireBillNow(t: TestApp, billId: string) {
  await t.platform.db
    .update(bills)
    .set({ expiresAt: new Date(Date.now() - 1000) })
    .where(eq(bills.id, billId));
}
