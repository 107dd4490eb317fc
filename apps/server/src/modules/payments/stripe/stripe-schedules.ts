import Stripe from 'stripe';
import type { Tx } from '../../../platform/db';
import type { Platform } from '../../../platform/platform';
import type { ProviderNotification } from '../provider';
import { dateOfSeconds, idOf, isMissing, objectOfEvent, readBack } from './stripe-read-back';
import {
  findScheduleRecord,
  lockScheduleMirror,
  type StripeSchedulePhaseRecord,
  type StripeScheduleRow,
  upsertScheduleMirror,
} from './stripe-schedules.repo';
import { findSubscriptionMirror } from './stripe-subscriptions.repo';

/**
 * Stripe's subscription schedules (issue 27 item 9): what a subscription becomes next, phase by
 * phase (a downgrade is a second phase from the period's end). Stripe applies each phase itself;
 * we only mirror them (`stripe_subscription_schedules`) for `/admin/stripe/schedule`. As with
 * subscriptions, an event is only a hint: the schedule is read back from Stripe and the mirror
 * takes what Stripe holds, so events arriving twice or out of order leave the same row.
 */

/** The events about a schedule; the object of each is the schedule. */
export const SCHEDULE_EVENTS = [
  'subscription_schedule.created',
  'subscription_schedule.updated',
  'subscription_schedule.released',
  'subscription_schedule.canceled',
  'subscription_schedule.completed',
  'subscription_schedule.aborted',
  'subscription_schedule.expiring',
] as const;

export const isScheduleEvent = (event: Stripe.Event): boolean =>
  (SCHEDULE_EVENTS as readonly string[]).includes(event.type);

type PriceOf = (price: string | Stripe.Price | Stripe.DeletedPrice) => Promise<Stripe.Price | null>;

/** Stripe answers 404 for a price it does not have (deleted, or another account's). */
const isNotFound = (error: unknown) =>
  error instanceof Stripe.errors.StripeInvalidRequestError && (isMissing(error) || error.statusCode === 404);

/**
 * The price of a phase's item: expanded by the retrieve (`phases.items.price`), else read once
 * per sync. A price Stripe does not have leaves the item with its id only: the rest of the
 * schedule is still worth mirroring.
 */
function pricesReader(client: Stripe): PriceOf {
  const read = new Map<string, Promise<Stripe.Price | null>>();
  return (price) => {
    if (typeof price !== 'string') return Promise.resolve('deleted' in price && price.deleted ? null : price);
    let pending = read.get(price);
    if (!pending) {
      pending = client.prices.retrieve(price).catch((error: unknown) => {
        if (isNotFound(error)) return null;
        throw error;
      });
      read.set(price, pending);
    }
    return pending;
  };
}

async function phaseRecord(
  phase: Stripe.SubscriptionSchedule.Phase,
  priceOf: PriceOf,
): Promise<StripeSchedulePhaseRecord> {
  const items = await Promise.all(
    phase.items.map(async (item) => {
      const price = await priceOf(item.price);
      return {
        price_id: idOf(item.price) ?? '',
        unit_amount: price?.unit_amount ?? null,
        currency: (price?.currency ?? phase.currency).toUpperCase(),
        interval: price?.recurring?.interval ?? null,
        interval_count: price?.recurring?.interval_count ?? null,
        quantity: item.quantity ?? null,
      };
    }),
  );
  const metadata = phase.metadata ?? {};
  return {
    start: phase.start_date,
    end: phase.end_date,
    items,
    // A trial for the whole phase (`trial`), or until `trial_end` within it.
    trial: phase.trial === true || phase.trial_end !== null,
    trial_end: phase.trial_end,
    plan_id: metadata.plan_id ?? null,
    order_id: metadata.order_id ?? null,
  };
}

/**
 * Reads the schedule from Stripe (its phases' prices expanded) and writes the mirror, inside `tx`
 * (locked for this schedule). The team is the subscription's, as its mirror knows it, else the
 * schedule's metadata, else the team the mirror already had. Null when Stripe has no such schedule.
 */
export async function syncStripeSchedule(
  tx: Tx,
  client: Stripe,
  id: string,
  now = new Date(),
): Promise<StripeScheduleRow | null> {
  await lockScheduleMirror(tx, id);
  const schedule = await readBack(() =>
    client.subscriptionSchedules.retrieve(id, { expand: ['phases.items.price'] }),
  );
  if (!schedule) return null;
  const priceOf = pricesReader(client);
  const phases = await Promise.all(schedule.phases.map((phase) => phaseRecord(phase, priceOf)));
  // Once released, Stripe names the subscription only as `released_subscription`; the page still
  // shows which one the schedule governed.
  const subscriptionId = idOf(schedule.subscription) ?? schedule.released_subscription;
  const subscription = subscriptionId ? await findSubscriptionMirror(tx, subscriptionId) : null;
  const known = (await findScheduleRecord(tx, id))?.schedule.teamId ?? null;
  return upsertScheduleMirror(tx, {
    id: schedule.id,
    subscriptionId,
    customerId: idOf(schedule.customer) ?? '',
    teamId: subscription?.teamId ?? schedule.metadata?.team_id ?? known,
    status: schedule.status,
    endBehavior: schedule.end_behavior,
    currentPhaseStart: dateOfSeconds(schedule.current_phase?.start_date),
    currentPhaseEnd: dateOfSeconds(schedule.current_phase?.end_date),
    phases,
    releasedAt: dateOfSeconds(schedule.released_at),
    canceledAt: dateOfSeconds(schedule.canceled_at),
    completedAt: dateOfSeconds(schedule.completed_at),
    releasedSubscription: schedule.released_subscription,
    stripeCreatedAt: new Date(schedule.created * 1000),
    syncedAt: now,
  });
}

/**
 * A verified event about a schedule, as a notification for the one handler: the mirror is
 * updated and nothing is settled (a phase Stripe starts is paid by its own invoice, which comes
 * as an `invoice.*` event of the subscription).
 */
export async function scheduleNotification(
  platform: Platform,
  client: Stripe,
  event: Stripe.Event,
): Promise<ProviderNotification> {
  const { kind, id: objectId } = objectOfEvent(event);
  const row =
    kind === 'subscription_schedule' && objectId
      ? await platform.db.transaction((tx) => syncStripeSchedule(tx, client, objectId))
      : null;
  return {
    eventId: event.id,
    action: 'not_supported',
    providerRef: objectId,
    amount: null,
    currency: null,
    payload: {
      event: { id: event.id, type: event.type },
      schedule: row ? { status: row.status, subscription: row.subscriptionId } : null,
    },
    ...(row ? { mirrored: 'subscription schedules' } : {}),
  };
}
