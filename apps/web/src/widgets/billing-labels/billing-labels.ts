import type { REFUND_STATES } from '@app/contract/billing/admin-orders';
import type { zCreditEntryKind } from '@app/contract/billing/credits';
import type { InvoiceStatus } from '@app/contract/billing/invoices';
import type { ValidityUnit } from '@app/contract/billing/money';
import type { BillStatus, OrderStatus, zOrderKind, zPaymentStatus } from '@app/contract/billing/orders';
import type { PaymentMethod } from '@app/contract/billing/payments';
import { type PlanChoice, type PlanKind, planTerm } from '@app/contract/billing/plans';
import type { StripeIntentStatus } from '@app/contract/billing/stripe-payment-intents';
import type {
  STRIPE_SCHEDULE_ACTIONS,
  StripeScheduleEndBehavior,
  StripeScheduleStatus,
} from '@app/contract/billing/stripe-schedules';
import type {
  STRIPE_INTERVALS,
  STRIPE_INVOICE_STATUSES,
  STRIPE_SUBSCRIPTION_ACTIONS,
  StripeSubscriptionStatus,
} from '@app/contract/billing/stripe-subscriptions';
import type { zSubscriptionEventKind, zSubscriptionStatus } from '@app/contract/billing/subscriptions';
import type { z } from 'zod';

type OrderKind = z.infer<typeof zOrderKind>;
type PaymentStatus = z.infer<typeof zPaymentStatus>;
type SubscriptionStatus = z.infer<typeof zSubscriptionStatus>;
type SubscriptionEventKind = z.infer<typeof zSubscriptionEventKind>;
type CreditEntryKind = z.infer<typeof zCreditEntryKind>;
type Translate = (msgid: string, options?: Record<string, unknown>) => string;

/** The widest order number (`20261125-000042`: the day and a sequence), for a column's width. */
export const ORDER_NUMBER_SHAPE = '00000000-000000';

/**
 * The one place where billing's enum values become words, for the user's pages and the admin's
 * alike. Every msgid is a literal so the translation check sees it; a value this build does not
 * know (a newer server) is shown as the server sent it rather than hidden.
 */

type RefundStatus = (typeof REFUND_STATES)[number];

export function validityUnitLabel(unit: ValidityUnit | string, t: Translate): string {
  switch (unit) {
    case 'day':
      return t('Day');
    case 'month':
      return t('Month');
    case 'year':
      return t('Year');
    default:
      return unit;
  }
}

/**
 * How long what a plan gives lasts (`planTerm`, the server's rule): a subscription's period
 * (`1 month`), or, for a credit pack, that its credits never expire (the server expires only a
 * period's grant, never purchased credits). The plan card, the payment dialog and page, the order
 * pages and the invoice all say it from here (the invoice through the same rule on the server).
 */
export function planTermLabel(
  plan: { kind: PlanKind | string; validity: number; validity_unit: ValidityUnit | string },
  t: Translate,
): string {
  const term = planTerm(plan);
  return term.kind === 'kept_until_used'
    ? t('Credits never expire')
    : validityLabel(term.validity, term.unit, t);
}

/** What an order's plan gives, beside its name: the term of the plan it bought. */
export function orderTermLabel(
  order: { plan_kind: PlanKind | string; plan_info: { validity: number; validity_unit: string } },
  t: Translate,
): string {
  return planTermLabel(
    {
      kind: order.plan_kind,
      validity: order.plan_info.validity,
      validity_unit: order.plan_info.validity_unit,
    },
    t,
  );
}

/** A plan's validity with its unit: `1 month`, `12 months`, `1 year`. */
export function validityLabel(validity: number, unit: ValidityUnit | string, t: Translate): string {
  switch (unit) {
    case 'day':
      return t('{{count}} days', { count: validity, defaultValue_one: '{{count}} day' });
    case 'month':
      return t('{{count}} months', { count: validity, defaultValue_one: '{{count}} month' });
    case 'year':
      return t('{{count}} years', { count: validity, defaultValue_one: '{{count}} year' });
    default:
      return `${validity} ${unit}`;
  }
}

/** "per month", "every 3 months": how often a subscription's credits are granted and charged. */
export function perPeriodLabel(validity: number, unit: ValidityUnit | string, t: Translate): string {
  if (validity !== 1) return t('every {{period}}', { period: validityLabel(validity, unit, t) });
  switch (unit) {
    case 'day':
      return t('per day');
    case 'month':
      return t('per month');
    case 'year':
      return t('per year');
    default:
      return `/ ${unit}`;
  }
}

/** Orders and bills share their states (spec section 4: unpaid, or otherwise). */
export function orderStatusLabel(status: OrderStatus | BillStatus | string, t: Translate): string {
  switch (status) {
    case 'unpaid':
      return t('Unpaid');
    case 'paid':
      return t('Paid');
    case 'expired':
      return t('Expired');
    case 'canceled':
      return t('Canceled');
    case 'refunded':
      return t('Refunded');
    default:
      return status;
  }
}

export const billStatusLabel = orderStatusLabel;

export function orderKindLabel(kind: OrderKind | string, t: Translate): string {
  switch (kind) {
    case 'subscribe':
      return t('New subscription');
    case 'renew':
      return t('Renewal');
    case 'upgrade':
      return t('Upgrade');
    case 'downgrade':
      return t('Downgrade');
    case 'buy':
      return t('Credit pack');
    default:
      return kind;
  }
}

export function planKindLabel(kind: PlanKind | string, t: Translate): string {
  switch (kind) {
    case 'subscription':
      return t('Subscription');
    case 'credit_pack':
      return t('Credit pack');
    default:
      return kind;
  }
}

export function subscriptionStatusLabel(status: SubscriptionStatus | string, t: Translate): string {
  switch (status) {
    case 'active':
      return t('Active');
    case 'scheduled':
      return t('Scheduled');
    case 'expired':
      return t('Expired');
    case 'canceled':
      return t('Canceled');
    case 'replaced':
      return t('Replaced');
    default:
      return status;
  }
}

export function subscriptionEventLabel(kind: SubscriptionEventKind | string, t: Translate): string {
  switch (kind) {
    case 'start':
      return t('Started');
    case 'subscribe':
      return t('Subscribed');
    case 'renew':
      return t('Renewed');
    case 'upgrade':
      return t('Upgraded');
    case 'downgrade_scheduled':
      return t('Downgrade scheduled');
    case 'downgrade':
      return t('Downgraded');
    case 'extend':
      return t('Extended');
    case 'cancel':
      return t('Canceled');
    case 'expire':
      return t('Expired');
    case 'refund':
      return t('Refunded');
    case 'free_renew':
      return t('Free plan renewed');
    default:
      return kind;
  }
}

export function invoiceStatusLabel(status: InvoiceStatus | string, t: Translate): string {
  switch (status) {
    case 'requested':
      return t('Requested');
    case 'issued':
      return t('Issued');
    case 'rejected':
      return t('Rejected');
    default:
      return status;
  }
}

export function paymentStatusLabel(status: PaymentStatus | string, t: Translate): string {
  switch (status) {
    case 'pending':
      return t('Pending');
    case 'captured':
      return t('Captured');
    case 'failed':
      return t('Failed');
    case 'canceled':
      return t('Canceled');
    case 'refunded':
      return t('Refunded');
    case 'returned':
      return t('Returned (paid twice)');
    default:
      return status;
  }
}

/** A refund's state (`/admin/order/details`): money moves only once the provider confirms it. */
export function refundStatusLabel(status: RefundStatus | string, t: Translate): string {
  switch (status) {
    case 'pending':
      return t('Pending: not confirmed by the provider yet');
    case 'succeeded':
      return t('Refunded');
    case 'failed':
      return t('Refused by the provider');
    default:
      return status;
  }
}

/** Stripe's PaymentIntent statuses (`/admin/stripe/payment-indent`), in Stripe's own sense. */
export function stripeIntentStatusLabel(status: StripeIntentStatus | string, t: Translate): string {
  switch (status) {
    case 'requires_payment_method':
      return t('Needs a payment method');
    case 'requires_confirmation':
      return t('Needs confirmation');
    case 'requires_action':
      return t('Needs customer action');
    case 'processing':
      return t('Processing');
    case 'requires_capture':
      return t('Authorized, not captured');
    case 'canceled':
      return t('Canceled');
    case 'succeeded':
      return t('Succeeded');
    default:
      return status;
  }
}

/** A Stripe intent's status as a tag colour: settled green, waiting blue, failed red. */
export function stripeIntentStatusColor(status: string): string | undefined {
  switch (status) {
    case 'succeeded':
      return 'success';
    case 'processing':
    case 'requires_capture':
    case 'requires_confirmation':
    case 'requires_action':
      return 'processing';
    case 'requires_payment_method':
      return 'error';
    default:
      return undefined;
  }
}

/** Stripe's subscription statuses (`/admin/stripe/subscription`), in Stripe's own sense. */
export function stripeSubscriptionStatusLabel(
  status: StripeSubscriptionStatus | string,
  t: Translate,
): string {
  switch (status) {
    case 'incomplete':
      return t('Incomplete: first payment not made');
    case 'incomplete_expired':
      return t('Expired before its first payment');
    case 'trialing':
      // The product offers no trials: Stripe's trial is a period paid to us ahead (a downgrade's).
      return t('Paid ahead (a trial at Stripe)');
    case 'active':
      return t('Active');
    case 'past_due':
      return t('Past due');
    case 'canceled':
      return t('Canceled');
    case 'unpaid':
      return t('Unpaid');
    case 'paused':
      return t('Paused');
    default:
      return status;
  }
}

/** A Stripe subscription's status as a tag colour: renewing green, owing orange or red, over grey. */
export function stripeSubscriptionStatusColor(status: string): string | undefined {
  switch (status) {
    case 'active':
      return 'success';
    case 'trialing':
    case 'incomplete':
      return 'processing';
    case 'past_due':
    case 'paused':
      return 'warning';
    case 'unpaid':
      return 'error';
    case 'canceled':
    case 'incomplete_expired':
      return 'default';
    default:
      return undefined;
  }
}

/** A subscription's latest invoice, by Stripe's invoice statuses. */
export function stripeInvoiceStatusLabel(
  status: (typeof STRIPE_INVOICE_STATUSES)[number] | string,
  t: Translate,
): string {
  switch (status) {
    case 'draft':
      return t('Draft');
    case 'open':
      return t('Awaiting payment');
    case 'paid':
      return t('Paid');
    case 'uncollectible':
      return t('Uncollectible');
    case 'void':
      return t('Voided');
    default:
      return status;
  }
}

/** A Stripe invoice's status as a tag colour. */
export function stripeInvoiceStatusColor(status: string): string | undefined {
  switch (status) {
    case 'paid':
      return 'success';
    case 'open':
      return 'processing';
    case 'uncollectible':
      return 'error';
    default:
      return 'default';
  }
}

/** "/ month", "/ 3 months": how often Stripe charges a subscription's amount. */
export function perStripeIntervalLabel(
  count: number,
  interval: (typeof STRIPE_INTERVALS)[number] | string,
  t: Translate,
): string {
  if (count !== 1) {
    switch (interval) {
      case 'day':
        return t('/ {{count}} days', { count, defaultValue_one: '/ {{count}} day' });
      case 'week':
        return t('/ {{count}} weeks', { count, defaultValue_one: '/ {{count}} week' });
      case 'month':
        return t('/ {{count}} months', { count, defaultValue_one: '/ {{count}} month' });
      case 'year':
        return t('/ {{count}} years', { count, defaultValue_one: '/ {{count}} year' });
      default:
        return `/ ${count} ${interval}`;
    }
  }
  switch (interval) {
    case 'day':
      return t('/ day');
    case 'week':
      return t('/ week');
    case 'month':
      return t('/ month');
    case 'year':
      return t('/ year');
    default:
      return interval;
  }
}

/** What an operator does to a Stripe subscription: the buttons say it. */
export function stripeSubscriptionActionLabel(
  action: (typeof STRIPE_SUBSCRIPTION_ACTIONS)[number] | string,
  t: Translate,
): string {
  switch (action) {
    case 'cancel_at_period_end':
      return t('Cancel at period end');
    case 'resume':
      return t('Resume');
    case 'sync':
      return t('Sync');
    default:
      return action;
  }
}

export function paymentMethodLabel(method: PaymentMethod | string, t: Translate): string {
  switch (method) {
    case 'sandbox':
      return t('Sandbox (test mode)');
    case 'stripe':
      return t('Card (Stripe)');
    case 'wechatpay':
      return t('WeChat Pay');
    case 'alipay':
      return t('Alipay');
    default:
      return method;
  }
}

export function creditEntryKindLabel(kind: CreditEntryKind | string, t: Translate): string {
  switch (kind) {
    case 'grant':
      return t('Granted');
    case 'purchase':
      return t('Purchased');
    case 'usage':
      return t('Used');
    case 'refund':
      return t('Refunded');
    case 'expire':
      return t('Expired');
    case 'adjust':
      return t('Adjusted');
    default:
      return kind;
  }
}

/** A plan on sale or withdrawn: an archived plan can no longer be bought (its subscribers keep it). */
export function planStatusLabel(status: string, t: Translate): string {
  switch (status) {
    case 'active':
      return t('Active');
    case 'archived':
      return t('Archived');
    default:
      return status;
  }
}

/**
 * Choosing a plan of the same tier paid for another period (`switch_period`): "Switch to yearly",
 * named by the period chosen.
 */
export function periodSwitchLabel(validity: number, unit: ValidityUnit | string, t: Translate): string {
  if (validity === 1) {
    switch (unit) {
      case 'day':
        return t('Switch to daily');
      case 'month':
        return t('Switch to monthly');
      case 'year':
        return t('Switch to yearly');
    }
  }
  return t('Switch to every {{period}}', { period: validityLabel(validity, unit, t) });
}

/**
 * The plan card's button: what choosing the plan would do from where the team stands (the
 * server's `choice`); a switch of period is named by the plan's own period.
 */
export function planChoiceLabel(
  plan: { choice: PlanChoice | string; validity: number; validity_unit: ValidityUnit | string },
  t: Translate,
): string {
  const { choice } = plan;
  if (choice === 'switch_period') return periodSwitchLabel(plan.validity, plan.validity_unit, t);
  switch (choice) {
    case 'current':
      return t('Current plan');
    case 'subscribe':
      return t('Subscribe');
    case 'renew':
      return t('Renew');
    case 'upgrade':
      return t('Upgrade');
    case 'downgrade':
      return t('Downgrade');
    case 'buy':
      return t('Buy');
    case 'unavailable':
      return t('Included');
    default:
      return choice;
  }
}

/** An AI call's credits: charged once it settled, given back when released. */
export function usageStatusLabel(status: string, t: Translate): string {
  switch (status) {
    case 'settled':
      return t('Charged');
    case 'released':
      return t('Released');
    default:
      return status;
  }
}

/**
 * What the server did with a payment provider's notification (the admin's order details). The
 * contract sends it as a string; these are the server's values (payments/notification-handler.ts).
 */
export const NOTIFICATION_OUTCOMES = [
  'applied',
  'duplicate',
  'recorded',
  'ignored',
  'unknown_reference',
  'refused_signature',
  'refused_amount',
  'refused_currency',
  'refused_expired',
  'refused_paid',
  'returned',
  'missing_permission',
] as const;

export function notificationOutcomeLabel(outcome: string, t: Translate): string {
  switch (outcome) {
    case 'applied':
      return t('Applied');
    case 'duplicate':
      return t('Duplicate');
    case 'recorded':
      return t('Recorded');
    case 'ignored':
      return t('Ignored');
    case 'unknown_reference':
      return t('Unknown reference');
    case 'refused_signature':
      return t('Refused: bad signature');
    case 'refused_amount':
      return t('Refused: wrong amount');
    case 'refused_currency':
      return t('Refused: wrong currency');
    case 'refused_expired':
      return t('Refused: bill expired');
    case 'refused_paid':
      return t('Refused: already paid');
    case 'returned':
      return t('Given back: paid twice');
    case 'missing_permission':
      return t('Not read: the key lacks a permission');
    default:
      return outcome;
  }
}

/**
 * The AI functions a plan may allow: the areas by their names, a function (`analysis.top_movers`)
 * by the name the server gives it (`names`, from useFunctionNames), else its key.
 */
export function functionLabel(key: string, t: Translate, names?: ReadonlyMap<string, string>): string {
  switch (key) {
    case 'chat':
      return t('Chat assistant');
    case 'analysis':
      return t('Analysis');
    case 'ai_table':
      return t('AI tables');
    default:
      return names?.get(key) ?? key;
  }
}

/** antd tag colours by state, so a status looks the same on every page. */
export function statusColor(status: string): string | undefined {
  switch (status) {
    case 'paid':
    case 'active':
    case 'issued':
    case 'captured':
    case 'settled':
      return 'success';
    case 'unpaid':
    case 'requested':
    case 'pending':
    case 'scheduled':
      return 'processing';
    case 'refunded':
    case 'rejected':
    case 'failed':
      return 'error';
    case 'expired':
    case 'canceled':
    case 'replaced':
    case 'released':
      return 'default';
    default:
      return undefined;
  }
}

/** Stripe's subscription schedule statuses (`/admin/stripe/schedule`), in Stripe's own sense. */
export function stripeScheduleStatusLabel(status: StripeScheduleStatus | string, t: Translate): string {
  const labels: Record<StripeScheduleStatus, string> = {
    not_started: t('Not started'),
    active: t('Active'),
    completed: t('Completed'),
    released: t('Released'),
    canceled: t('Canceled'),
  };
  return labels[status as StripeScheduleStatus] ?? status;
}

/** A schedule's status as a tag colour: waiting blue, applying green, over grey. */
export function stripeScheduleStatusColor(status: string): string | undefined {
  const colors: Record<StripeScheduleStatus, string> = {
    not_started: 'processing',
    active: 'success',
    completed: 'default',
    released: 'default',
    canceled: 'default',
  };
  return colors[status as StripeScheduleStatus];
}

/** What a schedule does to its subscription after its last phase. */
export function stripeScheduleEndBehaviorLabel(
  behavior: StripeScheduleEndBehavior | string,
  t: Translate,
): string {
  const labels: Record<StripeScheduleEndBehavior, string> = {
    release: t('Keeps the subscription'),
    cancel: t('Cancels the subscription'),
  };
  return labels[behavior as StripeScheduleEndBehavior] ?? behavior;
}

/** What an operator does to a Stripe schedule: the buttons say it. */
export function stripeScheduleActionLabel(
  action: (typeof STRIPE_SCHEDULE_ACTIONS)[number] | string,
  t: Translate,
): string {
  const labels: Record<(typeof STRIPE_SCHEDULE_ACTIONS)[number], string> = {
    release: t('Release'),
    cancel: t('Cancel schedule'),
  };
  return labels[action as (typeof STRIPE_SCHEDULE_ACTIONS)[number]] ?? action;
}
