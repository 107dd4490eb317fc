import type Stripe from 'stripe';
import { addInterval } from './prices';
import { newId } from './protocol';

/**
 * A subscription's invoices as Stripe shapes them at the pinned API version (since `basil` an
 * invoice names its subscription under `parent.subscription_details` and the PaymentIntent that
 * paid it under `payments`), and what paying, voiding and previewing one does to that shape. Lines
 * are left empty (the amounts are on the invoice): nothing of ours reads them.
 */

export interface InvoiceInput {
  reason: Stripe.Invoice.BillingReason;
  periodStart: number;
  periodEnd: number;
  intentId: string | null;
  paid: boolean;
  /** What it asks, when not the price (a change of price's proration). */
  amount?: number;
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

/** The `number`th invoice of the account, for `subscription` at `price` (its amount and currency). */
export function invoiceObject(
  subscription: Stripe.Subscription,
  price: { amount: number; currency: string },
  input: InvoiceInput & { number: number; created: number },
): Stripe.Invoice {
  const { created } = input;
  const id = newId('in_');
  return {
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
    number: `STANDIN-${String(input.number).padStart(4, '0')}`,
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
}

/** An open invoice paid in full at `at` by the PaymentIntent `intentId`. */
export function markPaid(invoice: Stripe.Invoice, intentId: string, at: number): void {
  invoice.status = 'paid';
  invoice.amount_paid = invoice.amount_due;
  invoice.amount_remaining = 0;
  invoice.next_payment_attempt = null;
  invoice.status_transitions.paid_at = at;
  invoice.payments = {
    ...invoice.payments,
    data: [
      invoicePayment(
        invoice.id,
        { amount: invoice.amount_due, currency: invoice.currency },
        intentId,
        true,
        at,
      ),
    ],
  } as Stripe.ApiList<Stripe.InvoicePayment>;
}

export function markVoided(invoice: Stripe.Invoice, at: number): void {
  invoice.status = 'void';
  invoice.status_transitions.voided_at = at;
  invoice.next_payment_attempt = null;
}

/** `POST /v1/invoices/create_preview`'s answer: the invoice as a draft that was never issued. */
export function asPreview(invoice: Stripe.Invoice): Stripe.Invoice {
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
