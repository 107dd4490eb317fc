import {
  actOnStripeSchedule,
  getStripeSchedule,
  listStripeSchedules,
} from '@app/contract/billing/stripe-schedules';
import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { operationRecords, stripeSubscriptionSchedules, stripeSubscriptions } from '../../../db/schema';
import { type Caller, callEndpoint } from '../../../test/call-endpoint';
import type { StripeStandIn } from '../../../test/stripe-stand-in/stripe-stand-in';
import { signUpUser, type TestApp } from '../../../test/test-app';
import { planId } from '../../billing/billing.test-kit';
import { stripeClient } from '../../foreign-keys/stripe-api';
import { billsToPay } from '../bills-to-pay';
import { applyNotification } from '../notification-handler';
import {
  lastEventAbout,
  newTeamPaysOnStripe,
  orderOnStripe,
  payCheckout,
  useStripeApp,
} from './stripe-app.test-kit';
import {
  isScheduleEvent,
  SCHEDULE_EVENTS,
  scheduleNotification,
  syncStripeSchedule,
} from './stripe-schedules';
import { syncStripeSubscription } from './stripe-subscriptions';

/**
 * Stripe's subscription schedules (issue 27 item 9) against the repository's Stripe stand-in over
 * real HTTP on a real database: each `subscription_schedule.*` event is a hint, the schedule is
 * read back and mirrored (phases, current phase, team, our plan and order from the phases'
 * metadata); operators release or cancel one that is not over, with a reason, recorded.
 */
describe('Stripe subscription schedules (stand-in)', () => {
  let t: TestApp;
  let stripe: StripeStandIn;
  let admin: Caller;
  let client: Stripe;
  useStripeApp((app) => {
    ({ t, stripe, admin } = app);
    client = stripeClient({ secret_key: stripe.secretKey, base_url: stripe.url });
  });

  /** A new team subscribes to a plan on Stripe, pays on the hosted page; its subscription mirrored. */
  async function subscribe(key = 'team_monthly') {
    const { user, teamId, order, sessionId } = await newTeamPaysOnStripe(t, stripe, key);
    const subscriptionId = stripe.session(sessionId).subscription as string;
    return { user, teamId, order, subscriptionId };
  }

  /** The team downgrades, paid on Stripe: the subscription gets a schedule (stripe-downgrade.ts). */
  async function downgrade(user: Caller, key = 'pro_monthly') {
    const made = await orderOnStripe(t, user, key);
    expect(made.order.kind).toBe('downgrade');
    await payCheckout(stripe, made.sessionId);
    return made.order;
  }

  /** The last event Stripe made about an object. */
  const lastEvent = (type: string, objectId: string) => lastEventAbout(stripe, type, objectId);

  /** An event as the notify route takes it once verified: made a notification, then logged by the one handler. */
  const receive = async (event: Stripe.Event) =>
    applyNotification(
      t.platform.db,
      billsToPay(t.platform),
      'stripe',
      await scheduleNotification(t.platform, client, event),
    );

  const mirrorOf = async (id: string) =>
    (
      await t.platform.db
        .select()
        .from(stripeSubscriptionSchedules)
        .where(eq(stripeSubscriptionSchedules.id, id))
    )[0];

  const act = (id: string, action: 'release' | 'cancel', reason = 'customer asked by mail') =>
    callEndpoint(t.app, actOnStripeSchedule, { as: admin, params: { id }, body: { action, reason } });

  it('knows the schedule events, and only those', () => {
    for (const type of SCHEDULE_EVENTS) expect(isScheduleEvent({ type } as Stripe.Event)).toBe(true);
    expect(isScheduleEvent({ type: 'customer.subscription.updated' } as Stripe.Event)).toBe(false);
    expect(isScheduleEvent({ type: 'invoice.paid' } as Stripe.Event)).toBe(false);
  });

  it("a downgrade's schedule is mirrored from its event: the team, both phases with their plans and orders, what changes next", async () => {
    const { user, teamId, order, subscriptionId } = await subscribe();
    const down = await downgrade(user);
    const held = stripe.subscriptions.get(subscriptionId);
    const scheduleId = held.schedule as string;
    expect(scheduleId).toMatch(/^sub_sched_/);
    await receive(lastEvent('subscription_schedule.updated', scheduleId));

    const mirror = await mirrorOf(scheduleId);
    expect(mirror).toMatchObject({
      subscriptionId,
      teamId,
      status: 'active',
      endBehavior: 'release',
      customerId: held.customer,
    });
    const period = held.items.data[0];
    expect(mirror?.currentPhaseEnd?.getTime()).toBe((period?.current_period_end ?? 0) * 1000);

    const listed = (
      await callEndpoint(t.app, listStripeSchedules, { as: admin, query: { q: scheduleId } })
    ).ok();
    expect(listed.items.map((s) => s.id)).toEqual([scheduleId]);
    const [schedule] = listed.items;
    expect(schedule?.team?.id).toBe(teamId);
    const teamPlan = await planId(t, 'team_monthly');
    const proPlan = await planId(t, 'pro_monthly');
    expect(
      schedule?.phases.map((phase) => [phase.plan?.id, phase.order_id, phase.trial, phase.current]),
    ).toEqual([
      [teamPlan, order.id, false, true],
      [proPlan, down.id, true, false],
    ]);
    const stripePhases = stripe.schedules.held.get(scheduleId)?.schedule.phases ?? [];
    expect(schedule?.phases.map((phase) => [phase.start, phase.end, phase.items[0]?.price_id])).toEqual(
      stripePhases.map((phase) => [phase.start_date, phase.end_date, phase.items[0]?.price]),
    );
    expect(schedule?.phases[1]?.items[0]).toMatchObject({ currency: 'USD', quantity: 1 });
    // The prices come expanded (Stripe answers `phases.items.price` with the prices themselves; the
    // stand-in keeps ids, read one by one, so its amounts are left unknown).
    const read = stripe.requests.findLast(
      (r) => r.method === 'GET' && r.path === `/v1/subscription_schedules/${scheduleId}`,
    );
    expect(read?.form.expand).toEqual(['phases.items.price']);
    // What changes next: the downgrade, at the period's end.
    expect([schedule?.next_phase?.plan?.id, schedule?.next_phase?.start]).toEqual([
      proPlan,
      period?.current_period_end,
    ]);
    // Filtered by team and by status, as the page asks.
    const filters = (items: object[]) => JSON.stringify(items);
    const byTeam = (
      await callEndpoint(t.app, listStripeSchedules, {
        as: admin,
        query: { filters: filters([{ field: 'team_id', operator: 'eq', value: teamId }]) },
      })
    ).ok();
    expect(byTeam.items.map((s) => s.id)).toEqual([scheduleId]);
    const released = (
      await callEndpoint(t.app, listStripeSchedules, {
        as: admin,
        query: {
          q: scheduleId,
          filters: filters([{ field: 'status', operator: 'in', value: 'released;canceled' }]),
        },
      })
    ).ok();
    expect(released.items).toEqual([]);

    const detail = (
      await callEndpoint(t.app, getStripeSchedule, { as: admin, params: { id: scheduleId } })
    ).ok();
    expect(detail.schedule.phases).toHaveLength(2);
    expect(detail.events.map((e) => e.type)).toContain('subscription_schedule.updated');
    // No payment is referenced by a schedule: its events are recorded in its mirror, not unknown.
    expect(new Set(detail.events.map((e) => [e.outcome, e.detail].join(': ')))).toEqual(
      new Set(['recorded: kept in the subscription schedules mirror']),
    );
    // Each phase's order by its readable number.
    const ordered = detail.schedule.phases.filter((phase) => phase.order_id !== null);
    expect(ordered.length).toBeGreaterThan(0);
    for (const phase of ordered) expect(phase.order_num).toMatch(/^\d{8}-\d{6}$/);
  });

  it('events twice or out of order leave the schedule as Stripe holds it', async () => {
    const { user, subscriptionId } = await subscribe();
    await downgrade(user);
    const scheduleId = stripe.subscriptions.get(subscriptionId).schedule as string;
    const created = lastEvent('subscription_schedule.created', scheduleId);
    const updated = lastEvent('subscription_schedule.updated', scheduleId);
    // The update first, then the older creation, then the update again: read back each time.
    await receive(updated);
    await receive(created);
    await receive(updated);
    const mirror = await mirrorOf(scheduleId);
    expect(mirror?.phases).toHaveLength(2);
    expect(mirror?.status).toBe('active');
  });

  it('a schedule made from a subscription with two phases and end_behavior cancel completes at its end', async () => {
    const { teamId, subscriptionId } = await subscribe('pro_monthly');
    const made = await client.subscriptionSchedules.create({ from_subscription: subscriptionId });
    const first = made.phases[0];
    if (!first) throw new Error('no phase');
    const price = typeof first.items[0]?.price === 'string' ? first.items[0].price : '';
    await client.subscriptionSchedules.update(made.id, {
      end_behavior: 'cancel',
      phases: [
        { items: [{ price, quantity: 1 }], start_date: first.start_date, end_date: first.end_date },
        { items: [{ price, quantity: 1 }], duration: { interval: 'month', interval_count: 1 } },
      ],
    });
    const synced = await t.platform.db.transaction((tx) => syncStripeSchedule(tx, client, made.id));
    // No metadata names the team: the subscription's mirror does.
    expect([synced?.teamId, synced?.endBehavior, synced?.phases.length]).toEqual([teamId, 'cancel', 2]);

    stripe.renew(subscriptionId);
    await stripe.webhooks.idle();
    await receive(lastEvent('subscription_schedule.updated', made.id));
    const second = (
      await callEndpoint(t.app, getStripeSchedule, { as: admin, params: { id: made.id } })
    ).ok();
    expect(second.schedule.phases.map((phase) => phase.current)).toEqual([false, true]);
    // Past the last phase, the schedule ends what comes after: nothing.
    expect(second.schedule.next_phase).toBeNull();

    stripe.renew(subscriptionId);
    await stripe.webhooks.idle();
    await receive(lastEvent('subscription_schedule.completed', made.id));
    const over = (await callEndpoint(t.app, getStripeSchedule, { as: admin, params: { id: made.id } })).ok();
    expect(over.schedule.status).toBe('completed');
    expect(over.schedule.completed_at).not.toBeNull();
    expect(over.schedule.current_phase).toBeNull();
    expect((await act(made.id, 'release')).status).toBe(409);
  });

  it('an operator releases a schedule with a reason, recorded; the subscription renews as it is, and a released schedule is not changed again', async () => {
    const { user, subscriptionId } = await subscribe();
    await downgrade(user);
    const scheduleId = stripe.subscriptions.get(subscriptionId).schedule as string;
    await t.platform.db.transaction((tx) => syncStripeSchedule(tx, client, scheduleId));

    // A reason is required: nothing changes without one.
    expect((await act(scheduleId, 'release', '')).status).toBe(400);
    expect(stripe.schedules.held.get(scheduleId)?.schedule.status).toBe('active');

    const released = (await act(scheduleId, 'release')).ok();
    expect(released.schedule).toMatchObject({
      status: 'released',
      subscription_id: subscriptionId,
      released_subscription: subscriptionId,
      next_phase: null,
    });
    expect(released.schedule.released_at).not.toBeNull();
    expect(stripe.subscriptions.get(subscriptionId).schedule).toBeNull();
    // The subscription's mirror is read at once: no schedule any more, still active.
    const subscription = (
      await t.platform.db.select().from(stripeSubscriptions).where(eq(stripeSubscriptions.id, subscriptionId))
    )[0];
    expect([subscription?.scheduleId, subscription?.status]).toEqual([null, 'active']);

    const records = await t.platform.db
      .select()
      .from(operationRecords)
      .where(eq(operationRecords.targetId, scheduleId));
    expect(records.map((r) => [r.action, r.result])).toEqual([['stripe.schedule.release', 'success']]);
    const done = records[0];
    expect(done?.before).toMatchObject({ reason: 'customer asked by mail', status: 'active' });
    expect(done?.after).toMatchObject({ reason: 'customer asked by mail', status: 'released' });

    expect((await act(scheduleId, 'release')).status).toBe(409);
    expect((await act(scheduleId, 'cancel')).status).toBe(409);
  });

  it('an operator cancels a schedule: the subscription ends at once', async () => {
    const { user, subscriptionId } = await subscribe();
    await downgrade(user);
    const scheduleId = stripe.subscriptions.get(subscriptionId).schedule as string;
    await t.platform.db.transaction((tx) => syncStripeSchedule(tx, client, scheduleId));

    const canceled = (await act(scheduleId, 'cancel', 'fraud')).ok();
    expect(canceled.schedule.status).toBe('canceled');
    expect(canceled.schedule.canceled_at).not.toBeNull();
    expect(stripe.subscriptions.get(subscriptionId).status).toBe('canceled');
    await stripe.webhooks.idle();
    const subscription = await t.platform.db.transaction((tx) =>
      syncStripeSubscription(tx, client, subscriptionId),
    );
    expect(subscription?.status).toBe('canceled');
  });

  it('a schedule Stripe does not have is not mirrored; an unknown one is not found', async () => {
    expect(
      await t.platform.db.transaction((tx) => syncStripeSchedule(tx, client, 'sub_sched_nope')),
    ).toBeNull();
    const missing = await callEndpoint(t.app, getStripeSchedule, {
      as: admin,
      params: { id: 'sub_sched_nope' },
    });
    expect(missing.status).toBe(404);
    expect((await act('sub_sched_nope', 'release')).status).toBe(404);
  });

  it("a member cannot read or change Stripe's schedules", async () => {
    const user = await signUpUser(t.app);
    expect((await callEndpoint(t.app, listStripeSchedules, { as: user, query: {} })).status).toBe(403);
    expect(
      (await callEndpoint(t.app, getStripeSchedule, { as: user, params: { id: 'sub_sched_nope' } })).status,
    ).toBe(403);
    expect(
      (
        await callEndpoint(t.app, actOnStripeSchedule, {
          as: user,
          params: { id: 'sub_sched_nope' },
          body: { action: 'release', reason: 'x' },
        })
      ).status,
    ).toBe(403);
  });
});
