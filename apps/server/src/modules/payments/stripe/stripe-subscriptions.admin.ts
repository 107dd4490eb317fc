import type {
  StripeSubscription,
  StripeSubscriptionStatus,
  zStripeSubscriptionAction,
} from '@app/contract/billing/stripe-subscriptions';
import { seededText } from '@app/contract/i18n/seeded-texts';
import type { ListQuery } from '@app/contract/list';
import type { z } from 'zod';
import { AppError } from '../../../platform/app-error';
import type { SignedInContext } from '../../../platform/endpoint';
import { toListPage, toSeconds, toSecondsOrNull } from '../../../platform/list-query';
import type { Platform } from '../../../platform/platform';
import { actAtStripe, eventOfNotice, operatorStripe } from './stripe-admin-action';
import { notificationsOfRefs } from './stripe-mirror.repo';
import { syncStripeSubscription } from './stripe-subscriptions';
import {
  findSubscriptionRecord,
  listSubscriptionRows,
  noticesOfSubscriptionInvoices,
  type StripeSubscriptionRow,
  type SubscriptionRecord,
} from './stripe-subscriptions.repo';

const NOT_FOUND = 'Subscription not found';

type Action = z.infer<typeof zStripeSubscriptionAction>;

function toSubscription(ctx: SignedInContext, row: SubscriptionRecord): StripeSubscription {
  const { subscription: s } = row;
  return {
    id: s.id,
    customer_id: s.customerId,
    // Stripe's own words, as the pinned API version spells them.
    status: s.status as StripeSubscriptionStatus,
    amount: s.amount,
    currency: s.currency,
    interval: s.interval as StripeSubscription['interval'],
    interval_count: s.intervalCount,
    current_period_start: toSeconds(s.currentPeriodStart),
    current_period_end: toSeconds(s.currentPeriodEnd),
    cancel_at_period_end: s.cancelAtPeriodEnd,
    cancel_at: toSecondsOrNull(s.cancelAt),
    canceled_at: toSecondsOrNull(s.canceledAt),
    ended_at: toSecondsOrNull(s.endedAt),
    default_payment_method: s.defaultPaymentMethod,
    latest_invoice: s.latestInvoiceId
      ? {
          id: s.latestInvoiceId,
          number: s.latestInvoiceNumber,
          status: s.latestInvoiceStatus as NonNullable<StripeSubscription['latest_invoice']>['status'],
          amount_due: s.latestInvoiceAmountDue ?? 0,
          amount_paid: s.latestInvoiceAmountPaid ?? 0,
          url: s.latestInvoiceUrl,
        }
      : null,
    pending_update: (s.pendingUpdate as Record<string, unknown> | null) ?? null,
    schedule_id: s.scheduleId,
    team: s.teamId ? { id: s.teamId, name: row.teamName ?? '' } : null,
    plan: s.planId ? { id: s.planId, name: row.planName ? seededText(row.planName, ctx.t) : '' } : null,
    order_id: s.orderId,
    creation_time: toSeconds(s.stripeCreatedAt),
    synced_time: toSeconds(s.syncedAt),
  };
}

export async function listStripeSubscriptions(platform: Platform, ctx: SignedInContext, query: ListQuery) {
  return toListPage(query, await listSubscriptionRows(platform.db, query), (row) => toSubscription(ctx, row));
}

/**
 * One subscription with what Stripe told us of it: the events logged under it and under its
 * invoices (each renewal's, with the order it paid), oldest first.
 */
export async function getStripeSubscription(platform: Platform, ctx: SignedInContext, id: string) {
  const row = await findSubscriptionRecord(platform.db, id);
  if (!row) throw new AppError('NOT_FOUND', { msg: NOT_FOUND });
  const byRef = await notificationsOfRefs(platform.db, [id]);
  const invoices = await noticesOfSubscriptionInvoices(platform.db, id);
  const notices = [...byRef, ...invoices].sort(
    (a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id),
  );
  return {
    subscription: toSubscription(ctx, row),
    events: notices.map((notice) => ({ ...eventOfNotice(notice), order_id: notice.orderId })),
  };
}

const stateOf = (row: StripeSubscriptionRow) => ({
  status: row.status,
  cancel_at_period_end: row.cancelAtPeriodEnd,
});

/**
 * An operator's action on a subscription, with a reason, recorded with the state before and
 * after: `cancel_at_period_end` (no more renewals; the period paid for is kept), `resume` (it
 * renews again), `sync` (read again). The change is Stripe's to make: it is asked first, then the
 * mirror reads back what Stripe holds.
 */
export async function actOnStripeSubscription(
  platform: Platform,
  ctx: SignedInContext,
  id: string,
  input: { action: Action; reason: string },
) {
  const before = await findSubscriptionRecord(platform.db, id);
  if (!before) throw new AppError('NOT_FOUND', { msg: NOT_FOUND });
  const client = await operatorStripe(platform);
  if (input.action !== 'sync' && before.subscription.status === 'canceled') {
    throw new AppError('CONFLICT', { msg: 'This subscription has ended: it can no longer be changed' });
  }
  await actAtStripe(
    platform,
    ctx,
    { action: `stripe.subscription.${input.action}`, targetType: 'stripe_subscription', targetId: id },
    {
      reason: input.reason,
      before: before.subscription,
      stateOf,
      missing: 'Stripe has no such subscription',
      apply: async (tx) => {
        if (input.action !== 'sync') {
          await client.subscriptions.update(
            id,
            { cancel_at_period_end: input.action === 'cancel_at_period_end' },
            { idempotencyKey: `subscription:${id}:${input.action}:${ctx.reqId}` },
          );
        }
        return syncStripeSubscription(tx, client, id);
      },
    },
  );
  const after = await findSubscriptionRecord(platform.db, id);
  if (!after) throw new AppError('NOT_FOUND', { msg: NOT_FOUND });
  return { subscription: toSubscription(ctx, after) };
}
