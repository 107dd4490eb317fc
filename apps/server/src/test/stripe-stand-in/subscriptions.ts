import type Stripe from 'stripe';
import {
  type FormObject,
  type FormValue,
  invalid,
  isInteger,
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
 * - `POST /v1/subscriptions/:id` (`cancel_at_period_end`, `metadata`, `default_payment_method`);
 * - `DELETE /v1/subscriptions/:id` (cancel now; `prorate` is taken and ignored, as no credit is made);
 * - `GET /v1/invoices/:id`.
 *
 * Events: `customer.subscription.created|updated|deleted`, `invoice.paid`, `invoice.payment_failed`.
 * Invoice lines are left empty (the amounts are on the invoice): nothing of ours reads them.
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

interface Held {
  subscription: Stripe.Subscription;
  price: RecurringPrice;
  /** The Checkout Session that started it (its intents count as paid for refunds and balance). */
  sessionId: string;
  /** The next renewal's charge fails (a card declined at renewal), once. */
  declineNext: boolean;
}

export class StandInSubscriptions {
  readonly held = new Map<string, Held>();
  readonly invoices = new Map<string, Stripe.Invoice>();
  private invoiceCount = 0;

  constructor(private readonly hooks: SubscriptionHooks) {}

  private copy<T>(value: T): T {
    return structuredClone(value);
  }

  private priceObject(price: RecurringPrice, created: number): Stripe.Price {
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

  private planObject(price: Stripe.Price): Stripe.Plan {
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
    },
  ): Stripe.Invoice {
    const { subscription, price } = held;
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
        data: input.intentId
          ? [
              {
                id: newId('inpay_'),
                object: 'invoice_payment',
                amount_paid: input.paid ? price.amount : null,
                amount_requested: price.amount,
                created,
                currency: price.currency,
                invoice: id,
                is_default: true,
                livemode: false,
                payment: { type: 'payment_intent', payment_intent: input.intentId },
                status: input.paid ? 'paid' : 'open',
                status_transitions: { canceled_at: null, paid_at: input.paid ? created : null },
              },
            ]
          : [],
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
    const held: Held = { subscription, price: input.price, sessionId: input.sessionId, declineNext: false };
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

  /** The next renewal's charge is declined (the test's way to make a renewal fail), once. */
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
    if (subscription.cancel_at_period_end) {
      subscription.status = 'canceled';
      subscription.canceled_at = subscription.canceled_at ?? this.hooks.now();
      subscription.ended_at = start;
      this.hooks.emit('customer.subscription.deleted', subscription);
      return { subscription: this.copy(subscription), invoice: null };
    }
    const end = addInterval(start, held.price.interval, held.price.intervalCount);
    const declined = held.declineNext;
    held.declineNext = false;
    const intentId = declined
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
    });
    subscription.latest_invoice = invoice.id;
    if (declined) {
      subscription.status = 'past_due';
      this.hooks.emit('invoice.payment_failed', invoice);
    } else {
      item.current_period_start = start;
      item.current_period_end = end;
      subscription.status = 'active';
      this.hooks.emit('invoice.paid', invoice);
    }
    this.hooks.emit('customer.subscription.updated', subscription);
    return { subscription: this.copy(subscription), invoice: this.copy(invoice) };
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
