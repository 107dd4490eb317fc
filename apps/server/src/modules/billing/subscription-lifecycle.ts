import { AppError } from '../../platform/app-error';
import type { Db, Tx } from '../../platform/db';
import { findBalance, insertBalance } from '../credits/credits.service';
import { addPurchased, grantPeriod, purchaseNote, takeBack } from '../credits/ledger';
import { readDynamicConfigIn } from '../dynamic-configs/dynamic-configs.service';
import type { OrderRow } from './orders.repo';
import { addValidity } from './periods';
import { findActivePlanByKeyOrId, findDefaultPlan, type PlanRow } from './plans.repo';
import {
  type ActiveRecord,
  findSubscription,
  insertEvent,
  insertSubscription,
  lockActive,
  type SubscriptionRow,
  scheduledChain,
  subscriptionsOfOrder,
  updateSubscription,
} from './subscriptions.repo';

/**
 * How a team's plan changes over time, each step inside the caller's transaction with the team's
 * active subscription locked first (so a payment, the period job and an operator never change one
 * team at once). A subscription row is one period of one plan: the `active` row is now, paid
 * renewals and downgrades wait as `scheduled` rows, one after another. Credits are granted when a
 * row becomes active; the previous grant's remainder expires then.
 */

interface Actor {
  actorId?: string | null;
  reason?: string | null;
}

/**
 * The plan a team holds without a paid one: the admin's `default_plan` dynamic config when it
 * names an active subscription plan, else the plan marked default.
 */
async function defaultPlan(tx: Tx): Promise<PlanRow> {
  const wanted = await readDynamicConfigIn(tx, 'default_plan');
  const chosen = wanted ? await findActivePlanByKeyOrId(tx, wanted) : null;
  if (chosen) return chosen;
  const plan = await findDefaultPlan(tx);
  if (!plan) throw new Error('no default plan: the billing seed has not run');
  return plan;
}

/** Makes `row` the period now: its plan's credits are granted for it. */
async function grantFor(tx: Tx, row: SubscriptionRow, plan: PlanRow, orderId: string | null) {
  await grantPeriod(
    tx,
    row.teamId,
    { amount: plan.credits, periodStart: row.periodStart, periodEnd: row.periodEnd, planName: plan.name },
    { referenceType: orderId ? 'order' : 'subscription', referenceId: orderId ?? row.id },
  );
}

/** Starts the default (free) plan at `start` with its credits. */
async function startDefault(tx: Tx, teamId: string, start: Date, actor: Actor = {}) {
  const plan = await defaultPlan(tx);
  const row = await insertSubscription(tx, {
    teamId,
    planId: plan.id,
    status: 'active',
    periodStart: start,
    periodEnd: addValidity(start, plan.validity, plan.validityUnit),
    currency: plan.currency,
  });
  await grantFor(tx, row, plan, null);
  await insertEvent(tx, {
    teamId,
    subscriptionId: row.id,
    planId: plan.id,
    planName: plan.name,
    kind: 'start',
    periodStart: row.periodStart,
    periodEnd: row.periodEnd,
    actorId: actor.actorId ?? null,
    reason: actor.reason ?? null,
  });
  return row;
}

/**
 * Gives a team its billing account the first time it is needed: the balance row, the default
 * plan and its first grant. Concurrent first calls make one (the balance row's insert decides).
 */
export async function ensureTeamBilling(db: Db, teamId: string, now = new Date()): Promise<void> {
  if (await findBalance(db, teamId)) return;
  await db.transaction(async (tx) => {
    if (!(await insertBalance(tx, teamId))) return;
    await startDefault(tx, teamId, now);
  });
}

/** Lays the waiting rows end to end from `start`, each its plan's length. */
async function redate(tx: Tx, chain: { sub: SubscriptionRow; plan: PlanRow }[], start: Date) {
  let cursor = start;
  for (const { sub, plan } of chain) {
    const end = addValidity(cursor, plan.validity, plan.validityUnit);
    if (sub.periodStart.getTime() !== cursor.getTime() || sub.periodEnd.getTime() !== end.getTime()) {
      await updateSubscription(tx, sub.id, { periodStart: cursor, periodEnd: end });
    }
    cursor = end;
  }
}

/** Makes the first waiting row active from `start` (the rest follow it), or the default plan. */
async function startNext(tx: Tx, teamId: string, start: Date, actor: Actor = {}) {
  const chain = await scheduledChain(tx, teamId);
  const first = chain[0];
  if (!first) return startDefault(tx, teamId, start, actor);
  await redate(tx, chain, start);
  const end = addValidity(start, first.plan.validity, first.plan.validityUnit);
  const row = await updateSubscription(tx, first.sub.id, {
    status: 'active',
    periodStart: start,
    periodEnd: end,
  });
  await grantFor(tx, row, first.plan, row.orderId);
  return row;
}

/**
 * Moves the team past every period that has ended by `now`: the next paid period starts (with
 * its grant), the free plan renews itself, or a paid plan with nothing after it falls back to
 * free. Answers whether anything changed.
 */
export async function rollOver(tx: Tx, teamId: string, now: Date): Promise<boolean> {
  let changed = false;
  for (let guard = 0; guard < 1000; guard += 1) {
    const active = await lockActive(tx, teamId);
    if (!active || active.sub.periodEnd > now) return changed;
    changed = true;
    const chain = await scheduledChain(tx, teamId);
    const next = chain[0];
    if (next) {
      await updateSubscription(tx, active.sub.id, { status: 'expired' });
      const row = await updateSubscription(tx, next.sub.id, { status: 'active' });
      await grantFor(tx, row, next.plan, row.orderId);
      await insertEvent(tx, {
        teamId,
        subscriptionId: row.id,
        planId: next.plan.id,
        planName: next.plan.name,
        kind: next.plan.id === active.plan.id ? 'renew' : 'downgrade',
        periodStart: row.periodStart,
        periodEnd: row.periodEnd,
        orderId: row.orderId,
      });
      continue;
    }
    if (active.plan.isDefault) {
      // A server that was down for months grants once, for the period that contains now.
      let start = active.sub.periodEnd;
      let end = addValidity(start, active.plan.validity, active.plan.validityUnit);
      while (end <= now) {
        start = end;
        end = addValidity(start, active.plan.validity, active.plan.validityUnit);
      }
      const row = await updateSubscription(tx, active.sub.id, { periodStart: start, periodEnd: end });
      await grantFor(tx, row, active.plan, null);
      await insertEvent(tx, {
        teamId,
        subscriptionId: row.id,
        planId: active.plan.id,
        planName: active.plan.name,
        kind: 'free_renew',
        periodStart: start,
        periodEnd: end,
      });
      return changed;
    }
    await updateSubscription(tx, active.sub.id, { status: 'expired' });
    await insertEvent(tx, {
      teamId,
      subscriptionId: active.sub.id,
      planId: active.plan.id,
      planName: active.plan.name,
      kind: 'expire',
      periodStart: active.sub.periodStart,
      periodEnd: active.sub.periodEnd,
      orderId: active.sub.orderId,
    });
    await startDefault(tx, teamId, now);
    return changed;
  }
  return changed;
}

/** The end of the team's paid time: the last waiting row's end, or the active one's. */
async function chainEnd(tx: Tx, teamId: string, active: ActiveRecord): Promise<Date> {
  const chain = await scheduledChain(tx, teamId);
  return chain.at(-1)?.sub.periodEnd ?? active.sub.periodEnd;
}

/**
 * What a paid order does, in the transaction that marks it paid: a credit pack adds its credits;
 * a subscription or upgrade starts now (the old period is replaced; its grant's remainder
 * expires); a renewal or downgrade waits until the paid time before it ends.
 */
export async function fulfilOrder(tx: Tx, order: OrderRow, now: Date): Promise<SubscriptionRow | null> {
  if (order.kind === 'buy') {
    await addPurchased(tx, order.teamId, order.credits, {
      referenceType: 'order',
      referenceId: order.id,
      note: purchaseNote(order.planName, order.orderNum),
      userId: order.userId,
    });
    return null;
  }
  const active = await lockActive(tx, order.teamId);
  const startsLater =
    (order.kind === 'renew' || order.kind === 'downgrade') && active && !active.plan.isDefault;
  const planRow = {
    teamId: order.teamId,
    planId: order.planId,
    orderId: order.id,
    periodValue: order.price,
    currency: order.currency,
  };
  if (startsLater && active) {
    const start = await chainEnd(tx, order.teamId, active);
    const row = await insertSubscription(tx, {
      ...planRow,
      status: 'scheduled',
      periodStart: start,
      periodEnd: addValidity(start, order.validity, order.validityUnit),
    });
    await insertEvent(tx, {
      teamId: order.teamId,
      subscriptionId: row.id,
      planId: order.planId,
      planName: order.planName,
      kind: order.kind === 'renew' ? 'renew' : 'downgrade_scheduled',
      periodStart: row.periodStart,
      periodEnd: row.periodEnd,
      orderId: order.id,
    });
    return row;
  }
  if (active) await updateSubscription(tx, active.sub.id, { status: 'replaced' });
  const row = await insertSubscription(tx, {
    ...planRow,
    status: 'active',
    periodStart: now,
    periodEnd: addValidity(now, order.validity, order.validityUnit),
  });
  await grantPeriod(
    tx,
    order.teamId,
    {
      amount: order.credits,
      periodStart: row.periodStart,
      periodEnd: row.periodEnd,
      planName: order.planName,
    },
    { referenceType: 'order', referenceId: order.id, userId: order.userId },
  );
  // Renewals paid before an upgrade keep their turn, after the new period.
  await redate(tx, await scheduledChain(tx, order.teamId), row.periodEnd);
  await insertEvent(tx, {
    teamId: order.teamId,
    subscriptionId: row.id,
    planId: order.planId,
    planName: order.planName,
    kind: order.kind === 'upgrade' ? 'upgrade' : 'subscribe',
    periodStart: row.periodStart,
    periodEnd: row.periodEnd,
    orderId: order.id,
  });
  return row;
}

/**
 * A refund's cut-back: the credits the order gave are taken back as far as they are unused (a
 * `refund` entry); the period it paid for ends now (the next paid period, or free, starts) or,
 * if it had not started, is dropped. Answers the credits taken back.
 */
export async function cutBack(
  tx: Tx,
  order: OrderRow,
  now: Date,
  actor: { actorId: string | null; reason: string },
  /** The credits to take back: all the order gave, less what its earlier partial refunds took. */
  credits = order.credits,
): Promise<number> {
  const ref = { referenceType: 'order', referenceId: order.id, note: actor.reason, userId: actor.actorId };
  if (order.kind === 'buy') return takeBack(tx, order.teamId, { granted: 0, purchased: credits }, ref);
  // The active row first: every change of a team's plan takes that lock before any other row's.
  const active = await lockActive(tx, order.teamId);
  const rows = await subscriptionsOfOrder(tx, order.id);
  let taken = 0;
  for (const { sub, plan } of rows) {
    if (sub.status === 'active') {
      taken += await takeBack(tx, order.teamId, { granted: credits, purchased: 0 }, ref);
      await updateSubscription(tx, sub.id, {
        status: 'canceled',
        cancelReason: actor.reason,
        canceledAt: now,
        canceledBy: actor.actorId,
      });
      await insertEvent(tx, {
        teamId: order.teamId,
        subscriptionId: sub.id,
        planId: plan.id,
        planName: plan.name,
        kind: 'refund',
        periodStart: sub.periodStart,
        periodEnd: now,
        orderId: order.id,
        reason: actor.reason,
        actorId: actor.actorId,
      });
      await startNext(tx, order.teamId, now, actor);
    } else if (sub.status === 'scheduled') {
      await updateSubscription(tx, sub.id, {
        status: 'canceled',
        cancelReason: actor.reason,
        canceledAt: now,
        canceledBy: actor.actorId,
      });
      await insertEvent(tx, {
        teamId: order.teamId,
        subscriptionId: sub.id,
        planId: plan.id,
        planName: plan.name,
        kind: 'refund',
        periodStart: sub.periodStart,
        periodEnd: sub.periodEnd,
        orderId: order.id,
        reason: actor.reason,
        actorId: actor.actorId,
      });
      const current = active ?? (await lockActive(tx, order.teamId));
      if (current) await redate(tx, await scheduledChain(tx, order.teamId), current.sub.periodEnd);
    }
  }
  return taken;
}

/** An operator moves the end of the active paid period later; the waiting periods move with it. */
export async function extendActive(
  tx: Tx,
  subscriptionId: string,
  by: { validity: number; unit: string },
  actor: { actorId: string; reason: string },
) {
  const target = await lockTarget(tx, subscriptionId);
  const end = addValidity(target.sub.periodEnd, by.validity, by.unit);
  const row = await updateSubscription(tx, target.sub.id, { periodEnd: end });
  await redate(tx, await scheduledChain(tx, target.sub.teamId), end);
  await insertEvent(tx, {
    teamId: row.teamId,
    subscriptionId: row.id,
    planId: target.plan.id,
    planName: target.plan.name,
    kind: 'extend',
    periodStart: row.periodStart,
    periodEnd: end,
    orderId: row.orderId,
    reason: actor.reason,
    actorId: actor.actorId,
  });
  return { before: target.sub, after: row };
}

/** An operator ends the active paid plan now: waiting periods are dropped and free starts. */
export async function cancelActive(
  tx: Tx,
  subscriptionId: string,
  now: Date,
  actor: { actorId: string; reason: string },
) {
  const target = await lockTarget(tx, subscriptionId);
  const change = {
    status: 'canceled',
    cancelReason: actor.reason,
    canceledAt: now,
    canceledBy: actor.actorId,
  };
  const row = await updateSubscription(tx, target.sub.id, change);
  for (const waiting of await scheduledChain(tx, target.sub.teamId)) {
    await updateSubscription(tx, waiting.sub.id, change);
  }
  await insertEvent(tx, {
    teamId: row.teamId,
    subscriptionId: row.id,
    planId: target.plan.id,
    planName: target.plan.name,
    kind: 'cancel',
    periodStart: row.periodStart,
    periodEnd: now,
    orderId: row.orderId,
    reason: actor.reason,
    actorId: actor.actorId,
  });
  const fallback = await startDefault(tx, row.teamId, now, actor);
  return { canceled: row, fallback };
}

/** The active paid subscription an operator acts on, locked; anything else is refused. */
async function lockTarget(tx: Tx, subscriptionId: string) {
  const found = await findSubscription(tx, subscriptionId);
  if (!found) throw new AppError('NOT_FOUND', { msg: 'Subscription not found' });
  const active = await lockActive(tx, found.sub.teamId);
  if (!active || active.sub.id !== subscriptionId) {
    throw new AppError('CONFLICT', { msg: 'Only the current subscription can be changed' });
  }
  if (active.plan.isDefault) {
    throw new AppError('CONFLICT', { msg: 'The free plan renews on its own and cannot be changed' });
  }
  return active;
}
