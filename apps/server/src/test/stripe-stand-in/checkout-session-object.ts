import type Stripe from 'stripe';
import { newId } from './protocol';

/** Stripe's limits on Checkout's `expires_at`: 30 minutes to 24 hours after the session is made. */
export const MIN_LIFETIME = 30 * 60;
export const MAX_LIFETIME = 24 * 60 * 60;

/**
 * A new Checkout Session as Stripe shapes it at the pinned API version, with the fields every
 * session has whatever its mode (create-checkout-session.ts sets the rest): open, in `payment`
 * mode, until Stripe's longest lifetime.
 */
export function sessionObject(input: {
  created: number;
  metadata: Stripe.Metadata;
  urls: { success: string; cancel: string | null };
  locale: string | null;
  reference: string | null;
  /** Where the hosted page is served (`url` is `<pageBase>/c/pay/<id>`). */
  pageBase: string;
}): Stripe.Checkout.Session {
  const id = newId('cs_test_', 58);
  return {
    id,
    object: 'checkout.session',
    adaptive_pricing: null,
    after_expiration: null,
    allow_promotion_codes: null,
    allowed_payment_method_types: null,
    amount_subtotal: null,
    amount_total: null,
    automatic_tax: { enabled: false, liability: null, provider: null, status: null },
    billing_address_collection: null,
    cancel_url: input.urls.cancel,
    client_reference_id: input.reference,
    client_secret: null,
    collected_information: null,
    consent: null,
    consent_collection: null,
    created: input.created,
    currency: null,
    currency_conversion: null,
    custom_fields: [],
    custom_text: {
      after_submit: null,
      shipping_address: null,
      submit: null,
      terms_of_service_acceptance: null,
    },
    customer: null,
    customer_account: null,
    customer_creation: null,
    customer_details: null,
    customer_email: null,
    discounts: [],
    expires_at: input.created + MAX_LIFETIME,
    integration_identifier: null,
    invoice: null,
    invoice_creation: null,
    livemode: false,
    locale: input.locale as Stripe.Checkout.Session.Locale | null,
    managed_payments: null,
    metadata: input.metadata,
    mode: 'payment',
    origin_context: null,
    payment_intent: null,
    payment_link: null,
    payment_method_collection: 'always',
    payment_method_configuration_details: null,
    payment_method_options: {},
    payment_method_types: ['card'],
    payment_status: 'unpaid',
    permissions: null,
    recovered_from: null,
    saved_payment_method_options: null,
    setup_intent: null,
    shipping_address_collection: null,
    shipping_cost: null,
    shipping_options: [],
    status: 'open',
    submit_type: null,
    subscription: null,
    success_url: input.urls.success,
    total_details: null,
    ui_mode: 'hosted_page',
    url: `${input.pageBase}/c/pay/${id}`,
    wallet_options: null,
  };
}
