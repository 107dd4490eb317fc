import type { Subscription } from '@app/contract/billing/subscriptions';
import type { ListQuery } from '@app/contract/list';
import { AppError } from '../../platform/app-error';
import { audited } from '../../platform/audit';
import type { SignedInContext } from '../../platform/endpoint';
import { toListPage, toSeconds, toSecondsOrNull } from '../../platform/list-query';
import type { Platform } from '../../platform/platform';
import type { ReminderNotice } from '../../platform/reminders';
import { findBalance, toCreditBalance } from '../credits/credits.service';
import { findPlan, type PlanRow } from './plans.repo';
import { cancelActive, ensureTeamBilling, extendActive, rollOver } from './subscription-lifecycle';
import {
  dueTeams,
  endingSubscriptions,
  findActive,
  type HistoryRecord,
  listAdminSubscriptionRows,
  listHistoryRows,
  type SubscriptionRow,
  scheduledChain,
} from './subscriptions.repo';

export function toSubscription(sub: SubscriptionRow, plan: PlanRow): Subscription {
  return {
    id: sub.id,
    team_id: sub.teamId,
    plan_id: plan.id,
    plan_key: plan.key,
    plan_name: plan.name,
    status: sub.status as Subscription['status'],
    is_default_plan: plan.isDefault,
    period_start: toSeconds(sub.periodStart),
    period_end: toSeconds(sub.periodEnd),
    cancel_reason: sub.cancelReason,
    canceled_time: toSecondsOrNull(sub.canceledAt),
    creation_time: toSeconds(sub.createdAt),
  };
}

function toEvent(row: HistoryRecord) {
  return {
    id: row.id,
    kind: row.kind as 'start',
    plan_id: row.planId,
    plan_name: row.planName,
    period_start: toSecondsOrNull(row.periodStart),
    period_end: toSecondsOrNull(row.periodEnd),
    order_id: row.orderId,
    order_num: row.orderNum,
    reason: row.reason,
    actor: row.actorId ? { id: row.actorId, username: row.actorName ?? '' } : null,
    creation_time: toSeconds(row.createdAt),
  };
}

/** `/account/subscription`: the plan now, what waits after it, the credits. */
export async function getMySubscription(platform: Platform, ctx: SignedInContext) {
  await ensureTeamBilling(platform.db, ctx.team.id);
  const [active, chain, balance] = await Promise.all([
    findActive(platform.db, ctx.team.id),
    scheduledChain(platform.db, ctx.team.id),
    findBalance(platform.db, ctx.team.id),
  ]);
  if (!active) throw new AppError('NOT_FOUND', { msg: 'Subscription not found' });
  const plan = await findPlan(platform.db, active.plan.id);
  const next = chain[0];
  return {
    subscription: toSubscription(active.sub, active.plan),
    scheduled: next ? toSubscription(next.sub, next.plan) : null,
    plan: {
      credits: active.plan.credits,
      storage_quota_bytes: active.plan.storageQuotaBytes,
      seats: active.plan.seats,
      functions: plan?.functions ?? [],
      price: active.plan.price,
      currency: active.plan.currency,
      validity: active.plan.validity,
      validity_unit: active.plan.validityUnit as 'month',
    },
    credits: toCreditBalance(balance),
    days_left: Math.max(0, Math.ceil((active.sub.periodEnd.getTime() - Date.now()) / 86_400_000)),
  };
}

export async function listMyHistory(platform: Platform, ctx: SignedInContext, query: ListQuery) {
  return toListPage(query, await listHistoryRows(platform.db, ctx.team.id, query), toEvent);
}

export async function listTeamHistory(platform: Platform, teamId: string, query: ListQuery) {
  return toListPage(query, await listHistoryRows(platform.db, teamId, query), toEvent);
}

export async function listAdminSubscriptions(platform: Platform, query: ListQuery) {
  return toListPage(query, await listAdminSubscriptionRows(platform.db, query), (row) => ({
    ...toSubscription(row.sub, row.plan),
    team_name: row.teamName,
    owner_email: row.ownerEmail,
  }));
}

export async function extendSubscription(
  platform: Platform,
  ctx: SignedInContext,
  id: string,
  input: { validity: number; validity_unit: string; reason: string },
) {
  const row = await audited(
    platform.db,
    ctx,
    { action: 'subscription.extend', targetType: 'subscription', targetId: id },
    async (tx) => {
      const done = await extendActive(
        tx,
        id,
        { validity: input.validity, unit: input.validity_unit },
        { actorId: ctx.user.id, reason: input.reason },
      );
      return {
        result: done.after,
        before: { period_end: done.before.periodEnd.toISOString() },
        after: { period_end: done.after.periodEnd.toISOString(), ...input },
      };
    },
  );
  const active = await findActive(platform.db, row.teamId);
  if (!active) throw new AppError('NOT_FOUND', { msg: 'Subscription not found' });
  return { subscription: toSubscription(active.sub, active.plan) };
}

export async function cancelSubscription(
  platform: Platform,
  ctx: SignedInContext,
  id: string,
  reason: string,
) {
  const done = await audited(
    platform.db,
    ctx,
    { action: 'subscription.cancel', targetType: 'subscription', targetId: id },
    async (tx) => {
      const result = await cancelActive(tx, id, new Date(), { actorId: ctx.user.id, reason });
      return { result, after: { reason, fallback: result.fallback.id } };
    },
  );
  const [canceledPlan, fallbackPlan] = await Promise.all([
    findPlan(platform.db, done.canceled.planId),
    findPlan(platform.db, done.fallback.planId),
  ]);
  if (!canceledPlan || !fallbackPlan) throw new Error('plan of a subscription is gone');
  return {
    subscription: toSubscription(done.canceled, canceledPlan),
    fallback: toSubscription(done.fallback, fallbackPlan),
  };
}

/** The period job: every team whose period ended moves on (renewal, next paid period, or free). */
export async function rollOverDue(platform: Platform, now = new Date()): Promise<number> {
  let moved = 0;
  for (;;) {
    const teams = await dueTeams(platform.db, now, 100);
    for (const teamId of teams) {
      if (await platform.db.transaction((tx) => rollOver(tx, teamId, now))) moved += 1;
    }
    if (teams.length < 100) return moved;
  }
}

/** Reminder days before a paid period ends with nothing paid after it. */
export const REMINDER_DAYS = [7, 1] as const;

/**
 * `collect` of the `billing.expiry` reminder: the owners and admins of teams whose paid plan
 * ends within 7 days (and again within 1 day), each read in the reader's language. The reminder framework
 * sends each (subscription period, day) once per person.
 */
export async function collectExpiryReminders(platform: Platform, now: Date): Promise<ReminderNotice[]> {
  const notices: ReminderNotice[] = [];
  for (const days of REMINDER_DAYS) {
    // The 7-day window stops where the 1-day one begins, so nobody gets both on the last day.
    const from = days === 7 ? new Date(now.getTime() + 86_400_000) : now;
    const to = new Date(now.getTime() + days * 86_400_000);
    for (const row of await endingSubscriptions(platform.db, from, to)) {
      notices.push({
        userId: row.userId,
        key: `${row.subscriptionId}:${toSeconds(row.periodEnd)}:${days}`,
        level: days === 1 ? 'important' : 'warning',
        title: { msgid: days === 1 ? 'Your plan ends tomorrow' : 'Your plan ends in 7 days' },
        body: {
          msgid:
            'The plan of your team ends on this date; renew it to keep your credits and storage: {{plan}} ({{team}}), {{date}}',
          params: {
            plan: { seeded: row.planName },
            team: row.teamName,
            date: row.periodEnd.toISOString().slice(0, 10),
          },
        },
        link: '/account/subscription',
      });
    }
  }
  return notices;
}
