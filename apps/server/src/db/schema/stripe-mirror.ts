import { bigint, boolean, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Our mirror of Stripe's PaymentIntents (`/admin/stripe/payment-indent`): what Stripe last said of
 * each intent, read back from Stripe on each of its webhooks (`payment_intent.*`, `charge.*`) and
 * on an admin's refresh, so the order events arrive in does not matter. It settles nothing:
 * payments follow their Checkout Sessions. Our ids come from the intent's metadata, which our
 * Checkout sets (`payment_intent_data[metadata]`); an intent not ours has none. Not a foreign key:
 * Stripe's record outlives ours.
 */
export const stripePaymentIntents = pgTable(
  'stripe_payment_intents',
  {
    /** Stripe's id (`pi_…`). */
    id: text('id').primaryKey(),
    paymentId: text('payment_id'),
    orderId: text('order_id'),
    orderNum: text('order_num'),
    teamId: text('team_id'),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    amountReceived: bigint('amount_received', { mode: 'number' }).notNull(),
    amountRefunded: bigint('amount_refunded', { mode: 'number' }).notNull(),
    /** Upper case, as our bills keep it. */
    currency: text('currency').notNull(),
    status: text('status').notNull(),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    failureCode: text('failure_code'),
    failureMessage: text('failure_message'),
    /** When Stripe made the intent. */
    stripeCreatedAt: timestamp('stripe_created_at', { withTimezone: true }).notNull(),
    /** When it was last read from Stripe. */
    syncedAt: timestamp('synced_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('stripe_payment_intents_created_idx').on(t.stripeCreatedAt),
    index('stripe_payment_intents_order_idx').on(t.orderId),
  ],
);

/**
 * Our mirror of Stripe's subscriptions (`/admin/stripe/subscription`): what Stripe last said of
 * each, read back from Stripe on each `customer.subscription.*` and `invoice.*` event, on an
 * admin's action and on refresh. The team, plan and first order come from the subscription's
 * metadata, which our Checkout sets (`subscription_data[metadata]`). What a renewal grants is not
 * decided here: each paid renewal invoice is a payment of its own renewal order.
 */
export const stripeSubscriptions = pgTable(
  'stripe_subscriptions',
  {
    /** Stripe's id (`sub_…`). */
    id: text('id').primaryKey(),
    customerId: text('customer_id').notNull(),
    teamId: text('team_id'),
    planId: text('plan_id'),
    /** The order whose Checkout started it. */
    orderId: text('order_id'),
    status: text('status').notNull(),
    /** The price Stripe charges each period, minor units, upper-case currency. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    interval: text('interval').notNull(),
    intervalCount: bigint('interval_count', { mode: 'number' }).notNull(),
    currentPeriodStart: timestamp('current_period_start', { withTimezone: true }).notNull(),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }).notNull(),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    cancelAt: timestamp('cancel_at', { withTimezone: true }),
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    defaultPaymentMethod: text('default_payment_method'),
    latestInvoiceId: text('latest_invoice_id'),
    latestInvoiceNumber: text('latest_invoice_number'),
    latestInvoiceStatus: text('latest_invoice_status'),
    latestInvoiceAmountDue: bigint('latest_invoice_amount_due', { mode: 'number' }),
    latestInvoiceAmountPaid: bigint('latest_invoice_amount_paid', { mode: 'number' }),
    latestInvoiceUrl: text('latest_invoice_url'),
    /** Stripe's `pending_update` (an upgrade whose invoice is not yet paid), as Stripe gives it. */
    pendingUpdate: jsonb('pending_update'),
    scheduleId: text('schedule_id'),
    stripeCreatedAt: timestamp('stripe_created_at', { withTimezone: true }).notNull(),
    syncedAt: timestamp('synced_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('stripe_subscriptions_team_idx').on(t.teamId),
    index('stripe_subscriptions_created_idx').on(t.stripeCreatedAt),
  ],
);

/** One phase of a schedule as the mirror keeps it: times in seconds, as Stripe gives them. */
export interface StripeSchedulePhaseRecord {
  start: number;
  end: number;
  items: {
    price_id: string;
    /** Null when Stripe's price is not a flat per-unit amount (tiered). */
    unit_amount: number | null;
    /** Upper case, as our bills keep it. */
    currency: string;
    interval: string | null;
    interval_count: number | null;
    quantity: number | null;
  }[];
  trial: boolean;
  trial_end: number | null;
  /** Ours, from the phase's metadata: the plan it moves to and the order that asked for it. */
  plan_id: string | null;
  order_id: string | null;
}

/**
 * Our mirror of Stripe's subscription schedules (`/admin/stripe/schedule`): what Stripe last said
 * of each, read back on each `subscription_schedule.*` event and on an admin's action. A schedule
 * holds a subscription's future (a downgrade as a phase at the period's end); the phases are kept
 * whole as one JSON array, read only by the page. `subscription_id` stays the subscription it
 * governed after a release, when Stripe moves it to `released_subscription`.
 */
export const stripeSubscriptionSchedules = pgTable(
  'stripe_subscription_schedules',
  {
    /** Stripe's id (`sub_sched_…`). */
    id: text('id').primaryKey(),
    subscriptionId: text('subscription_id'),
    customerId: text('customer_id').notNull(),
    teamId: text('team_id'),
    status: text('status').notNull(),
    endBehavior: text('end_behavior').notNull(),
    currentPhaseStart: timestamp('current_phase_start', { withTimezone: true }),
    currentPhaseEnd: timestamp('current_phase_end', { withTimezone: true }),
    phases: jsonb('phases').$type<StripeSchedulePhaseRecord[]>().notNull(),
    releasedAt: timestamp('released_at', { withTimezone: true }),
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    releasedSubscription: text('released_subscription'),
    stripeCreatedAt: timestamp('stripe_created_at', { withTimezone: true }).notNull(),
    syncedAt: timestamp('synced_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('stripe_subscription_schedules_team_idx').on(t.teamId),
    index('stripe_subscription_schedules_subscription_idx').on(t.subscriptionId),
    index('stripe_subscription_schedules_created_idx').on(t.stripeCreatedAt),
  ],
);
