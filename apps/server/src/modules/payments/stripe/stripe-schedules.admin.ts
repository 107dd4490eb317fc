import type {
  StripeSchedule,
  StripeScheduleEndBehavior,
  StripeSchedulePhase,
  StripeScheduleStatus,
  zStripeScheduleAction,
} from '@app/contract/billing/stripe-schedules';
import { seededText } from '@app/contract/i18n/seeded-texts';
import type { ListQuery } from '@app/contract/list';
import type { z } from 'zod';
import { AppError } from '../../../platform/app-error';
import type { SignedInContext } from '../../../platform/endpoint';
import { toListPage, toSeconds, toSecondsOrNull } from '../../../platform/list-query';
import type { Platform } from '../../../platform/platform';
import { actAtStripe, eventOfNotice, operatorStripe } from './stripe-admin-action';
import { notificationsOfRefs } from './stripe-mirror.repo';
import { syncStripeSchedule } from './stripe-schedules';
import {
  findScheduleRecord,
  listScheduleRows,
  orderNumsOf,
  planNamesOf,
  type ScheduleRecord,
  type StripeScheduleRow,
} from './stripe-schedules.repo';
import { syncStripeSubscription } from './stripe-subscriptions';

const NOT_FOUND = 'Subscription schedule not found';

/** Stripe takes no action on a schedule that is over. */
const OVER = new Set(['released', 'canceled', 'completed']);

type Action = z.infer<typeof zStripeScheduleAction>;
/** The plans' names and the orders' numbers the phases name, read at once for a page. */
interface PlanNames {
  plans: Map<string, string>;
  orders: Map<string, string>;
}

function toPhases(ctx: SignedInContext, s: StripeScheduleRow, names: PlanNames): StripeSchedulePhase[] {
  const currentStart = s.currentPhaseStart ? toSeconds(s.currentPhaseStart) : null;
  return s.phases.map((phase) => {
    const name = phase.plan_id ? names.plans.get(phase.plan_id) : undefined;
    return {
      start: phase.start,
      end: phase.end,
      items: phase.items.map((item) => ({
        ...item,
        interval: item.interval as StripeSchedulePhase['items'][number]['interval'],
      })),
      trial: phase.trial,
      trial_end: phase.trial_end,
      plan: phase.plan_id ? { id: phase.plan_id, name: name ? seededText(name, ctx.t) : '' } : null,
      order_id: phase.order_id,
      order_num: phase.order_id ? (names.orders.get(phase.order_id) ?? null) : null,
      current: currentStart !== null && phase.start === currentStart,
    };
  });
}

/**
 * What changes next: the phase after the current one; before the schedule starts, its first
 * phase; nothing once the schedule is over.
 */
function nextPhase(s: StripeScheduleRow, phases: StripeSchedulePhase[]): StripeSchedulePhase | null {
  if (OVER.has(s.status)) return null;
  if (!s.currentPhaseEnd) return s.status === 'not_started' ? (phases[0] ?? null) : null;
  const after = toSeconds(s.currentPhaseEnd);
  return phases.find((phase) => phase.start >= after) ?? null;
}

function toSchedule(ctx: SignedInContext, row: ScheduleRecord, names: PlanNames): StripeSchedule {
  const { schedule: s } = row;
  const phases = toPhases(ctx, s, names);
  return {
    id: s.id,
    subscription_id: s.subscriptionId,
    customer_id: s.customerId,
    team: s.teamId ? { id: s.teamId, name: row.teamName ?? '' } : null,
    // Stripe's own words, as the pinned API version spells them.
    status: s.status as StripeScheduleStatus,
    end_behavior: s.endBehavior as StripeScheduleEndBehavior,
    current_phase:
      s.currentPhaseStart && s.currentPhaseEnd
        ? { start: toSeconds(s.currentPhaseStart), end: toSeconds(s.currentPhaseEnd) }
        : null,
    phases,
    next_phase: nextPhase(s, phases),
    released_at: toSecondsOrNull(s.releasedAt),
    canceled_at: toSecondsOrNull(s.canceledAt),
    completed_at: toSecondsOrNull(s.completedAt),
    released_subscription: s.releasedSubscription,
    creation_time: toSeconds(s.stripeCreatedAt),
    synced_time: toSeconds(s.syncedAt),
  };
}

/** The plans and orders the rows' phases name, read at once for the page. */
async function namesFor(platform: Platform, rows: ScheduleRecord[]): Promise<PlanNames> {
  const phases = rows.flatMap((row) => row.schedule.phases);
  const planIds = new Set(phases.flatMap((phase) => phase.plan_id ?? []));
  const orderIds = new Set(phases.flatMap((phase) => phase.order_id ?? []));
  const [plans, orders] = await Promise.all([
    planNamesOf(platform.db, [...planIds]),
    orderNumsOf(platform.db, [...orderIds]),
  ]);
  return { plans, orders };
}

export async function listStripeSchedules(platform: Platform, ctx: SignedInContext, query: ListQuery) {
  const page = await listScheduleRows(platform.db, query);
  const names = await namesFor(platform, page.rows);
  return toListPage(query, page, (row) => toSchedule(ctx, row, names));
}

async function scheduleOf(platform: Platform, ctx: SignedInContext, id: string): Promise<StripeSchedule> {
  const row = await findScheduleRecord(platform.db, id);
  if (!row) throw new AppError('NOT_FOUND', { msg: NOT_FOUND });
  return toSchedule(ctx, row, await namesFor(platform, [row]));
}

/** One schedule with its phases and the events logged under it, oldest first. */
export async function getStripeSchedule(platform: Platform, ctx: SignedInContext, id: string) {
  const schedule = await scheduleOf(platform, ctx, id);
  const notices = await notificationsOfRefs(platform.db, [id]);
  return {
    schedule,
    events: notices.map(eventOfNotice),
  };
}

const stateOf = (row: StripeScheduleRow) => ({
  status: row.status,
  end_behavior: row.endBehavior,
  subscription_id: row.subscriptionId,
});

/**
 * An operator's action on a schedule that is not over, with a reason, recorded with the state
 * before and after: `release` (the schedule lets go; the subscription renews as it is now and the
 * later phases never apply), `cancel` (the subscription is canceled at once, without a credit:
 * what was paid is refunded by its own refund). The change is Stripe's to make: it is asked
 * first, then the mirror reads back what Stripe holds.
 */
export async function actOnStripeSchedule(
  platform: Platform,
  ctx: SignedInContext,
  id: string,
  input: { action: Action; reason: string },
) {
  const before = await findScheduleRecord(platform.db, id);
  if (!before) throw new AppError('NOT_FOUND', { msg: NOT_FOUND });
  if (OVER.has(before.schedule.status)) {
    throw new AppError('CONFLICT', { msg: 'This schedule is over: it can no longer be changed' });
  }
  const client = await operatorStripe(platform);
  const row = await actAtStripe(
    platform,
    ctx,
    { action: `stripe.schedule.${input.action}`, targetType: 'stripe_subscription_schedule', targetId: id },
    {
      reason: input.reason,
      before: before.schedule,
      stateOf,
      missing: 'Stripe has no such subscription schedule',
      apply: async (tx) => {
        const options = { idempotencyKey: `schedule:${id}:${input.action}:${ctx.reqId}` };
        if (input.action === 'release') await client.subscriptionSchedules.release(id, {}, options);
        else await client.subscriptionSchedules.cancel(id, { prorate: false }, options);
        return syncStripeSchedule(tx, client, id);
      },
    },
  );
  // The subscription changed too (no schedule any more, or canceled): read now so its page agrees
  // at once. Its own webhook brings the same news if this read fails, so a failure is not the
  // operator's: the action is done.
  if (row.subscriptionId) {
    const subscriptionId = row.subscriptionId;
    await platform.db
      .transaction((tx) => syncStripeSubscription(tx, client, subscriptionId))
      .catch(() => undefined);
  }
  return { schedule: await scheduleOf(platform, ctx, id) };
}
