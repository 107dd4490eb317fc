import type Stripe from 'stripe';
import {
  type FormObject,
  type FormValue,
  invalid,
  isInteger,
  missingParam,
  newId,
  noSuch,
  type StripeFailure,
  unknownParam,
} from './protocol';

/**
 * The stand-in's subscriptions and their invoices: what Checkout in `subscription` mode leaves
 * behind, renewed by a test clock (`renew`), as Stripe's billing does at each period's end. Shapes
 * are the `stripe` package's types at the pinned API version (since `2025-03-31.basil` the period
 * lives on the subscription's items, and an invoice names its subscription under
 * `parent.subscription_details` and its PaymentIntent under `payments`), so an upgrade that
 * reshapes them fails `tsc` here.
 *
 * - `GET /v1/subscriptions/:id`, `GET /v1/subscriptions` (`customer`, `status`, `limit`);
 * - `POST /v1/subscriptions/:id` (`cancel_at_period_end`, `metadata`, `default_payment_method`; a
 *   change of price: `items`, `proration_behavior` `always_invoice` or `none`, `proration_date`,
 *   `billing_cycle_anchor`, `payment_behavior` with `pending_if_incomplete`'s parameter limits);
 * - `POST /v1/prices` (a recurring price to change to: pending updates take `items[][price]` only);
 * - `POST /v1/invoices/create_preview` (what such a change would invoice), `POST /v1/invoices/:id/void`;
 * - `DELETE /v1/subscriptions/:id` (cancel now; `prorate` is taken and ignored, as no credit is made);
 * - `GET /v1/invoices/:id`.
 *
 * Events: `customer.subscription.created|updated|deleted`, `invoice.paid`, `invoice.payment_failed`,
 * `invoice.voided`. Invoice lines are left empty (the amounts are on the invoice): nothing of ours
 * reads them.
 *
 * A change of price prorates as Stripe does, to the second at `proration_date`: the unused part of
 * the current price is credited (rounded to the cent), and the new price is charged in full for a
 * new period when the cycle restarts (`billing_cycle_anchor=now`, or another interval), else pro
 * rata for the rest of this one. With `pending_if_incomplete` a declined charge leaves the
 * subscription as it was, the change in `pending_update` and the invoice open until it is paid
 * (`payInvoice`, the hosted invoice page's part) or voided.
 */

type Now = () => number;

export interface RecurringPrice {
  amount: number;
  currency: string;
  interval: Stripe.Price.Recurring.Interval;
  intervalCount: number;
  productName: string;
}

export interface SubscriptionHooks {
  now: Now;
  /** A PaymentIntent for an invoice's charge (the stand-in keeps it, so it can be refunded). */
  charge(input: { amount: number; currency: string; metadata: Stripe.Metadata; sessionId: string }): string;
  /** Sends (or queues) an event about the object. */
  emit(type: string, object: Stripe.Subscription | Stripe.Invoice): void;
}

/** Adds `count` intervals to a Unix time, on the calendar (a month from Jan 31 is Mar 3, as Date does). */
export function addInterval(at: number, interval: Stripe.Price.Recurring.Interval, count: number): number {
  const date = new Date(at * 1000);
  if (interval === 'day') date.setUTCDate(date.getUTCDate() + count);
  else if (interval === 'week') date.setUTCDate(date.getUTCDate() + 7 * count);
  else if (interval === 'month') date.setUTCMonth(date.getUTCMonth() + count);
  else date.setUTCFullYear(date.getUTCFullYear() + count);
  return Math.floor(date.getTime() / 1000);
}

/** `line_items[i][price_data][recurring]` as Stripe takes it: an interval and a count within a year (3 for months). */
export function recurringOf(
  value: FormValue | undefined,
  param: string,
): { interval: Stripe.Price.Recurring.Interval; intervalCount: number } | StripeFailure {
  if (typeof value !== 'object' || Array.isArray(value)) return invalid('Missing required param', param);
  const interval = value.interval;
  if (interval !== 'day' && interval !== 'week' && interval !== 'month' && interval !== 'year') {
    return invalid('Invalid interval: must be one of day, month, week, or year', `${param}[interval]`);
  }
  const count = value.interval_count === undefined ? '1' : value.interval_count;
  if (!isInteger(count) || Number(count) < 1) {
    return invalid('Invalid integer', `${param}[interval_count]`, 'parameter_invalid_integer');
  }
  // Stripe's limit: at most three years between payments.
  const days = { day: 1, week: 7, month: 31, year: 366 }[interval] * Number(count);
  if (days > 3 * 366) {
    return invalid('The maximum billing period is three years.', `${param}[interval_count]`);
  }
  return { interval, intervalCount: Number(count) };
}

/** How a PaymentIntent pays an invoice (`payments` since `basil`). */
function invoicePayment(
  invoice: string,
  price: { amount: number; currency: string },
  intentId: string,
  paid: boolean,
  created: number,
): Stripe.InvoicePayment {
  return {
    id: newId('inpay_'),
    object: 'invoice_payment',
    amount_paid: paid ? price.amount : null,
    amount_requested: price.amount,
    created,
    currency: price.currency,
    invoice,
    is_default: true,
    livemode: false,
    payment: { type: 'payment_intent', payment_intent: intentId },
    status: paid ? 'paid' : 'open',
    status_transitions: { canceled_at: null, paid_at: paid ? created : null },
  };
}

interface Held {
  subscription: Stripe.Subscription;
  price: RecurringPrice;
  /** The Checkout Session that started it (its intents count as paid for refunds and balance). */
  sessionId: string;
  /** The next charge fails (a card declined at renewal or at a change of price), once. */
  declineNext: boolean;
  /** A change of price waiting for its invoice to be paid (`pending_if_incomplete`). */
  pending: PendingChange | null;
}

/** A change of price: to what, from when, and what it invoices. */
interface Change {
  price: RecurringPrice;
  priceObject: Stripe.Price;
  /** The cycle restarts at the change (`billing_cycle_anchor=now`, or another interval). */
  restarts: boolean;
  /** Unix seconds the proration is computed at. */
  at: number;
  /** What the invoice asks: the new price (whole or pro rata) less the unused part of the old one. */
  due: number;
  metadata: Record<string, string>;
}

interface PendingChange extends Change {
  invoiceId: string;
}

const PENDING_UPDATE_PARAMS = [
  'expand',
  'payment_behavior',
  'proration_behavior',
  'proration_date',
  'billing_cycle_anchor',
  'items',
  'trial_end',
  'trial_from_plan',
  'add_invoice_items',
  'metadata',
];

/**
 * What a subscription schedule (schedules.ts) makes of a period's end: the next phase begins (its
 * price, free as a trial or not, its metadata set on the subscription, until its end), or the
 * schedule ends by canceling the subscription.
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

export class StandInSubscriptions {
  /** Set by the schedules: what the end of a subscription's period turns into. */
  phaseAt: ((subscriptionId: string, at: number) => PhaseTurn | null) | null = null;
  readonly held = new Map<string, Held>();
  readonly invoices = new Map<string, Stripe.Invoice>();
  /** Prices made with `POST /v1/prices`, for a change of price to name. */
  readonly prices = new Map<string, { price: RecurringPrice; object: Stripe.Price }>();
  private invoiceCount = 0;

  constructor(private readonly hooks: SubscriptionHooks) {}

  private copy<T>(value: T): T {
    return structuredClone(value);
  }

  priceObject(price: RecurringPrice, created: number): Stripe.Price {
    return {
      id: newId('price_'),
      object: 'price',
      active: true,
      billing_scheme: 'per_unit',
      created,
      currency: price.currency,
      custom_unit_amount: null,
      livemode: false,
      lookup_key: null,
      metadata: {},
      nickname: null,
      product: newId('prod_', 14),
      recurring: {
        interval: price.interval,
        interval_count: price.intervalCount,
        meter: null,
        trial_period_days: null,
        usage_type: 'licensed',
      },
      tax_behavior: 'unspecified',
      tiers_mode: null,
      transform_quantity: null,
      type: 'recurring',
      unit_amount: price.amount,
      // Stripe's Decimal is a class of the library: the whole amount says it here.
      unit_amount_decimal: null,
    };
  }

  planObject(price: Stripe.Price): Stripe.Plan {
    return {
      id: price.id,
      object: 'plan',
      active: true,
      amount: price.unit_amount,
      amount_decimal: price.unit_amount_decimal,
      billing_scheme: 'per_unit',
      created: price.created,
      currency: price.currency,
      interval: price.recurring?.interval ?? 'month',
      interval_count: price.recurring?.interval_count ?? 1,
      livemode: false,
      metadata: {},
      meter: null,
      nickname: null,
      product: price.product,
      tiers_mode: null,
      transform_usage: null,
      trial_period_days: null,
      usage_type: 'licensed',
    };
  }

  private invoiceFor(
    held: Held,
    input: {
      reason: Stripe.Invoice.BillingReason;
      periodStart: number;
      periodEnd: number;
      intentId: string | null;
      paid: boolean;
      /** What it asks, when not the price (a change of price's proration). */
      amount?: number;
    },
  ): Stripe.Invoice {
    const { subscription } = held;
    const price = { ...held.price, amount: input.amount ?? held.price.amount };
    const created = this.hooks.now();
    this.invoiceCount += 1;
    const id = newId('in_');
    const invoice: Stripe.Invoice = {
      id,
      object: 'invoice',
      account_country: 'US',
      account_name: 'Stand-in account',
      account_tax_ids: null,
      amount_due: price.amount,
      amount_overpaid: 0,
      amount_paid: input.paid ? price.amount : 0,
      amount_remaining: input.paid ? 0 : price.amount,
      amount_shipping: 0,
      application: null,
      attempt_count: 1,
      attempted: true,
      automatic_tax: { disabled_reason: null, enabled: false, liability: null, provider: null, status: null },
      automatically_finalizes_at: null,
      billing_reason: input.reason,
      collection_method: 'charge_automatically',
      created,
      currency: price.currency,
      custom_fields: null,
      customer: subscription.customer,
      customer_account: null,
      customer_address: null,
      customer_email: 'payer@example.com',
      customer_name: 'Stand-in Payer',
      customer_phone: null,
      customer_shipping: null,
      customer_tax_exempt: 'none',
      default_payment_method: null,
      default_source: null,
      default_tax_rates: [],
      description: null,
      discounts: [],
      due_date: null,
      effective_at: created,
      ending_balance: 0,
      footer: null,
      from_invoice: null,
      hosted_invoice_url: `https://invoice.stripe.stand-in/i/${id}`,
      invoice_pdf: null,
      issuer: { type: 'self' },
      last_finalization_error: null,
      latest_revision: null,
      lines: { object: 'list', data: [], has_more: false, url: `/v1/invoices/${id}/lines` },
      livemode: false,
      metadata: {},
      next_payment_attempt: input.paid ? null : addInterval(created, 'day', 3),
      number: `STANDIN-${String(this.invoiceCount).padStart(4, '0')}`,
      on_behalf_of: null,
      parent: {
        quote_details: null,
        subscription_details: {
          metadata: { ...subscription.metadata },
          subscription: subscription.id,
        },
        type: 'subscription_details',
      },
      payment_settings: { default_mandate: null, payment_method_options: null, payment_method_types: null },
      payments: {
        object: 'list',
        data: input.intentId ? [invoicePayment(id, price, input.intentId, input.paid, created)] : [],
        has_more: false,
        url: `/v1/invoice_payments?invoice=${id}`,
      },
      period_end: input.periodEnd,
      period_start: input.periodStart,
      post_payment_credit_notes_amount: 0,
      pre_payment_credit_notes_amount: 0,
      receipt_number: null,
      rendering: null,
      shipping_cost: null,
      shipping_details: null,
      starting_balance: 0,
      statement_descriptor: null,
      status: input.paid ? 'paid' : 'open',
      status_transitions: {
        finalized_at: created,
        marked_uncollectible_at: null,
        paid_at: input.paid ? created : null,
        voided_at: null,
      },
      subtotal: price.amount,
      subtotal_excluding_tax: price.amount,
      test_clock: null,
      total: price.amount,
      total_discount_amounts: [],
      total_excluding_tax: price.amount,
      total_pretax_credit_amounts: [],
      total_taxes: [],
      webhooks_delivered_at: null,
    };
    this.invoices.set(id, invoice);
    return invoice;
  }

  /**
   * A paid Checkout Session in `subscription` mode: the subscription, active for its first period,
   * and its first invoice (`subscription_create`), paid by the session's own PaymentIntent.
   */
  start(input: {
    sessionId: string;
    customer: string;
    price: RecurringPrice;
    metadata: Stripe.Metadata;
    intentId: string;
    paymentMethod: string | null;
  }): { subscription: Stripe.Subscription; invoice: Stripe.Invoice } {
    const created = this.hooks.now();
    const id = newId('sub_');
    const price = this.priceObject(input.price, created);
    const end = addInterval(created, input.price.interval, input.price.intervalCount);
    const subscription: Stripe.Subscription = {
      id,
      object: 'subscription',
      application: null,
      application_fee_percent: null,
      automatic_tax: { disabled_reason: null, enabled: false, liability: null },
      billing_cycle_anchor: created,
      billing_cycle_anchor_config: null,
      billing_mode: { flexible: null, type: 'classic' },
      billing_schedules: [],
      billing_thresholds: null,
      cancel_at: null,
      cancel_at_period_end: false,
      canceled_at: null,
      cancellation_details: { comment: null, feedback: null, feedback_option: null, reason: null },
      collection_method: 'charge_automatically',
      created,
      currency: input.price.currency,
      customer: input.customer,
      customer_account: null,
      days_until_due: null,
      default_payment_method: input.paymentMethod,
      default_source: null,
      description: null,
      discounts: [],
      ended_at: null,
      invoice_settings: {
        account_tax_ids: null,
        custom_fields: null,
        description: null,
        footer: null,
        issuer: { type: 'self' },
      },
      items: {
        object: 'list',
        data: [
          {
            id: newId('si_', 14),
            object: 'subscription_item',
            billing_thresholds: null,
            created,
            current_period_end: end,
            current_period_start: created,
            current_trial: null,
            discounts: [],
            metadata: {},
            plan: this.planObject(price),
            price,
            quantity: 1,
            subscription: id,
            tax_rates: [],
          },
        ],
        has_more: false,
        url: `/v1/subscription_items?subscription=${id}`,
      },
      latest_invoice: null,
      livemode: false,
      managed_payments: null,
      metadata: { ...input.metadata },
      next_pending_invoice_item_invoice: null,
      on_behalf_of: null,
      pause_collection: null,
      payment_settings: {
        payment_method_options: null,
        payment_method_types: null,
        save_default_payment_method: 'off',
      },
      pending_invoice_item_interval: null,
      pending_setup_intent: null,
      pending_update: null,
      schedule: null,
      start_date: created,
      status: 'active',
      test_clock: null,
      transfer_data: null,
      trial_end: null,
      trial_settings: {
        end_behavior: { billing_cycle_anchor: null, missing_payment_method: 'create_invoice' },
      },
      trial_start: null,
    };
    const held: Held = {
      subscription,
      price: input.price,
      sessionId: input.sessionId,
      declineNext: false,
      pending: null,
    };
    this.held.set(id, held);
    const invoice = this.invoiceFor(held, {
      reason: 'subscription_create',
      periodStart: created,
      periodEnd: created,
      intentId: input.intentId,
      paid: true,
    });
    subscription.latest_invoice = invoice.id;
    this.hooks.emit('customer.subscription.created', subscription);
    this.hooks.emit('invoice.paid', invoice);
    return { subscription: this.copy(subscription), invoice: this.copy(invoice) };
  }

  private heldOrThrow(id: string): Held {
    const held = this.held.get(id);
    if (!held) throw new Error(`no subscription ${id}`);
    return held;
  }

  /**
   * The subscription's next charge is declined (the test's way to make a renewal, a change of
   * price or an invoice's payment fail), once.
   */
  declineNextRenewal(id: string): void {
    this.heldOrThrow(id).declineNext = true;
  }

  /**
   * The test clock reaches the period's end: a subscription set to cancel then ends
   * (`customer.subscription.deleted`); otherwise the next period's invoice (`subscription_cycle`)
   * is charged to the default card and, paid, moves the period on (`invoice.paid`, then
   * `customer.subscription.updated`); declined, it stays open and the subscription is `past_due`.
   */
  renew(id: string): { subscription: Stripe.Subscription; invoice: Stripe.Invoice | null } {
    const held = this.heldOrThrow(id);
    const { subscription } = held;
    if (subscription.status === 'canceled') throw new Error(`subscription ${id} is canceled`);
    const item = subscription.items.data[0];
    if (!item) throw new Error(`subscription ${id} has no item`);
    const start = item.current_period_end;
    const turn = this.phaseAt?.(id, start) ?? null;
    if (subscription.cancel_at_period_end || turn?.kind === 'cancel') {
      subscription.status = 'canceled';
      subscription.canceled_at = subscription.canceled_at ?? this.hooks.now();
      subscription.ended_at = start;
      this.hooks.emit('customer.subscription.deleted', subscription);
      return { subscription: this.copy(subscription), invoice: null };
    }
    // A schedule's next phase begins: its price from now on, its metadata on the subscription.
    if (turn?.kind === 'phase') {
      item.price = this.copy(turn.priceObject);
      item.plan = this.planObject(turn.priceObject);
      held.price = turn.price;
      for (const [key, value] of Object.entries(turn.metadata)) subscription.metadata[key] = value;
    }
    const trial = turn?.kind === 'phase' && turn.trial;
    const end =
      turn?.kind === 'phase'
        ? turn.endsAt
        : addInterval(start, held.price.interval, held.price.intervalCount);
    // A trial phase is not charged: its invoice is for nothing, and paid.
    const declined = !trial && held.declineNext;
    if (!trial) held.declineNext = false;
    const intentId =
      trial || declined
        ? null
        : this.hooks.charge({
            amount: held.price.amount,
            currency: held.price.currency,
            metadata: { subscription: id, ...subscription.metadata },
            sessionId: held.sessionId,
          });
    const invoice = this.invoiceFor(held, {
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
      this.hooks.emit('invoice.payment_failed', invoice);
    } else {
      item.current_period_start = start;
      item.current_period_end = end;
      subscription.status = trial ? 'trialing' : 'active';
      subscription.trial_start = trial ? start : subscription.trial_start;
      subscription.trial_end = trial ? end : subscription.trial_end;
      this.hooks.emit('invoice.paid', invoice);
    }
    this.hooks.emit('customer.subscription.updated', subscription);
    return { subscription: this.copy(subscription), invoice: this.copy(invoice) };
  }

  /** The subscription's schedule, as schedules.ts sets it (`schedule`), or clears it on release. */
  setSchedule(id: string, scheduleId: string | null): void {
    this.heldOrThrow(id).subscription.schedule = scheduleId;
  }

  /** The subscription as held (not a copy), for schedules.ts to read its item and period. */
  heldSubscription(id: string): { subscription: Stripe.Subscription; price: RecurringPrice } | null {
    const held = this.held.get(id);
    return held ? { subscription: held.subscription, price: held.price } : null;
  }

  /** A schedule canceled: its subscription ends at once. */
  endNow(id: string): void {
    const held = this.heldOrThrow(id);
    const at = this.hooks.now();
    held.subscription.status = 'canceled';
    held.subscription.canceled_at = at;
    held.subscription.ended_at = at;
    this.hooks.emit('customer.subscription.deleted', held.subscription);
  }

  retrieve(id: string, expand: readonly string[] = []): Stripe.Subscription | StripeFailure {
    const held = this.held.get(id);
    if (!held) return noSuch('subscription', id);
    const answer = this.copy(held.subscription);
    if (expand.includes('latest_invoice') && typeof answer.latest_invoice === 'string') {
      const invoice = this.invoices.get(answer.latest_invoice);
      if (invoice) answer.latest_invoice = this.copy(invoice);
    }
    return answer;
  }

  list(form: FormObject): Stripe.ApiList<Stripe.Subscription> {
    const limit = isInteger(form.limit) ? Math.min(Math.max(Number(form.limit), 1), 100) : 10;
    const all = [...this.held.values()]
      .map((held) => held.subscription)
      .filter((sub) => (typeof form.customer === 'string' ? sub.customer === form.customer : true))
      .filter((sub) =>
        form.status === 'all'
          ? true
          : typeof form.status === 'string'
            ? sub.status === form.status
            : sub.status !== 'canceled',
      )
      .sort((a, b) => b.created - a.created);
    const after =
      typeof form.starting_after === 'string' ? all.findIndex((s) => s.id === form.starting_after) : -1;
    const page = all.slice(after + 1, after + 1 + limit);
    return {
      object: 'list',
      data: page.map((sub) => this.copy(sub)),
      has_more: after + 1 + limit < all.length,
      url: '/v1/subscriptions',
    };
  }

  update(id: string, form: FormObject): Stripe.Subscription | StripeFailure {
    const held = this.held.get(id);
    if (!held) return noSuch('subscription', id);
    if (form.items !== undefined) return this.changePrice(held, form);
    for (const key of Object.keys(form)) {
      if (!['cancel_at_period_end', 'metadata', 'default_payment_method', 'expand'].includes(key)) {
        return unknownParam(key);
      }
    }
    const { subscription } = held;
    if (subscription.status === 'canceled') {
      return invalid(
        'A canceled subscription can only update its cancellation_details and metadata.',
        undefined,
        'resource_missing',
      );
    }
    if (form.cancel_at_period_end !== undefined) {
      if (form.cancel_at_period_end !== 'true' && form.cancel_at_period_end !== 'false') {
        return invalid('Invalid boolean', 'cancel_at_period_end');
      }
      const cancel = form.cancel_at_period_end === 'true';
      subscription.cancel_at_period_end = cancel;
      subscription.cancel_at = cancel ? (subscription.items.data[0]?.current_period_end ?? null) : null;
      subscription.canceled_at = cancel ? this.hooks.now() : null;
    }
    if (form.metadata !== undefined) {
      if (typeof form.metadata !== 'object' || Array.isArray(form.metadata)) {
        return invalid('Invalid object', 'metadata');
      }
      for (const [key, value] of Object.entries(form.metadata)) {
        if (typeof value !== 'string') return invalid('Invalid string', `metadata[${key}]`);
        if (value === '') delete subscription.metadata[key];
        else subscription.metadata[key] = value;
      }
    }
    if (typeof form.default_payment_method === 'string') {
      subscription.default_payment_method = form.default_payment_method || null;
    }
    this.hooks.emit('customer.subscription.updated', subscription);
    return this.copy(subscription);
  }

  /** `GET /v1/prices/:id`: one made with `POST /v1/prices`, or a subscription's item's. */
  price(id: string): Stripe.Price | null {
    const made = this.prices.get(id);
    if (made) return this.copy(made.object);
    for (const held of this.held.values()) {
      const item = held.subscription.items.data.find((candidate) => candidate.price.id === id);
      if (item) return this.copy(item.price);
    }
    return null;
  }

  /** `POST /v1/prices`: a recurring price in a two-decimal currency, on a product made with it. */
  createPrice(form: FormObject): Stripe.Price | StripeFailure {
    for (const key of Object.keys(form)) {
      if (
        !['currency', 'unit_amount', 'recurring', 'product_data', 'product', 'metadata', 'nickname'].includes(
          key,
        )
      )
        return unknownParam(key);
    }
    if (typeof form.currency !== 'string' || !/^[a-z]{3}$/.test(form.currency))
      return invalid('Invalid currency', 'currency');
    if (!isInteger(form.unit_amount) || Number(form.unit_amount) < 0)
      return invalid('Invalid integer', 'unit_amount', 'parameter_invalid_integer');
    const recurring = recurringOf(form.recurring, 'recurring');
    if ('status' in recurring) return recurring;
    const productData = form.product_data;
    const productName =
      typeof productData === 'object' && !Array.isArray(productData) && typeof productData.name === 'string'
        ? productData.name
        : null;
    if (!productName && typeof form.product !== 'string') return invalid('Missing required param', 'product');
    const price: RecurringPrice = {
      amount: Number(form.unit_amount),
      currency: form.currency,
      interval: recurring.interval,
      intervalCount: recurring.intervalCount,
      productName: productName ?? String(form.product),
    };
    const object = this.priceObject(price, this.hooks.now());
    if (typeof form.metadata === 'object' && !Array.isArray(form.metadata)) {
      for (const [key, value] of Object.entries(form.metadata)) {
        if (typeof value === 'string') object.metadata[key] = value;
      }
    }
    this.prices.set(object.id, { price, object });
    return this.copy(object);
  }

  /**
   * A change of price read from `items` and the proration parameters (the update's own, or a
   * preview's `subscription_details`), priced as Stripe prices it. `prefix` names the parameters
   * in errors (`subscription_details[...]` for a preview).
   */
  private readChange(
    held: Held,
    form: FormObject,
    param: (name: string) => string,
    options: { priceData: boolean },
  ): (Change & { invoices: boolean }) | StripeFailure {
    const { subscription } = held;
    const item = subscription.items.data[0];
    if (!item) return invalid('The subscription has no item', param('items'));
    const items = form.items;
    const entry = Array.isArray(items) && items.length === 1 ? items[0] : null;
    if (!entry || typeof entry !== 'object' || Array.isArray(entry))
      return invalid('The stand-in changes the one item of a subscription', param('items'));
    if (entry.id !== item.id)
      return invalid(`Invalid subscription_item: ${String(entry.id)}`, param('items[0][id]'));
    let next: { price: RecurringPrice; object: Stripe.Price } | undefined;
    if (typeof entry.price === 'string') {
      next = this.prices.get(entry.price);
      if (!next) return noSuch('price', entry.price, param('items[0][price]'));
    } else if (entry.price_data !== undefined) {
      if (!options.priceData)
        return invalid(
          'When payment_behavior is pending_if_incomplete, items can only name a price.',
          param('items[0][price_data]'),
        );
      const data = entry.price_data;
      if (typeof data !== 'object' || Array.isArray(data))
        return invalid('Invalid object', param('items[0][price_data]'));
      const recurring = recurringOf(data.recurring, param('items[0][price_data][recurring]'));
      if ('status' in recurring) return recurring;
      if (!isInteger(data.unit_amount))
        return invalid(
          'Invalid integer',
          param('items[0][price_data][unit_amount]'),
          'parameter_invalid_integer',
        );
      const price: RecurringPrice = {
        amount: Number(data.unit_amount),
        currency: String(data.currency ?? ''),
        interval: recurring.interval,
        intervalCount: recurring.intervalCount,
        productName: String(data.product ?? ''),
      };
      next = { price, object: this.priceObject(price, this.hooks.now()) };
    } else {
      return missingParam(param('items[0][price]'));
    }
    if (next.price.currency !== subscription.currency)
      return invalid("The price's currency must be the subscription's currency.", param('items[0][price]'));
    const behavior = form.proration_behavior ?? 'create_prorations';
    if (behavior !== 'always_invoice' && behavior !== 'none')
      return invalid('The stand-in prorates with always_invoice or none only.', param('proration_behavior'));
    const now = this.hooks.now();
    const start = item.current_period_start;
    const end = item.current_period_end;
    let at = now;
    if (form.proration_date !== undefined) {
      if (!isInteger(form.proration_date))
        return invalid('Invalid integer', param('proration_date'), 'parameter_invalid_integer');
      at = Number(form.proration_date);
      if (at < start || at > end)
        return invalid(
          'The proration date must be within the current billing period.',
          param('proration_date'),
        );
    }
    // Since `2026-05-27.dahlia` the anchor is an object (`billing_cycle_anchor[type]=now`).
    const given = form.billing_cycle_anchor;
    const anchor = typeof given === 'object' && !Array.isArray(given) ? given.type : given;
    if (anchor !== undefined && anchor !== 'now' && anchor !== 'unchanged')
      return invalid(
        'Invalid billing_cycle_anchor[type]: must be one of now or unchanged',
        param('billing_cycle_anchor[type]'),
      );
    const restarts =
      anchor === 'now' ||
      next.price.interval !== held.price.interval ||
      next.price.intervalCount !== held.price.intervalCount;
    const left = end > start ? (end - at) / (end - start) : 0;
    const credit = behavior === 'none' ? 0 : Math.round(held.price.amount * left);
    const charge = restarts
      ? next.price.amount
      : behavior === 'none'
        ? 0
        : Math.round(next.price.amount * left);
    const metadata: Record<string, string> = {};
    if (form.metadata !== undefined) {
      if (typeof form.metadata !== 'object' || Array.isArray(form.metadata))
        return invalid('Invalid object', param('metadata'));
      for (const [key, value] of Object.entries(form.metadata)) {
        if (typeof value !== 'string') return invalid('Invalid string', param(`metadata[${key}]`));
        metadata[key] = value;
      }
    }
    return {
      price: next.price,
      priceObject: { ...next.object, id: next.object.id },
      restarts,
      at,
      due: Math.max(charge - credit, 0),
      metadata,
      invoices: restarts || behavior === 'always_invoice',
    };
  }

  /** The change takes effect: the item's price, a new cycle if it restarts, the metadata merged. */
  private apply(held: Held, change: Change): void {
    const { subscription } = held;
    const item = subscription.items.data[0];
    if (!item) return;
    item.price = this.copy(change.priceObject);
    item.plan = this.planObject(change.priceObject);
    held.price = change.price;
    if (change.restarts) {
      const now = this.hooks.now();
      item.current_period_start = now;
      item.current_period_end = addInterval(now, change.price.interval, change.price.intervalCount);
      subscription.billing_cycle_anchor = now;
    }
    for (const [key, value] of Object.entries(change.metadata)) {
      if (value === '') delete subscription.metadata[key];
      else subscription.metadata[key] = value;
    }
    subscription.pending_update = null;
    subscription.status = 'active';
    held.pending = null;
  }

  /** A charge of the subscription's default card, or null when declined (or there is no card). */
  private chargeCard(held: Held, amount: number): string | null {
    const declined = held.declineNext || !held.subscription.default_payment_method;
    held.declineNext = false;
    if (declined) return null;
    return this.hooks.charge({
      amount,
      currency: held.price.currency,
      metadata: { subscription: held.subscription.id, ...held.subscription.metadata },
      sessionId: held.sessionId,
    });
  }

  /**
   * `POST /v1/subscriptions/:id` with `items`: the change is invoiced at once (`always_invoice`, or
   * a restarting cycle) and charged to the default card. Paid: it applies. Declined: with
   * `pending_if_incomplete` nothing changes but `pending_update`; otherwise it applies and the
   * subscription is `past_due`.
   */
  private changePrice(held: Held, form: FormObject): Stripe.Subscription | StripeFailure {
    const { subscription } = held;
    const pendingIfIncomplete = form.payment_behavior === 'pending_if_incomplete';
    for (const key of Object.keys(form)) {
      if (pendingIfIncomplete && !PENDING_UPDATE_PARAMS.includes(key)) {
        return invalid(
          `When payment_behavior is pending_if_incomplete, you can only pass: ${PENDING_UPDATE_PARAMS.join(', ')}.`,
          key,
        );
      }
      if (![...PENDING_UPDATE_PARAMS, 'default_payment_method'].includes(key)) return unknownParam(key);
    }
    if (subscription.status === 'canceled') {
      return invalid('A canceled subscription can only update its cancellation_details and metadata.');
    }
    if (held.pending) {
      return invalid('This subscription has a pending update: pay or void its invoice first.', 'items');
    }
    const change = this.readChange(held, form, (name) => name, { priceData: !pendingIfIncomplete });
    if ('status' in change) return change;
    if (!change.invoices) {
      this.apply(held, change);
      this.hooks.emit('customer.subscription.updated', subscription);
      return this.answer(held, form);
    }
    const intentId = change.due > 0 ? this.chargeCard(held, change.due) : null;
    const paid = change.due === 0 || intentId !== null;
    const now = this.hooks.now();
    const item = subscription.items.data[0];
    const invoice = this.invoiceFor(held, {
      reason: 'subscription_update',
      periodStart: change.at,
      periodEnd: change.restarts
        ? addInterval(now, change.price.interval, change.price.intervalCount)
        : (item?.current_period_end ?? now),
      intentId,
      paid,
      amount: change.due,
    });
    subscription.latest_invoice = invoice.id;
    if (paid) {
      this.apply(held, change);
      this.hooks.emit('invoice.paid', invoice);
    } else if (pendingIfIncomplete) {
      held.pending = { ...change, invoiceId: invoice.id };
      subscription.pending_update = {
        billing_cycle_anchor: change.restarts ? now : null,
        cancel_at_period_end: null,
        discount: null,
        discounts: null,
        expires_at: now + 23 * 3600,
        metadata: Object.keys(change.metadata).length > 0 ? { ...change.metadata } : null,
        subscription_items: item ? [{ ...this.copy(item), price: this.copy(change.priceObject) }] : null,
        trial_end: null,
        trial_from_plan: null,
      };
      this.hooks.emit('invoice.payment_failed', invoice);
    } else {
      this.apply(held, change);
      subscription.status = 'past_due';
      this.hooks.emit('invoice.payment_failed', invoice);
    }
    this.hooks.emit('customer.subscription.updated', subscription);
    return this.answer(held, form);
  }

  private answer(held: Held, form: FormObject): Stripe.Subscription {
    const expand = Array.isArray(form.expand) ? form.expand.map(String) : [];
    return this.retrieve(held.subscription.id, expand) as Stripe.Subscription;
  }

  /**
   * `POST /v1/invoices/create_preview` for a change of a subscription's price: the invoice the
   * same update would make now (or at `subscription_details[proration_date]`), kept nowhere.
   */
  preview(form: FormObject): Stripe.Invoice | StripeFailure {
    for (const key of Object.keys(form)) {
      if (!['customer', 'subscription', 'subscription_details', 'expand'].includes(key))
        return unknownParam(key);
    }
    if (typeof form.subscription !== 'string') return missingParam('subscription');
    const held = this.held.get(form.subscription);
    if (!held) return noSuch('subscription', form.subscription, 'subscription');
    if (typeof form.customer === 'string' && form.customer !== held.subscription.customer)
      return invalid('The subscription does not belong to this customer.', 'customer');
    const details = form.subscription_details;
    if (typeof details !== 'object' || Array.isArray(details))
      return missingParam('subscription_details[items]');
    const change = this.readChange(held, details, (name) => `subscription_details[${name}]`, {
      priceData: true,
    });
    if ('status' in change) return change;
    const invoice = this.invoiceFor(held, {
      reason: 'subscription_update',
      periodStart: change.at,
      periodEnd: change.at,
      intentId: null,
      paid: false,
      amount: change.invoices ? change.due : 0,
    });
    this.invoices.delete(invoice.id);
    return {
      ...invoice,
      id: `upcoming_${invoice.id}`,
      status: 'draft',
      number: null,
      hosted_invoice_url: null,
      attempted: false,
      attempt_count: 0,
      next_payment_attempt: null,
    };
  }

  private heldOfInvoice(invoice: Stripe.Invoice): Held | undefined {
    const id = invoice.parent?.subscription_details?.subscription;
    return typeof id === 'string' ? this.held.get(id) : undefined;
  }

  /**
   * An open invoice paid (what the hosted invoice page does with another card, or 3-D Secure
   * done): a pending change applies with it. Declined again (`declineNextRenewal`): it stays open.
   */
  payInvoice(id: string): Stripe.Invoice {
    const invoice = this.invoices.get(id);
    if (invoice?.status !== 'open') throw new Error(`no open invoice ${id}`);
    const held = this.heldOfInvoice(invoice);
    if (!held) throw new Error(`invoice ${id} has no subscription`);
    const intentId = this.chargeCard(held, invoice.amount_due);
    if (!intentId) {
      invoice.attempt_count += 1;
      this.hooks.emit('invoice.payment_failed', invoice);
      return this.copy(invoice);
    }
    const at = this.hooks.now();
    invoice.status = 'paid';
    invoice.amount_paid = invoice.amount_due;
    invoice.amount_remaining = 0;
    invoice.next_payment_attempt = null;
    invoice.status_transitions.paid_at = at;
    invoice.payments = {
      ...invoice.payments,
      data: [
        invoicePayment(id, { amount: invoice.amount_due, currency: invoice.currency }, intentId, true, at),
      ],
    } as Stripe.ApiList<Stripe.InvoicePayment>;
    if (held.pending?.invoiceId === id) this.apply(held, held.pending);
    else if (held.subscription.status === 'past_due') held.subscription.status = 'active';
    this.hooks.emit('invoice.paid', invoice);
    this.hooks.emit('customer.subscription.updated', held.subscription);
    return this.copy(invoice);
  }

  /** `POST /v1/invoices/:id/void`: an open invoice is voided, and a change pending on it discarded. */
  voidInvoice(id: string): Stripe.Invoice | StripeFailure {
    const invoice = this.invoices.get(id);
    if (!invoice) return noSuch('invoice', id);
    if (invoice.status !== 'open') {
      return invalid(
        `You can only void an open invoice; this one is ${invoice.status}.`,
        undefined,
        'invoice_not_open',
      );
    }
    invoice.status = 'void';
    invoice.status_transitions.voided_at = this.hooks.now();
    invoice.next_payment_attempt = null;
    this.hooks.emit('invoice.voided', invoice);
    const held = this.heldOfInvoice(invoice);
    if (held?.pending?.invoiceId === id) {
      held.pending = null;
      held.subscription.pending_update = null;
      this.hooks.emit('customer.subscription.updated', held.subscription);
    }
    return this.copy(invoice);
  }

  cancel(id: string, form: FormObject): Stripe.Subscription | StripeFailure {
    const held = this.held.get(id);
    if (!held) return noSuch('subscription', id);
    for (const key of Object.keys(form)) {
      if (!['prorate', 'invoice_now', 'cancellation_details', 'expand'].includes(key))
        return unknownParam(key);
    }
    const { subscription } = held;
    if (subscription.status === 'canceled') {
      return invalid(`No such subscription: '${id}'`, 'id', 'resource_missing');
    }
    const at = this.hooks.now();
    subscription.status = 'canceled';
    subscription.canceled_at = at;
    subscription.ended_at = at;
    subscription.cancel_at_period_end = false;
    this.hooks.emit('customer.subscription.deleted', subscription);
    return this.copy(subscription);
  }

  invoice(id: string): Stripe.Invoice | StripeFailure {
    const invoice = this.invoices.get(id);
    return invoice ? this.copy(invoice) : noSuch('invoice', id);
  }

  /** A subscription as held (a copy), for tests. */
  get(id: string): Stripe.Subscription {
    return this.copy(this.heldOrThrow(id).subscription);
  }
}
