import type Stripe from 'stripe';
import { addInterval, planObject, type RecurringPrice } from './prices';
import type { SubscriptionBook } from './subscription-book';

/**
 * The renewal clock: what Stripe's billing does when a subscription's period ends, as a test
 * makes it happen (`renew`), with what a subscription schedule (schedules.ts) makes of that end.
 */

/**
 * What a subscription schedule makes of a period's end: the next phase begins (its price, free as
 * a trial or not, its metadata set on the subscription, until its end), or the schedule ends by
 * canceling the subscription.
 */
export type PhaseTurn =
  | {
      kind: 'phase';
      price: RecurringPrice;
      priceObject: Stripe.Price;
      trial: boolean;
      metadata: Record<string, string>;
      endsAt: number;
    }
  | { kind: 'cancel' };

/**
 * The test clock reaches the period's end: a subscription set to cancel then ends
 * (`customer.subscription.deleted`); otherwise the next period's invoice (`subscription_cycle`)
 * is charged to the default card and, paid, moves the period on (`invoice.paid`, then
 * `customer.subscription.updated`); declined, it stays open and the subscription is `past_due`.
 */
export function renew(
  book: SubscriptionBook,
  id: string,
  phaseAt: ((subscriptionId: string, at: number) => PhaseTurn | null) | null,
): { subscription: Stripe.Subscription; invoice: Stripe.Invoice | null } {
  const held = book.heldOrThrow(id);
  const { subscription } = held;
  if (subscription.status === 'canceled') throw new Error(`subscription ${id} is canceled`);
  const item = subscription.items.data[0];
  if (!item) throw new Error(`subscription ${id} has no item`);
  const start = item.current_period_end;
  const turn = phaseAt?.(id, start) ?? null;
  if (subscription.cancel_at_period_end || turn?.kind === 'cancel') {
    subscription.status = 'canceled';
    subscription.canceled_at = subscription.canceled_at ?? book.hooks.now();
    subscription.ended_at = start;
    book.hooks.emit('customer.subscription.deleted', subscription);
    return { subscription: structuredClone(subscription), invoice: null };
  }
  // A schedule's next phase begins: its price from now on, its metadata on the subscription.
  if (turn?.kind === 'phase') {
    item.price = structuredClone(turn.priceObject);
    item.plan = planObject(turn.priceObject);
    held.price = turn.price;
    for (const [key, value] of Object.entries(turn.metadata)) subscription.metadata[key] = value;
  }
  const trial = turn?.kind === 'phase' && turn.trial;
  const end =
    turn?.kind === 'phase' ? turn.endsAt : addInterval(start, held.price.interval, held.price.intervalCount);
  // A trial phase is not charged: its invoice is for nothing, and paid.
  const declined = !trial && held.declineNext;
  if (!trial) held.declineNext = false;
  const intentId =
    trial || declined
      ? null
      : book.hooks.charge({
          amount: held.price.amount,
          currency: held.price.currency,
          metadata: { subscription: id, ...subscription.metadata },
          sessionId: held.sessionId,
        });
  const invoice = book.issue(held, {
    reason: 'subscription_cycle',
    periodStart: start,
    periodEnd: end,
    intentId,
    paid: !declined,
    amount: trial ? 0 : held.price.amount,
  });
  subscription.latest_invoice = invoice.id;
  if (declined) {
    subscription.status = 'past_due';
    book.hooks.emit('invoice.payment_failed', invoice);
  } else {
    item.current_period_start = start;
    item.current_period_end = end;
    subscription.status = trial ? 'trialing' : 'active';
    subscription.trial_start = trial ? start : subscription.trial_start;
    subscription.trial_end = trial ? end : subscription.trial_end;
    book.hooks.emit('invoice.paid', invoice);
  }
  book.hooks.emit('customer.subscription.updated', subscription);
  return { subscription: structuredClone(subscription), invoice: structuredClone(invoice) };
}
