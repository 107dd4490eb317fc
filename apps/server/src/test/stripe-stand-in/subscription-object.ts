import type Stripe from 'stripe';
import { addInterval, planObject, priceObject, type RecurringPrice } from './prices';
import { newId } from './protocol';

/**
 * A new subscription as Stripe shapes it at the pinned API version (since `basil` its period lives
 * on its one item): active for its first period at `price`, charged automatically to
 * `paymentMethod`.
 */
export function subscriptionObject(input: {
  customer: string;
  price: RecurringPrice;
  metadata: Stripe.Metadata;
  paymentMethod: string | null;
  created: number;
}): Stripe.Subscription {
  const { created } = input;
  const id = newId('sub_');
  const price = priceObject(input.price, created);
  const end = addInterval(created, input.price.interval, input.price.intervalCount);
  return {
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
          plan: planObject(price),
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
}
