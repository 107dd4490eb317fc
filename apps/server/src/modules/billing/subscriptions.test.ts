import { refundOrder } from '@app/contract/billing/admin-orders';
import { listMyCreditLedger } from '@app/contract/billing/credits';
import { previewOrder } from '@app/contract/billing/orders';
import { listPlans } from '@app/contract/billing/plans';
import {
  cancelSubscription,
  extendSubscription,
  getMySubscription,
  listAdminSubscriptions,
  listSubscriptionHistory,
} from '@app/contract/billing/subscriptions';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditLedger, inboxMessages, operationRecords, orders, subscriptions } from '../../db/schema';
import { toSeconds } from '../../platform/list-query';
import { callEndpoint } from '../../test/call-endpoint';
import { createTestApp, signInAdmin, signUpUser, type TestApp } from '../../test/test-app';
import { reserveCredits, settleCredits } from '../credits/credits.service';
import { runReminders } from '../messages/reminders.job';
import { balanceOf, buyPlan, ledgerExplains, planId, shiftActivePeriod, teamIdOf } from './billing.test-kit';
import { addValidity, proRataCredit } from './periods';
import { rollOverDue } from './subscriptions.service';

describe('subscriptions: upgrade, downgrade, renewal, expiry, refund', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signInAdmin>>;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signInAdmin(t.app);
  });
  afterAll(() => t.close());

  /** The team's order numbers, oldest first. */
  const ordersOf = async (teamId: string) =>
    (
      await t.platform.db.select().from(orders).where(eq(orders.teamId, teamId)).orderBy(orders.createdAt)
    ).map((order) => order.orderNum);

  const ledgerOf = (teamId: string) =>
    t.platform.db.select().from(creditLedger).where(eq(creditLedger.teamId, teamId)).orderBy(creditLedger.id);

  /** Ends the team's active period a second ago, then runs the period job. */
  async function endPeriod(teamId: string) {
    await t.platform.db
      .update(subscriptions)
      .set({ periodStart: new Date(Date.now() - 30 * 86_400_000), periodEnd: new Date(Date.now() - 1000) })
      .where(and(eq(subscriptions.teamId, teamId), eq(subscriptions.status, 'active')));
    await rollOverDue(t.platform);
  }

  it('periods follow the calendar: a month from 31 January ends on the last day of February', () => {
    expect(addValidity(new Date('2026-01-31T10:00:00Z'), 1, 'month').toISOString()).toBe(
      '2026-02-28T10:00:00.000Z',
    );
    expect(addValidity(new Date('2028-02-29T00:00:00Z'), 1, 'year').toISOString()).toBe(
      '2029-02-28T00:00:00.000Z',
    );
    expect(addValidity(new Date('2026-03-01T00:00:00Z'), 7, 'day').toISOString()).toBe(
      '2026-03-08T00:00:00.000Z',
    );
  });

  it('pro-rata credit is the unused part of the period, rounded down to the cent', () => {
    const start = new Date('2026-04-01T00:00:00Z');
    const end = new Date('2026-05-01T00:00:00Z');
    expect(proRataCredit(1900, start, end, new Date('2026-04-11T00:00:00Z'))).toBe(1266);
    expect(proRataCredit(1900, start, end, start)).toBe(1900);
    expect(proRataCredit(1900, start, end, end)).toBe(0);
    expect(proRataCredit(1900, start, end, new Date('2026-06-01T00:00:00Z'))).toBe(0);
    // A yearly price times milliseconds passes 2^53: still exact.
    expect(proRataCredit(99_999_999, start, addValidity(start, 10, 'year'), start)).toBe(99_999_999);
  });

  it('an upgrade takes effect at once with the unused part of the old period credited; the old grant expires, the new one is given', async () => {
    const user = await signUpUser(t.app);
    const teamId = await teamIdOf(t, user);
    await buyPlan(t, user, 'pro_monthly');
    // Ten days into a thirty-day period.
    await shiftActivePeriod(t, teamId, 10, 20);
    const plans = (await callEndpoint(t.app, listPlans, { as: user })).ok();
    expect(plans.items.find((plan) => plan.key === 'team_monthly')?.choice).toBe('upgrade');
    expect(plans.items.find((plan) => plan.key === 'pro_monthly')?.choice).toBe('renew');
    // The same tier for a year is a switch of period: neither an upgrade nor a downgrade.
    expect(plans.items.find((plan) => plan.key === 'pro_yearly')?.choice).toBe('switch_period');
    expect(plans.items.find((plan) => plan.key === 'free')?.choice).toBe('unavailable');

    const preview = (
      await callEndpoint(t.app, previewOrder, {
        as: user,
        query: { plan_id: await planId(t, 'team_monthly') },
      })
    ).ok();
    // 1900 x 20/30 = 1266.67, rounded down.
    expect(preview).toMatchObject({ kind: 'upgrade', price: 4900, proration_credit: 1266, pay_amount: 3634 });

    const bought = await buyPlan(t, user, 'team_monthly');
    expect(bought.order).toMatchObject({ kind: 'upgrade', proration_credit: 1266, pay_amount: 3634 });
    const sub = (await callEndpoint(t.app, getMySubscription, { as: user })).ok();
    expect(sub.subscription.plan_key).toBe('team_monthly');
    expect(sub.subscription.period_start).toBeGreaterThanOrEqual(toSeconds(new Date()) - 60);
    expect(sub.credits).toMatchObject({ balance: 6000, granted: 6000 });
    const kinds = (await ledgerOf(teamId)).map((entry) => [entry.kind, entry.amount]);
    expect(kinds.slice(-2)).toEqual([
      ['expire', -2000],
      ['grant', 6000],
    ]);
    expect(await ledgerExplains(t, teamId)).toBe(true);
  });

  it("a grant's expiry names the plan whose grant expires (Free on an upgrade to Pro), in the reader's language", async () => {
    const user = await signUpUser(t.app);
    const teamId = await teamIdOf(t, user);
    const bought = await buyPlan(t, user, 'pro_monthly');
    await buyPlan(t, user, 'credits_1000');
    const ledger = async (language: string) =>
      (
        await callEndpoint(t.app, listMyCreditLedger, {
          as: user,
          headers: { 'accept-language': language },
        })
      )
        .ok()
        // Newest first: read it oldest first.
        .items.reverse()
        .map((entry) => [entry.kind, entry.amount, entry.note]);
    // The Free plan's grant expires when Pro starts: its note names Free, the plan actually
    // expiring, not Pro (the plan of the order that caused it, which the entry still references).
    expect(await ledger('en-US')).toEqual([
      ['grant', 100, 'Credits of Free for this period'],
      ['expire', -100, 'Unused credits of Free expired'],
      ['grant', 2000, 'Credits of Pro for this period'],
      ['purchase', 1000, `Bought 1,000 credits, order ${(await ordersOf(teamId)).at(-1)}`],
    ]);
    const expiry = (await ledgerOf(teamId)).find((entry) => entry.kind === 'expire');
    expect(expiry).toMatchObject({ referenceType: 'order', referenceId: bought.order.id });
    // Rendered whenever read, in the reader's language: the seeded plan names too.
    expect((await ledger('zh-CN')).map(([, , note]) => note)).toEqual([
      '免费本期积分',
      '免费未用完的积分已过期',
      '专业版本期积分',
      `购买1,000 积分，订单 ${(await ordersOf(teamId)).at(-1)}`,
    ]);
  });

  it('the expiry at the end of a paid period names that plan, and the free grant after it names Free', async () => {
    const user = await signUpUser(t.app);
    const teamId = await teamIdOf(t, user);
    await buyPlan(t, user, 'pro_monthly');
    await endPeriod(teamId);
    const notes = (await ledgerOf(teamId)).slice(-2).map((entry) => [entry.kind, entry.note]);
    expect(notes).toEqual([
      ['expire', 'Unused credits of Pro expired'],
      ['grant', 'Credits of Free for this period'],
    ]);
  });

  it('a downgrade waits for the end of the period, then starts with its own grant', async () => {
    const user = await signUpUser(t.app);
    const teamId = await teamIdOf(t, user);
    await buyPlan(t, user, 'team_monthly');
    const current = (await callEndpoint(t.app, getMySubscription, { as: user })).ok();
    const down = await buyPlan(t, user, 'pro_monthly');
    expect(down.order.kind).toBe('downgrade');
    expect(down.order.starts_time).toBe(current.subscription.period_end);
    const waiting = (await callEndpoint(t.app, getMySubscription, { as: user })).ok();
    expect(waiting.subscription.plan_key).toBe('team_monthly');
    expect(waiting.scheduled).toMatchObject({ plan_key: 'pro_monthly', status: 'scheduled' });
    expect(waiting.credits.balance).toBe(6000);

    await endPeriod(teamId);
    const after = (await callEndpoint(t.app, getMySubscription, { as: user })).ok();
    expect(after.subscription.plan_key).toBe('pro_monthly');
    expect(after.scheduled).toBeNull();
    expect(after.credits).toMatchObject({ balance: 2000, granted: 2000 });
    expect(await ledgerExplains(t, teamId)).toBe(true);
  });

  it('expiry falls back to free: the paid grant expires, purchased credits stay, the free grant is given', async () => {
    const user = await signUpUser(t.app);
    const teamId = await teamIdOf(t, user);
    await buyPlan(t, user, 'pro_monthly');
    await buyPlan(t, user, 'credits_1000');
    expect((await balanceOf(t, teamId)).balance).toBe(3000);
    await endPeriod(teamId);
    const sub = (await callEndpoint(t.app, getMySubscription, { as: user })).ok();
    expect(sub.subscription.plan_key).toBe('free');
    expect(sub.credits).toMatchObject({ balance: 1100, granted: 100, granted_remaining: 100 });
    const history = (await callEndpoint(t.app, listSubscriptionHistory, { as: user })).ok();
    expect(history.items.map((event) => event.kind).slice(0, 3)).toEqual(['start', 'expire', 'subscribe']);
    expect(await ledgerExplains(t, teamId)).toBe(true);
  });

  it('the free plan renews itself each period with a fresh grant (the old one expires)', async () => {
    const user = await signUpUser(t.app);
    const teamId = await teamIdOf(t, user);
    const held = await reserveCredits(
      t.platform,
      { teamId, userId: user.userId },
      { functionKey: 'chat', estimate: 40 },
    );
    await settleCredits(t.platform, held, { credits: 40 });
    await endPeriod(teamId);
    expect(await balanceOf(t, teamId)).toMatchObject({ balance: 100, granted: 100, grantedRemaining: 100 });
    expect((await ledgerOf(teamId)).map((entry) => entry.kind)).toEqual([
      'grant',
      'usage',
      'expire',
      'grant',
    ]);
  });

  it('renewing the current plan adds a period after the paid time; its credits come when it starts', async () => {
    const user = await signUpUser(t.app);
    const teamId = await teamIdOf(t, user);
    await buyPlan(t, user, 'pro_monthly');
    const renewal = await buyPlan(t, user, 'pro_monthly');
    expect(renewal.order.kind).toBe('renew');
    expect((await balanceOf(t, teamId)).balance).toBe(2000);
    await endPeriod(teamId);
    const sub = (await callEndpoint(t.app, getMySubscription, { as: user })).ok();
    expect(sub.subscription).toMatchObject({ plan_key: 'pro_monthly' });
    expect(sub.credits.granted_remaining).toBe(2000);
  });

  it('a refund reverses the credits granted (a refund entry), cuts the subscription back to free, and reads refunded', async () => {
    const user = await signUpUser(t.app);
    const teamId = await teamIdOf(t, user);
    const bought = await buyPlan(t, user, 'pro_monthly');
    const held = await reserveCredits(
      t.platform,
      { teamId, userId: user.userId },
      { functionKey: 'chat', estimate: 500 },
    );
    await settleCredits(t.platform, held, { credits: 500 });
    const res = await callEndpoint(t.app, refundOrder, {
      as: admin,
      params: { id: bought.order.id },
      body: { reason: 'customer asked within 14 days' },
    });
    const refund = res.ok();
    expect(refund.order).toMatchObject({ status: 'refunded' });
    expect(refund.refund).toMatchObject({
      amount: 1900,
      credits_reversed: 1500,
      reason: 'customer asked within 14 days',
    });
    const entries = (await ledgerOf(teamId)).filter((entry) => entry.referenceId === bought.order.id);
    // The free grant's remainder expired when the order started Pro; Pro's unused part is taken back.
    expect(entries.map((entry) => [entry.kind, entry.amount])).toEqual([
      ['expire', -100],
      ['grant', 2000],
      ['refund', -1500],
    ]);
    const sub = (await callEndpoint(t.app, getMySubscription, { as: user })).ok();
    expect(sub.subscription.plan_key).toBe('free');
    expect(sub.credits.balance).toBe(100);
    expect(await ledgerExplains(t, teamId)).toBe(true);
    // Once only.
    const again = await callEndpoint(t.app, refundOrder, {
      as: admin,
      params: { id: bought.order.id },
      body: { reason: 'twice' },
    });
    expect(again.error().error_code).toBe('CONFLICT');
  });

  it('reminds the owner 7 days and 1 day before a paid plan ends, each once, through the reminder framework', async () => {
    const user = await signUpUser(t.app);
    const teamId = await teamIdOf(t, user);
    await buyPlan(t, user, 'pro_monthly');
    const mine = () =>
      t.platform.db.select().from(inboxMessages).where(eq(inboxMessages.userId, user.userId));
    await shiftActivePeriod(t, teamId, 25, 5);
    await runReminders(t.platform);
    await runReminders(t.platform);
    expect((await mine()).map((message) => message.title)).toEqual(['Your plan ends in 7 days']);
    await shiftActivePeriod(t, teamId, 29, 0.5);
    await runReminders(t.platform);
    const titles = (await mine()).map((message) => message.title).sort();
    expect(titles).toEqual(['Your plan ends in 7 days', 'Your plan ends tomorrow']);
    expect((await mine()).every((message) => message.link === '/account/subscription')).toBe(true);
  });

  it('admins find subscriptions, extend one and cancel one, each with a reason and an operation record', async () => {
    const user = await signUpUser(t.app, { name: 'Extend Me' });
    const teamId = await teamIdOf(t, user);
    await buyPlan(t, user, 'pro_monthly');
    const found = (
      await callEndpoint(t.app, listAdminSubscriptions, {
        as: admin,
        query: {
          q: user.email,
          filters: JSON.stringify([{ field: 'status', operator: 'eq', value: 'active' }]),
        },
      })
    ).ok();
    expect(found.items).toHaveLength(1);
    const sub = found.items[0];
    if (!sub) throw new Error('no subscription');
    const extended = (
      await callEndpoint(t.app, extendSubscription, {
        as: admin,
        params: { id: sub.id },
        body: { validity: 7, validity_unit: 'day', reason: 'service outage' },
      })
    ).ok();
    expect(extended.subscription.period_end - sub.period_end).toBe(7 * 86400);
    const missing = await callEndpoint(t.app, extendSubscription, {
      as: admin,
      params: { id: sub.id },
      body: { validity: 7, validity_unit: 'day', reason: '' },
    });
    expect(missing.error()).toMatchObject({
      error_code: 'VALIDATION_ERROR',
      fields: { reason: expect.any(String) },
    });

    const canceled = (
      await callEndpoint(t.app, cancelSubscription, {
        as: admin,
        params: { id: sub.id },
        body: { reason: 'fraud' },
      })
    ).ok();
    expect(canceled.subscription).toMatchObject({ status: 'canceled', cancel_reason: 'fraud' });
    expect(canceled.fallback).toMatchObject({ plan_key: 'free', status: 'active' });
    expect((await balanceOf(t, teamId)).balance).toBe(100);
    const records = await t.platform.db
      .select({ action: operationRecords.action })
      .from(operationRecords)
      .where(eq(operationRecords.targetId, sub.id));
    expect(records.map((record) => record.action).sort()).toEqual([
      'subscription.cancel',
      'subscription.extend',
    ]);
    const free = (await callEndpoint(t.app, getMySubscription, { as: user })).ok().subscription;
    const refused = await callEndpoint(t.app, cancelSubscription, {
      as: admin,
      params: { id: free.id },
      body: { reason: 'x' },
    });
    expect(refused.error().error_code).toBe('CONFLICT');
  });
});
