import type Stripe from 'stripe';
import { markPaid, markVoided } from './invoices';
import { applyChange, changePrice, previewChange } from './price-changes';
import { type MadePrice, type RecurringPrice, readPrice } from './prices';
import { type FormObject, invalid, isInteger, noSuch, type StripeFailure, unknownParam } from './protocol';
import { type PhaseTurn, renew } from './renewals';
import { type Held, SubscriptionBook, type SubscriptionHooks } from './subscription-book';
import { subscriptionObject } from './subscription-object';

/**
 * The stand-in's subscriptions and their invoices: what Checkout in `subscription` mode leaves
 * behind, renewed by a test clock (`renew`, renewals.ts), as Stripe's billing does at each
 * period's end. Shapes are the `stripe` package's types at the pinned API version
 * (subscription-object.ts, invoices.ts, prices.ts), so an upgrade that reshapes them fails `tsc`.
 *
 * - `GET /v1/subscriptions/:id`, `GET /v1/subscriptions` (`customer`, `status`, `limit`);
 * - `POST /v1/subscriptions/:id` (`cancel_at_period_end`, `metadata`, `default_payment_method`; a
 *   change of price, `items`, is price-changes.ts's);
 * - `POST /v1/prices` (a recurring price to change to: pending updates take `items[][price]` only),
 *   `GET /v1/prices/:id`;
 * - `POST /v1/invoices/create_preview` (what such a change would invoice), `POST /v1/invoices/:id/void`;
 * - `DELETE /v1/subscriptions/:id` (cancel now; `prorate` is taken and ignored, as no credit is made);
 * - `GET /v1/invoices/:id`.
 *
 * Events: `customer.subscription.created|updated|deleted`, `invoice.paid`, `invoice.payment_failed`,
 * `invoice.voided`. An open invoice (a declined renewal, or a change pending on it) stays open until
 * it is paid (`payInvoice`, the hosted invoice page's part) or voided.
 */
export class StandInSubscriptions {
  /** Set by the schedules: what the end of a subscription's period turns into. */
  phaseAt: ((subscriptionId: string, at: number) => PhaseTurn | null) | null = null;
  private readonly book: SubscriptionBook;
  readonly held: Map<string, Held>;
  readonly invoices: Map<string, Stripe.Invoice>;
  /** Prices made with `POST /v1/prices`, for a change of price to name. */
  readonly prices: Map<string, MadePrice>;

  constructor(private readonly hooks: SubscriptionHooks) {
    this.book = new SubscriptionBook(hooks);
    this.held = this.book.held;
    this.invoices = this.book.invoices;
    this.prices = this.book.prices;
  }

  private copy<T>(value: T): T {
    return structuredClone(value);
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
    const subscription = subscriptionObject({ ...input, created });
    const held: Held = {
      subscription,
      price: input.price,
      sessionId: input.sessionId,
      declineNext: false,
      pending: null,
    };
    this.held.set(subscription.id, held);
    const invoice = this.book.issue(held, {
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

  /**
   * The subscription's next charge is declined (the test's way to make a renewal, a change of
   * price or an invoice's payment fail), once.
   */
  declineNextRenewal(id: string): void {
    this.book.heldOrThrow(id).declineNext = true;
  }

  /** The test clock reaches the period's end (renewals.ts). */
  renew(id: string): { subscription: Stripe.Subscription; invoice: Stripe.Invoice | null } {
    return renew(this.book, id, this.phaseAt);
  }

  /** The subscription's schedule, as schedules.ts sets it (`schedule`), or clears it on release. */
  setSchedule(id: string, scheduleId: string | null): void {
    this.book.heldOrThrow(id).subscription.schedule = scheduleId;
  }

  /** The subscription as held (not a copy), for schedules.ts to read its item and period. */
  heldSubscription(id: string): { subscription: Stripe.Subscription; price: RecurringPrice } | null {
    const held = this.held.get(id);
    return held ? { subscription: held.subscription, price: held.price } : null;
  }

  /** A schedule canceled: its subscription ends at once. */
  endNow(id: string): void {
    const held = this.book.heldOrThrow(id);
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
    if (form.items !== undefined) {
      const failed = changePrice(this.book, held, form);
      if (failed) return failed;
      const expand = Array.isArray(form.expand) ? form.expand.map(String) : [];
      return this.retrieve(held.subscription.id, expand) as Stripe.Subscription;
    }
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

  /** `POST /v1/prices` (prices.ts reads it), kept for a change of price to name. */
  createPrice(form: FormObject): Stripe.Price | StripeFailure {
    const made = readPrice(form, this.hooks.now());
    if ('status' in made) return made;
    this.prices.set(made.object.id, made);
    return this.copy(made.object);
  }

  /** `POST /v1/invoices/create_preview` (price-changes.ts). */
  preview(form: FormObject): Stripe.Invoice | StripeFailure {
    return previewChange(this.book, form);
  }

  /**
   * An open invoice paid (what the hosted invoice page does with another card, or 3-D Secure
   * done): a pending change applies with it. Declined again (`declineNextRenewal`): it stays open.
   */
  payInvoice(id: string): Stripe.Invoice {
    const invoice = this.invoices.get(id);
    if (invoice?.status !== 'open') throw new Error(`no open invoice ${id}`);
    const held = this.book.heldOfInvoice(invoice);
    if (!held) throw new Error(`invoice ${id} has no subscription`);
    const intentId = this.book.chargeCard(held, invoice.amount_due);
    if (!intentId) {
      invoice.attempt_count += 1;
      this.hooks.emit('invoice.payment_failed', invoice);
      return this.copy(invoice);
    }
    markPaid(invoice, intentId, this.hooks.now());
    if (held.pending?.invoiceId === id) applyChange(this.book, held, held.pending);
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
    markVoided(invoice, this.hooks.now());
    this.hooks.emit('invoice.voided', invoice);
    const held = this.book.heldOfInvoice(invoice);
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
    return this.copy(this.book.heldOrThrow(id).subscription);
  }
}
