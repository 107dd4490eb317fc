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
type StripeInterval = (typeof STRIPE_INTERVALS)[number];

/**
 * A value's words: one entry per value, each a `t()` call with its literal msgid (kept lazy, so a
 * grid cell translates only its own value). Every enum of this file is such a table read through
 * `wordFor`; a new value is one line in its table.
 */
type Words<K extends string, A extends unknown[] = []> = Record<K, (t: Translate, ...args: A) => string>;

/** The words for a value; a value this build does not know (a newer server) is shown as sent. */
function wordFor<K extends string, A extends unknown[]>(
  words: Words<K, A>,
  value: K | string,
  t: Translate,
  ...args: A
): string | undefined {
  return Object.hasOwn(words, value) ? words[value as K](t, ...args) : undefined;
}

/** A table's word for a value, else the value as the server sent it. */
function labelFor<K extends string>(words: Words<K>, value: K | string, t: Translate): string {
  return wordFor(words, value, t) ?? value;
}

/** A tag colour by value; `undefined` (antd's plain tag) for a value the table does not name. */
function colorFor(colors: Record<string, string>, value: string): string | undefined {
  return Object.hasOwn(colors, value) ? colors[value] : undefined;
}

const VALIDITY_UNIT_WORDS: Words<ValidityUnit> = {
  day: (t) => t('Day'),
  month: (t) => t('Month'),
  year: (t) => t('Year'),
};

export function validityUnitLabel(unit: ValidityUnit | string, t: Translate): string {
  return labelFor(VALIDITY_UNIT_WORDS, unit, t);
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

const VALIDITY_WORDS: Words<ValidityUnit, [count: number]> = {
  day: (t, count) => t('{{count}} days', { count, defaultValue_one: '{{count}} day' }),
  month: (t, count) => t('{{count}} months', { count, defaultValue_one: '{{count}} month' }),
  year: (t, count) => t('{{count}} years', { count, defaultValue_one: '{{count}} year' }),
};

/** A plan's validity with its unit: `1 month`, `12 months`, `1 year`. */
export function validityLabel(validity: number, unit: ValidityUnit | string, t: Translate): string {
  return wordFor(VALIDITY_WORDS, unit, t, validity) ?? `${validity} ${unit}`;
}

const PER_ONE_PERIOD_WORDS: Words<ValidityUnit> = {
  day: (t) => t('per day'),
  month: (t) => t('per month'),
  year: (t) => t('per year'),
};

/** "per month", "every 3 months": how often a subscription's credits are granted and charged. */
export function perPeriodLabel(validity: number, unit: ValidityUnit | string, t: Translate): string {
  if (validity !== 1) return t('every {{period}}', { period: validityLabel(validity, unit, t) });
  return wordFor(PER_ONE_PERIOD_WORDS, unit, t) ?? `/ ${unit}`;
}

const ORDER_STATUS_WORDS: Words<OrderStatus | BillStatus> = {
  unpaid: (t) => t('Unpaid'),
  paid: (t) => t('Paid'),
  expired: (t) => t('Expired'),
  canceled: (t) => t('Canceled'),
  refunded: (t) => t('Refunded'),
};

/** Orders and bills share their states (spec section 4: unpaid, or otherwise). */
export function orderStatusLabel(status: OrderStatus | BillStatus | string, t: Translate): string {
  return labelFor(ORDER_STATUS_WORDS, status, t);
}

export const billStatusLabel = orderStatusLabel;

const ORDER_KIND_WORDS: Words<OrderKind> = {
  subscribe: (t) => t('New subscription'),
  renew: (t) => t('Renewal'),
  upgrade: (t) => t('Upgrade'),
  downgrade: (t) => t('Downgrade'),
  buy: (t) => t('Credit pack'),
};

export function orderKindLabel(kind: OrderKind | string, t: Translate): string {
  return labelFor(ORDER_KIND_WORDS, kind, t);
}

const PLAN_KIND_WORDS: Words<PlanKind> = {
  subscription: (t) => t('Subscription'),
  credit_pack: (t) => t('Credit pack'),
};

export function planKindLabel(kind: PlanKind | string, t: Translate): string {
  return labelFor(PLAN_KIND_WORDS, kind, t);
}

const SUBSCRIPTION_STATUS_WORDS: Words<SubscriptionStatus> = {
  active: (t) => t('Active'),
  scheduled: (t) => t('Scheduled'),
  expired: (t) => t('Expired'),
  canceled: (t) => t('Canceled'),
  replaced: (t) => t('Replaced'),
};

export function subscriptionStatusLabel(status: SubscriptionStatus | string, t: Translate): string {
  return labelFor(SUBSCRIPTION_STATUS_WORDS, status, t);
}

const SUBSCRIPTION_EVENT_WORDS: Words<SubscriptionEventKind> = {
  start: (t) => t('Started'),
  subscribe: (t) => t('Subscribed'),
  renew: (t) => t('Renewed'),
  upgrade: (t) => t('Upgraded'),
  downgrade_scheduled: (t) => t('Downgrade scheduled'),
  downgrade: (t) => t('Downgraded'),
  extend: (t) => t('Extended'),
  cancel: (t) => t('Canceled'),
  expire: (t) => t('Expired'),
  refund: (t) => t('Refunded'),
  free_renew: (t) => t('Free plan renewed'),
};

export function subscriptionEventLabel(kind: SubscriptionEventKind | string, t: Translate): string {
  return labelFor(SUBSCRIPTION_EVENT_WORDS, kind, t);
}

const INVOICE_STATUS_WORDS: Words<InvoiceStatus> = {
  requested: (t) => t('Requested'),
  issued: (t) => t('Issued'),
  rejected: (t) => t('Rejected'),
};

export function invoiceStatusLabel(status: InvoiceStatus | string, t: Translate): string {
  return labelFor(INVOICE_STATUS_WORDS, status, t);
}

const PAYMENT_STATUS_WORDS: Words<PaymentStatus> = {
  pending: (t) => t('Pending'),
  captured: (t) => t('Captured'),
  failed: (t) => t('Failed'),
  canceled: (t) => t('Canceled'),
  refunded: (t) => t('Refunded'),
  returned: (t) => t('Returned (paid twice)'),
};

export function paymentStatusLabel(status: PaymentStatus | string, t: Translate): string {
  return labelFor(PAYMENT_STATUS_WORDS, status, t);
}

const REFUND_STATUS_WORDS: Words<RefundStatus> = {
  pending: (t) => t('Pending: not confirmed by the provider yet'),
  succeeded: (t) => t('Refunded'),
  failed: (t) => t('Refused by the provider'),
};

/** A refund's state (`/admin/order/details`): money moves only once the provider confirms it. */
export function refundStatusLabel(status: RefundStatus | string, t: Translate): string {
  return labelFor(REFUND_STATUS_WORDS, status, t);
}

const STRIPE_INTENT_STATUS_WORDS: Words<StripeIntentStatus> = {
  requires_payment_method: (t) => t('Needs a payment method'),
  requires_confirmation: (t) => t('Needs confirmation'),
  requires_action: (t) => t('Needs customer action'),
  processing: (t) => t('Processing'),
  requires_capture: (t) => t('Authorized, not captured'),
  canceled: (t) => t('Canceled'),
  succeeded: (t) => t('Succeeded'),
};

/** Stripe's PaymentIntent statuses (`/admin/stripe/payment-indent`), in Stripe's own sense. */
export function stripeIntentStatusLabel(status: StripeIntentStatus | string, t: Translate): string {
  return labelFor(STRIPE_INTENT_STATUS_WORDS, status, t);
}

const STRIPE_INTENT_STATUS_COLORS: Record<string, string> = {
  succeeded: 'success',
  processing: 'processing',
  requires_capture: 'processing',
  requires_confirmation: 'processing',
  requires_action: 'processing',
  requires_payment_method: 'error',
};

/** A Stripe intent's status as a tag colour: settled green, waiting blue, failed red. */
export function stripeIntentStatusColor(status: string): string | undefined {
  return colorFor(STRIPE_INTENT_STATUS_COLORS, status);
}

const STRIPE_SUBSCRIPTION_STATUS_WORDS: Words<StripeSubscriptionStatus> = {
  incomplete: (t) => t('Incomplete: first payment not made'),
  incomplete_expired: (t) => t('Expired before its first payment'),
  // The product offers no trials: Stripe's trial is a period paid to us ahead (a downgrade's).
  trialing: (t) => t('Paid ahead (a trial at Stripe)'),
  active: (t) => t('Active'),
  past_due: (t) => t('Past due'),
  canceled: (t) => t('Canceled'),
  unpaid: (t) => t('Unpaid'),
  paused: (t) => t('Paused'),
};

/** Stripe's subscription statuses (`/admin/stripe/subscription`), in Stripe's own sense. */
export function stripeSubscriptionStatusLabel(
  status: StripeSubscriptionStatus | string,
  t: Translate,
): string {
  return labelFor(STRIPE_SUBSCRIPTION_STATUS_WORDS, status, t);
}

const STRIPE_SUBSCRIPTION_STATUS_COLORS: Record<string, string> = {
  active: 'success',
  trialing: 'processing',
  incomplete: 'processing',
  past_due: 'warning',
  paused: 'warning',
  unpaid: 'error',
  canceled: 'default',
  incomplete_expired: 'default',
};

/** A Stripe subscription's status as a tag colour: renewing green, owing orange or red, over grey. */
export function stripeSubscriptionStatusColor(status: string): string | undefined {
  return colorFor(STRIPE_SUBSCRIPTION_STATUS_COLORS, status);
}

const STRIPE_INVOICE_STATUS_WORDS: Words<(typeof STRIPE_INVOICE_STATUSES)[number]> = {
  draft: (t) => t('Draft'),
  open: (t) => t('Awaiting payment'),
  paid: (t) => t('Paid'),
  uncollectible: (t) => t('Uncollectible'),
  void: (t) => t('Voided'),
};

/** A subscription's latest invoice, by Stripe's invoice statuses. */
export function stripeInvoiceStatusLabel(
  status: (typeof STRIPE_INVOICE_STATUSES)[number] | string,
  t: Translate,
): string {
  return labelFor(STRIPE_INVOICE_STATUS_WORDS, status, t);
}

const STRIPE_INVOICE_STATUS_COLORS: Record<string, string> = {
  paid: 'success',
  open: 'processing',
  uncollectible: 'error',
};

/** A Stripe invoice's status as a tag colour (grey for the rest). */
export function stripeInvoiceStatusColor(status: string): string | undefined {
  return colorFor(STRIPE_INVOICE_STATUS_COLORS, status) ?? 'default';
}

const PER_STRIPE_INTERVALS_WORDS: Words<StripeInterval, [count: number]> = {
  day: (t, count) => t('/ {{count}} days', { count, defaultValue_one: '/ {{count}} day' }),
  week: (t, count) => t('/ {{count}} weeks', { count, defaultValue_one: '/ {{count}} week' }),
  month: (t, count) => t('/ {{count}} months', { count, defaultValue_one: '/ {{count}} month' }),
  year: (t, count) => t('/ {{count}} years', { count, defaultValue_one: '/ {{count}} year' }),
};

const PER_STRIPE_INTERVAL_WORDS: Words<StripeInterval> = {
  day: (t) => t('/ day'),
  week: (t) => t('/ week'),
  month: (t) => t('/ month'),
  year: (t) => t('/ year'),
};

/** "/ month", "/ 3 months": how often Stripe charges a subscription's amount. */
export function perStripeIntervalLabel(
  count: number,
  interval: StripeInterval | string,
  t: Translate,
): string {
  if (count !== 1) return wordFor(PER_STRIPE_INTERVALS_WORDS, interval, t, count) ?? `/ ${count} ${interval}`;
  return labelFor(PER_STRIPE_INTERVAL_WORDS, interval, t);
}

const STRIPE_SUBSCRIPTION_ACTION_WORDS: Words<(typeof STRIPE_SUBSCRIPTION_ACTIONS)[number]> = {
  cancel_at_period_end: (t) => t('Cancel at period end'),
  resume: (t) => t('Resume'),
  sync: (t) => t('Sync'),
};

/** What an operator does to a Stripe subscription: the buttons say it. */
export function stripeSubscriptionActionLabel(
  action: (typeof STRIPE_SUBSCRIPTION_ACTIONS)[number] | string,
  t: Translate,
): string {
  return labelFor(STRIPE_SUBSCRIPTION_ACTION_WORDS, action, t);
}

const PAYMENT_METHOD_WORDS: Words<PaymentMethod> = {
  sandbox: (t) => t('Sandbox (test mode)'),
  stripe: (t) => t('Card (Stripe)'),
  wechatpay: (t) => t('WeChat Pay'),
  alipay: (t) => t('Alipay'),
};

export function paymentMethodLabel(method: PaymentMethod | string, t: Translate): string {
  return labelFor(PAYMENT_METHOD_WORDS, method, t);
}

const CREDIT_ENTRY_KIND_WORDS: Words<CreditEntryKind> = {
  grant: (t) => t('Granted'),
  purchase: (t) => t('Purchased'),
  usage: (t) => t('Used'),
  refund: (t) => t('Refunded'),
  expire: (t) => t('Expired'),
  adjust: (t) => t('Adjusted'),
};

export function creditEntryKindLabel(kind: CreditEntryKind | string, t: Translate): string {
  return labelFor(CREDIT_ENTRY_KIND_WORDS, kind, t);
}

const PLAN_STATUS_WORDS: Words<'active' | 'archived'> = {
  active: (t) => t('Active'),
  archived: (t) => t('Archived'),
};

/** A plan on sale or withdrawn: an archived plan can no longer be bought (its subscribers keep it). */
export function planStatusLabel(status: string, t: Translate): string {
  return labelFor(PLAN_STATUS_WORDS, status, t);
}

const SWITCH_TO_ONE_PERIOD_WORDS: Words<ValidityUnit> = {
  day: (t) => t('Switch to daily'),
  month: (t) => t('Switch to monthly'),
  year: (t) => t('Switch to yearly'),
};

/**
 * Choosing a plan of the same tier paid for another period (`switch_period`): "Switch to yearly",
 * named by the period chosen.
 */
export function periodSwitchLabel(validity: number, unit: ValidityUnit | string, t: Translate): string {
  const one = validity === 1 ? wordFor(SWITCH_TO_ONE_PERIOD_WORDS, unit, t) : undefined;
  return one ?? t('Switch to every {{period}}', { period: validityLabel(validity, unit, t) });
}

const PLAN_CHOICE_WORDS: Words<Exclude<PlanChoice, 'switch_period'>> = {
  current: (t) => t('Current plan'),
  subscribe: (t) => t('Subscribe'),
  renew: (t) => t('Renew'),
  upgrade: (t) => t('Upgrade'),
  downgrade: (t) => t('Downgrade'),
  buy: (t) => t('Buy'),
  unavailable: (t) => t('Included'),
};

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
  return labelFor(PLAN_CHOICE_WORDS, choice, t);
}

const USAGE_STATUS_WORDS: Words<'settled' | 'released'> = {
  settled: (t) => t('Charged'),
  released: (t) => t('Released'),
};

/** An AI call's credits: charged once it settled, given back when released. */
export function usageStatusLabel(status: string, t: Translate): string {
  return labelFor(USAGE_STATUS_WORDS, status, t);
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

const NOTIFICATION_OUTCOME_WORDS: Words<(typeof NOTIFICATION_OUTCOMES)[number]> = {
  applied: (t) => t('Applied'),
  duplicate: (t) => t('Duplicate'),
  recorded: (t) => t('Recorded'),
  ignored: (t) => t('Ignored'),
  unknown_reference: (t) => t('Unknown reference'),
  refused_signature: (t) => t('Refused: bad signature'),
  refused_amount: (t) => t('Refused: wrong amount'),
  refused_currency: (t) => t('Refused: wrong currency'),
  refused_expired: (t) => t('Refused: bill expired'),
  refused_paid: (t) => t('Refused: already paid'),
  returned: (t) => t('Given back: paid twice'),
  missing_permission: (t) => t('Not read: the key lacks a permission'),
};

export function notificationOutcomeLabel(outcome: string, t: Translate): string {
  return labelFor(NOTIFICATION_OUTCOME_WORDS, outcome, t);
}

const FUNCTION_AREA_WORDS: Words<'chat' | 'analysis' | 'ai_table'> = {
  chat: (t) => t('Chat assistant'),
  analysis: (t) => t('Analysis'),
  ai_table: (t) => t('AI tables'),
};

/**
 * The AI functions a plan may allow: the areas by their names, a function (`analysis.top_movers`)
 * by the name the server gives it (`names`, from useFunctionNames), else its key.
 */
export function functionLabel(key: string, t: Translate, names?: ReadonlyMap<string, string>): string {
  return wordFor(FUNCTION_AREA_WORDS, key, t) ?? names?.get(key) ?? key;
}

const STATUS_COLORS: Record<string, string> = {
  paid: 'success',
  active: 'success',
  issued: 'success',
  captured: 'success',
  settled: 'success',
  unpaid: 'processing',
  requested: 'processing',
  pending: 'processing',
  scheduled: 'processing',
  refunded: 'error',
  rejected: 'error',
  failed: 'error',
  expired: 'default',
  canceled: 'default',
  replaced: 'default',
  released: 'default',
};

/** antd tag colours by state, so a status looks the same on every page. */
export function statusColor(status: string): string | undefined {
  return colorFor(STATUS_COLORS, status);
}

const STRIPE_SCHEDULE_STATUS_WORDS: Words<StripeScheduleStatus> = {
  not_started: (t) => t('Not started'),
  active: (t) => t('Active'),
  completed: (t) => t('Completed'),
  released: (t) => t('Released'),
  canceled: (t) => t('Canceled'),
};

/** Stripe's subscription schedule statuses (`/admin/stripe/schedule`), in Stripe's own sense. */
export function stripeScheduleStatusLabel(status: StripeScheduleStatus | string, t: Translate): string {
  return labelFor(STRIPE_SCHEDULE_STATUS_WORDS, status, t);
}

const STRIPE_SCHEDULE_STATUS_COLORS: Record<StripeScheduleStatus, string> = {
  not_started: 'processing',
  active: 'success',
  completed: 'default',
  released: 'default',
  canceled: 'default',
};

/** A schedule's status as a tag colour: waiting blue, applying green, over grey. */
export function stripeScheduleStatusColor(status: string): string | undefined {
  return colorFor(STRIPE_SCHEDULE_STATUS_COLORS, status);
}

const STRIPE_SCHEDULE_END_BEHAVIOR_WORDS: Words<StripeScheduleEndBehavior> = {
  release: (t) => t('Keeps the subscription'),
  cancel: (t) => t('Cancels the subscription'),
};

/** What a schedule does to its subscription after its last phase. */
export function stripeScheduleEndBehaviorLabel(
  behavior: StripeScheduleEndBehavior | string,
  t: Translate,
): string {
  return labelFor(STRIPE_SCHEDULE_END_BEHAVIOR_WORDS, behavior, t);
}

const STRIPE_SCHEDULE_ACTION_WORDS: Words<(typeof STRIPE_SCHEDULE_ACTIONS)[number]> = {
  release: (t) => t('Release'),
  cancel: (t) => t('Cancel schedule'),
};

/** What an operator does to a Stripe schedule: the buttons say it. */
export function stripeScheduleActionLabel(
  action: (typeof STRIPE_SCHEDULE_ACTIONS)[number] | string,
  t: Translate,
): string {
  return labelFor(STRIPE_SCHEDULE_ACTION_WORDS, action, t);
}
