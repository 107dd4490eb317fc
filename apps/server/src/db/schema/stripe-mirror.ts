import { bigint, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

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
