import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './auth';
import { teams } from './teams';

type LedgerNoteParams = Record<string, string | number | { msgid: string } | { seeded: string }>;

/*
 * Billing (ARCHITECTURE section 6: plans and subscriptions; orders, bills, payments; credits;
 * invoices). Money is integer cents with its currency; credits are whole numbers.
 *
 * Financial records (orders, bills, payments, refunds, the credit ledger, usage logs, invoices,
 * provider notifications) carry `team_id` without a foreign key on purpose: they must outlive a
 * deleted team, so that the financial report keeps adding up and the ledger keeps explaining
 * every balance. Live state (subscriptions, balances, reservations) goes with its team.
 */

const id = () =>
  text('id')
    .primaryKey()
    .$defaultFn(() => crypto.randomUUID());
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const money = (name: string) => bigint(name, { mode: 'number' });

export const plans = pgTable(
  'plans',
  {
    id: id(),
    key: text('key').notNull().unique(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** subscription | credit_pack */
    kind: text('kind').notNull().default('subscription'),
    price: money('price').notNull(),
    currency: text('currency').notNull(),
    validity: integer('validity').notNull(),
    /** day | month | year */
    validityUnit: text('validity_unit').notNull(),
    credits: bigint('credits', { mode: 'number' }).notNull().default(0),
    storageQuotaBytes: bigint('storage_quota_bytes', { mode: 'number' }).notNull(),
    seats: integer('seats').notNull().default(1),
    /** active | archived */
    status: text('status').notNull().default('active'),
    isDefault: boolean('is_default').notNull().default(false),
    highlighted: boolean('highlighted').notNull().default(false),
    sortOrder: integer('sort_order').notNull().default(100),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One default plan: what every team holds without a paid one.
    uniqueIndex('plans_one_default_idx').on(t.isDefault).where(sql`${t.isDefault}`),
    check('plans_price_check', sql`${t.price} >= 0`),
    check('plans_credits_check', sql`${t.credits} >= 0`),
    check('plans_validity_check', sql`${t.validity} > 0`),
  ],
);

/** Which AI functions a plan may use (`/admin/usm/function/permission`). */
export const planFunctions = pgTable(
  'plan_functions',
  {
    planId: text('plan_id')
      .notNull()
      .references(() => plans.id, { onDelete: 'cascade' }),
    functionKey: text('function_key').notNull(),
  },
  (t) => [primaryKey({ columns: [t.planId, t.functionKey] })],
);

/**
 * One row per period a team holds a plan. The `active` row is the plan now (one per team); paid
 * renewals and downgrades wait as `scheduled` rows that start where the one before ends. A row's
 * credits are granted when it becomes active.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: id(),
    teamId: text('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    planId: text('plan_id')
      .notNull()
      .references(() => plans.id),
    /** active | scheduled | expired | canceled | replaced */
    status: text('status').notNull(),
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    periodEnd: timestamp('period_end', { withTimezone: true }).notNull(),
    /** The order that paid for this period (null for the default plan). */
    orderId: text('order_id'),
    /** What this period was worth (the plan's price when ordered): the base of a pro-rata credit. */
    periodValue: money('period_value').notNull().default(0),
    currency: text('currency').notNull().default('USD'),
    cancelReason: text('cancel_reason'),
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
    canceledBy: text('canceled_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('subscriptions_one_active_idx').on(t.teamId).where(sql`${t.status} = 'active'`),
    index('subscriptions_team_idx').on(t.teamId, t.periodStart),
    index('subscriptions_due_idx').on(t.periodEnd).where(sql`${t.status} = 'active'`),
    index('subscriptions_order_idx').on(t.orderId),
    check('subscriptions_period_check', sql`${t.periodEnd} > ${t.periodStart}`),
  ],
);

/** What happened to a team's subscription, for `/account/subscription-history` and admins. */
export const subscriptionEvents = pgTable(
  'subscription_events',
  {
    id: id(),
    teamId: text('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    subscriptionId: text('subscription_id'),
    planId: text('plan_id').notNull(),
    planName: text('plan_name').notNull(),
    kind: text('kind').notNull(),
    periodStart: timestamp('period_start', { withTimezone: true }),
    periodEnd: timestamp('period_end', { withTimezone: true }),
    orderId: text('order_id'),
    reason: text('reason'),
    actorId: text('actor_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('subscription_events_team_idx').on(t.teamId, t.createdAt)],
);

/** Readable order numbers: the day and a sequence (`20261125-000042`). */
export const orderNumSeq = pgSequence('order_num_seq', { startWith: 1 });
/** Invoice numbers, gapless enough for a small business: `INV-2026-000042`. */
export const invoiceNumSeq = pgSequence('invoice_num_seq', { startWith: 1 });

export const orders = pgTable(
  'orders',
  {
    id: id(),
    orderNum: text('order_num').notNull().unique(),
    teamId: text('team_id').notNull(),
    teamName: text('team_name').notNull(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    planId: text('plan_id')
      .notNull()
      .references(() => plans.id),
    // The plan as it was when ordered: later edits of the plan never change an order.
    planKey: text('plan_key').notNull(),
    planName: text('plan_name').notNull(),
    planKind: text('plan_kind').notNull(),
    validity: integer('validity').notNull(),
    validityUnit: text('validity_unit').notNull(),
    credits: bigint('credits', { mode: 'number' }).notNull(),
    price: money('price').notNull(),
    prorationCredit: money('proration_credit').notNull().default(0),
    payAmount: money('pay_amount').notNull(),
    currency: text('currency').notNull(),
    /** subscribe | renew | upgrade | downgrade | buy */
    kind: text('kind').notNull(),
    /** unpaid | paid | expired | canceled | refunded */
    status: text('status').notNull().default('unpaid'),
    /** The active subscription an upgrade replaces (its unused part is the proration credit). */
    replacesSubscriptionId: text('replaces_subscription_id'),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('orders_team_idx').on(t.teamId, t.createdAt),
    index('orders_paid_idx').on(t.paidAt),
    index('orders_status_idx').on(t.status),
    check('orders_amount_check', sql`${t.payAmount} >= 0 AND ${t.payAmount} <= ${t.price}`),
  ],
);

/** What is owed for an order; unpaid bills expire after 30 minutes. One bill per order. */
export const bills = pgTable(
  'bills',
  {
    id: id(),
    orderId: text('order_id')
      .notNull()
      .unique()
      .references(() => orders.id),
    teamId: text('team_id').notNull(),
    amount: money('amount').notNull(),
    currency: text('currency').notNull(),
    /** unpaid | paid | expired | canceled | refunded */
    status: text('status').notNull().default('unpaid'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    method: text('method'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('bills_team_idx').on(t.teamId),
    index('bills_unpaid_idx').on(t.expiresAt).where(sql`${t.status} = 'unpaid'`),
  ],
);

/**
 * An attempt to pay a bill with one provider. The provider's reference is unique, and a bill has
 * at most one captured payment: a replayed or duplicated notification can never pay twice.
 */
export const payments = pgTable(
  'payments',
  {
    id: id(),
    billId: text('bill_id')
      .notNull()
      .references(() => bills.id),
    orderId: text('order_id').notNull(),
    teamId: text('team_id').notNull(),
    provider: text('provider').notNull(),
    providerRef: text('provider_ref').notNull(),
    amount: money('amount').notNull(),
    currency: text('currency').notNull(),
    /** pending | captured | failed | canceled | refunded */
    status: text('status').notNull().default('pending'),
    capturedAt: timestamp('captured_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payments_provider_ref_idx').on(t.provider, t.providerRef),
    uniqueIndex('payments_one_capture_idx').on(t.billId).where(sql`${t.status} in ('captured', 'refunded')`),
    index('payments_order_idx').on(t.orderId),
    // A bill's payments are looked up by the bill (its captured one, its other open trades to
    // close); the unique index above holds only captured and refunded ones.
    index('payments_bill_idx').on(t.billId),
    // Reconciliation's each minute: the trades still open, oldest first.
    index('payments_pending_idx').on(t.createdAt).where(sql`${t.status} = 'pending'`),
  ],
);

/**
 * A refund of a paid order, full or partial (an order may have several, up to what was paid).
 * `refund_no` is ours, given to the provider as its idempotency key (Stripe's key, WeChat Pay's
 * `out_refund_no`, Alipay's `out_request_no`), so asking again never refunds twice. A refund is
 * `pending` until the provider confirms it (`succeeded`) or refuses it (`failed`); only then do
 * credits move, by this refund's own share, and the ledger books that share alone.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: id(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id),
    paymentId: text('payment_id').references(() => payments.id),
    teamId: text('team_id').notNull(),
    refundNo: text('refund_no').notNull().unique(),
    /** The caller's key for this request (a retried click names the same refund). */
    requestId: text('request_id'),
    amount: money('amount').notNull(),
    currency: text('currency').notNull(),
    /** pending | succeeded | failed */
    status: text('status').notNull().default('pending'),
    creditsReversed: bigint('credits_reversed', { mode: 'number' }).notNull().default(0),
    reason: text('reason').notNull(),
    providerRef: text('provider_ref'),
    /** Why the provider refused it, or why asking it failed (retried while pending). */
    failure: text('failure'),
    actorId: text('actor_id').references(() => users.id, { onDelete: 'set null' }),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('refunds_created_idx').on(t.createdAt),
    index('refunds_order_idx').on(t.orderId),
    uniqueIndex('refunds_request_idx').on(t.orderId, t.requestId),
    index('refunds_pending_idx').on(t.createdAt).where(sql`${t.status} = 'pending'`),
    check('refunds_amount_check', sql`${t.amount} >= 0`),
  ],
);

/** Every notification a provider sent, with what became of it (applied, duplicate, refused...). */
export const paymentNotifications = pgTable(
  'payment_notifications',
  {
    id: id(),
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    providerRef: text('provider_ref'),
    paymentId: text('payment_id'),
    orderId: text('order_id'),
    /** The vendor-neutral action: captured | failed | canceled | unknown */
    action: text('action').notNull(),
    /** applied | duplicate | recorded | ignored | unknown_reference | refused_signature | refused_amount | refused_currency | refused_expired | refused_paid | returned | missing_permission */
    outcome: text('outcome').notNull(),
    detail: text('detail'),
    amount: money('amount'),
    currency: text('currency'),
    payload: jsonb('payload'),
    createdAt: createdAt(),
  },
  (t) => [
    index('payment_notifications_order_idx').on(t.orderId),
    index('payment_notifications_created_idx').on(t.createdAt),
  ],
);

/**
 * One balance row per team, changed only with its row locked and in the same statement or
 * transaction as the ledger entry that explains the change. `held` is what AI work in flight has
 * reserved; `granted_remaining` is the part of the balance from this period's grant (it expires
 * at period end; purchased credits do not).
 */
export const teamCredits = pgTable(
  'team_credits',
  {
    teamId: text('team_id')
      .primaryKey()
      .references(() => teams.id, { onDelete: 'cascade' }),
    balance: bigint('balance', { mode: 'number' }).notNull().default(0),
    held: bigint('held', { mode: 'number' }).notNull().default(0),
    granted: bigint('granted', { mode: 'number' }).notNull().default(0),
    grantedRemaining: bigint('granted_remaining', { mode: 'number' }).notNull().default(0),
    periodStart: timestamp('period_start', { withTimezone: true }),
    periodEnd: timestamp('period_end', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('team_credits_balance_check', sql`${t.balance} >= 0`),
    check('team_credits_held_check', sql`${t.held} >= 0 AND ${t.held} <= ${t.balance}`),
    check(
      'team_credits_granted_check',
      sql`${t.grantedRemaining} >= 0 AND ${t.grantedRemaining} <= ${t.balance}`,
    ),
  ],
);

/** Append-only (a trigger refuses UPDATE and DELETE): every change of a balance, in order. */
export const creditLedger = pgTable(
  'credit_ledger',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    teamId: text('team_id').notNull(),
    /** grant | purchase | usage | refund | expire | adjust */
    kind: text('kind').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    balanceAfter: bigint('balance_after', { mode: 'number' }).notNull(),
    referenceType: text('reference_type'),
    referenceId: text('reference_id'),
    /** The note as written: in English for what the server writes, or an operator's own words. */
    note: text('note'),
    /**
     * What the server wrote (a grant, an expiry, a purchase): the catalogue msgid and parameters of
     * the note, rendered in the reader's language when read (`platform/keyed-text.ts`). Null for an
     * operator's own words, usage (the function key) and rows from before keys.
     */
    noteKey: text('note_key'),
    noteParams: jsonb('note_params').$type<LedgerNoteParams>(),
    userId: text('user_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('credit_ledger_team_idx').on(t.teamId, t.id),
    index('credit_ledger_reference_idx').on(t.referenceType, t.referenceId),
    index('credit_ledger_kind_created_idx').on(t.kind, t.createdAt),
    check(
      'credit_ledger_kind_check',
      sql`${t.kind} in ('grant', 'purchase', 'usage', 'refund', 'expire', 'adjust')`,
    ),
    check('credit_ledger_balance_check', sql`${t.balanceAfter} >= 0`),
  ],
);

/** Credits held for one AI call until it settles or is released (a lease a job ends if abandoned). */
export const creditReservations = pgTable(
  'credit_reservations',
  {
    id: id(),
    teamId: text('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    userId: text('user_id'),
    functionKey: text('function_key').notNull(),
    model: text('model'),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** held | settled | released */
    status: text('status').notNull().default('held'),
    leaseExpiresAt: timestamp('lease_expires_at', { withTimezone: true }).notNull(),
    /**
     * The caller's own key for the work (a message id, a cell id): a retried call with the same key
     * finds the hold it made instead of holding again. A released hold frees its key for a retry.
     */
    key: text('key'),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('credit_reservations_lease_idx').on(t.leaseExpiresAt).where(sql`${t.status} = 'held'`),
    uniqueIndex('credit_reservations_key_idx')
      .on(t.teamId, t.key)
      .where(sql`${t.key} IS NOT NULL AND ${t.status} <> 'released'`),
    check('credit_reservations_amount_check', sql`${t.amount} > 0`),
  ],
);

/**
 * The price table (ARCHITECTURE section 8, Metering): what a model's tokens cost in credits, per
 * million input and output tokens. Edited by admins; each change is an operation record with the
 * figures before and after.
 */
export const modelPrices = pgTable(
  'model_prices',
  {
    model: text('model').primaryKey(),
    inputPerMillion: bigint('input_per_million', { mode: 'number' }).notNull(),
    outputPerMillion: bigint('output_per_million', { mode: 'number' }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('model_prices_input_check', sql`${t.inputPerMillion} >= 0`),
    check('model_prices_output_check', sql`${t.outputPerMillion} >= 0`),
  ],
);

/** What one run of a function costs in credits, beside its model's tokens (the same table). */
export const functionPrices = pgTable(
  'function_prices',
  {
    functionKey: text('function_key').primaryKey(),
    credits: bigint('credits', { mode: 'number' }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('function_prices_credits_check', sql`${t.credits} >= 0`)],
);

/** One row per metered AI call (settled or released), for `/account/usage` and the admin logs. */
export const usageLogs = pgTable(
  'usage_logs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    teamId: text('team_id').notNull(),
    userId: text('user_id'),
    reservationId: text('reservation_id').unique(),
    functionKey: text('function_key').notNull(),
    model: text('model').notNull().default(''),
    inputTokens: integer('input_tokens').notNull().default(0),
    outputTokens: integer('output_tokens').notNull().default(0),
    credits: bigint('credits', { mode: 'number' }).notNull().default(0),
    uncharged: bigint('uncharged', { mode: 'number' }).notNull().default(0),
    latencyMs: integer('latency_ms').notNull().default(0),
    /** settled | released */
    status: text('status').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('usage_logs_team_created_idx').on(t.teamId, t.createdAt),
    index('usage_logs_created_idx').on(t.createdAt),
  ],
);

/** An invoice request for a paid order; issued with a generated PDF (object store) or rejected. */
export const invoices = pgTable(
  'invoices',
  {
    id: id(),
    teamId: text('team_id').notNull(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id),
    /** requested | issued | rejected */
    status: text('status').notNull().default('requested'),
    title: text('title').notNull(),
    taxNumber: text('tax_number').notNull().default(''),
    email: text('email').notNull(),
    address: text('address').notNull().default(''),
    /** The language the invoice was asked for in: its PDF is written in it. Null before issue 27. */
    locale: text('locale'),
    invoiceNumber: text('invoice_number').unique(),
    rejectReason: text('reject_reason'),
    note: text('note'),
    fileKey: text('file_key'),
    fileSize: bigint('file_size', { mode: 'number' }),
    requestedBy: text('requested_by').references(() => users.id, { onDelete: 'set null' }),
    decidedBy: text('decided_by').references(() => users.id, { onDelete: 'set null' }),
    issuedAt: timestamp('issued_at', { withTimezone: true }),
    rejectedAt: timestamp('rejected_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One live invoice per order; a rejected request may be made again.
    uniqueIndex('invoices_one_per_order_idx')
      .on(t.orderId)
      .where(sql`${t.status} in ('requested', 'issued')`),
    index('invoices_team_idx').on(t.teamId, t.createdAt),
  ],
);
