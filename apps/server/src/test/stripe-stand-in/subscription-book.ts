import type Stripe from 'stripe';
import { type InvoiceInput, invoiceObject } from './invoices';
import type { MadePrice, RecurringPrice } from './prices';

/**
 * What the stand-in holds of its subscriptions, invoices and prices, shared by the parts that act
 * on them (subscriptions.ts, price-changes.ts, renewals.ts), with the two acts they all need:
 * issuing an invoice (numbered and kept) and charging the subscription's card.
 */

export interface SubscriptionHooks {
  now: () => number;
  /** A PaymentIntent for an invoice's charge (the stand-in keeps it, so it can be refunded). */
  charge(input: { amount: number; currency: string; metadata: Stripe.Metadata; sessionId: string }): string;
  /** Sends (or queues) an event about the object. */
  emit(type: string, object: Stripe.Subscription | Stripe.Invoice): void;
}

export interface Held {
  subscription: Stripe.Subscription;
  price: RecurringPrice;
  /** The Checkout Session that started it (its intents count as paid for refunds and balance). */
  sessionId: string;
  /** The next charge fails (a card declined at renewal or at a change of price), once. */
  declineNext: boolean;
  /** A change of price waiting for its invoice to be paid (`pending_if_incomplete`). */
  pending: PendingChange | null;
}

/** A change of price: to what, from when, and what it invoices (price-changes.ts reads it). */
export interface Change {
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

export interface PendingChange extends Change {
  invoiceId: string;
}

export class SubscriptionBook {
  readonly held = new Map<string, Held>();
  readonly invoices = new Map<string, Stripe.Invoice>();
  /** Prices made with `POST /v1/prices`, for a change of price to name. */
  readonly prices = new Map<string, MadePrice>();
  private invoiceCount = 0;

  constructor(readonly hooks: SubscriptionHooks) {}

  heldOrThrow(id: string): Held {
    const held = this.held.get(id);
    if (!held) throw new Error(`no subscription ${id}`);
    return held;
  }

  heldOfInvoice(invoice: Stripe.Invoice): Held | undefined {
    const id = invoice.parent?.subscription_details?.subscription;
    return typeof id === 'string' ? this.held.get(id) : undefined;
  }

  /** The subscription's next invoice, at its price unless `amount` says otherwise, kept. */
  issue(held: Held, input: InvoiceInput): Stripe.Invoice {
    const price = { ...held.price, amount: input.amount ?? held.price.amount };
    const created = this.hooks.now();
    this.invoiceCount += 1;
    const invoice = invoiceObject(held.subscription, price, { ...input, number: this.invoiceCount, created });
    this.invoices.set(invoice.id, invoice);
    return invoice;
  }

  /** A charge of the subscription's default card, or null when declined (or there is no card). */
  chargeCard(held: Held, amount: number): string | null {
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
}
