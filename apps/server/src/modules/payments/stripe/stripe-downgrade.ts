import type Stripe from 'stripe';
import { stripeInterval } from './stripe-subscriptions';

/**
 * A downgrade paid for while Stripe renews the current plan (issue 27 item 2): a schedule phase at
 * the period's end, so Stripe goes on renewing, the new plan, rather than stopping. Our downgrade
 * is bought ahead and starts when the paid period ends, so the schedule has three parts:
 *
 * 1. the current phase, as it is, until the period's end;
 * 2. the downgrade's own period, at the new price, as a trial: already paid to us, so Stripe
 *    charges nothing for it (its invoice is for nothing and renews nothing); its metadata names
 *    the downgrade's order, set on the subscription when the phase begins;
 * 3. then the schedule releases the subscription (`end_behavior=release`), which renews at the new
 *    price: each renewal is an order of the downgraded plan, renewed from that order.
 *
 * Answers false where Stripe cannot take it (the new period is one Stripe cannot bill, another
 * currency, the subscription not active or set to end): the caller then lets it end instead.
 */
export async function scheduleDowngrade(
  client: Stripe,
  subscriptionId: string,
  order: {
    orderId: string;
    orderNum: string;
    teamId: string;
    userId: string | null;
    planId: string;
    price: number;
    currency: string;
    validity: number;
    validityUnit: string;
  },
): Promise<boolean> {
  const unit = order.validityUnit;
  if (unit !== 'day' && unit !== 'month' && unit !== 'year') return false;
  const interval = stripeInterval({ validity: order.validity, validityUnit: unit });
  if (!interval) return false;
  const subscription = await client.subscriptions.retrieve(subscriptionId);
  const item = subscription.items.data[0];
  if (
    !item ||
    subscription.status !== 'active' ||
    subscription.cancel_at_period_end ||
    subscription.currency.toUpperCase() !== order.currency.toUpperCase()
  )
    return false;
  const idOf = (value: string | { id: string }) => (typeof value === 'string' ? value : value.id);
  const scheduleId = subscription.schedule
    ? idOf(subscription.schedule)
    : (
        await client.subscriptionSchedules.create(
          { from_subscription: subscription.id },
          { idempotencyKey: `downgrade-schedule:${order.orderId}` },
        )
      ).id;
  const schedule = await client.subscriptionSchedules.retrieve(scheduleId);
  const current = schedule.current_phase ?? schedule.phases[0];
  if (!current) return false;
  await client.subscriptionSchedules.update(
    scheduleId,
    {
      end_behavior: 'release',
      phases: [
        {
          items: [{ price: idOf(item.price), quantity: 1 }],
          start_date: current.start_date,
          end_date: item.current_period_end,
          metadata: { ...subscription.metadata },
        },
        {
          items: [
            {
              price_data: {
                currency: order.currency.toLowerCase(),
                product: idOf(item.price.product),
                unit_amount: order.price,
                recurring: interval,
              },
              quantity: 1,
            },
          ],
          duration: interval,
          trial: true,
          metadata: {
            ...subscription.metadata,
            plan_id: order.planId,
            order_id: order.orderId,
            order_num: order.orderNum,
            ...(order.userId ? { user_id: order.userId } : {}),
          },
        },
      ],
    },
    { idempotencyKey: `downgrade-phases:${order.orderId}` },
  );
  return true;
}
