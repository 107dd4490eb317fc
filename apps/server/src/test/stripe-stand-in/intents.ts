import type Stripe from 'stripe';
import { newId } from './protocol';

/**
 * The PaymentIntent behind a paid Checkout Session, and its one charge, as the stand-in holds
 * them: what `GET /v1/payment_intents/:id` answers (its `latest_charge` expanded on request) and
 * what the `payment_intent.*` and `charge.*` events carry, and the balance they add up to. Typed
 * with the `stripe` package's `Stripe.PaymentIntent`, `Stripe.Charge` and `Stripe.Balance`, so an
 * upgrade that reshapes them fails `tsc` here.
 */
export interface StandInIntent {
  id: string;
  sessionId: string;
  amount: number;
  currency: string;
  refunded: number;
  /** What Checkout's `payment_intent_data[metadata]` gave it. */
  metadata: Stripe.Metadata;
  created: number;
  /** Card: succeeded at once; a delayed method: processing until settled. */
  status: 'processing' | 'succeeded' | 'requires_payment_method';
  /** The charge's id once there is one (a card at once; a delayed method once it cleared or failed). */
  chargeId: string | null;
  failure: { code: string; message: string } | null;
}

/** The stand-in's test card, as Stripe reports it on a charge. */
export const STAND_IN_CARD = { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2034 } as const;

export function newIntent(input: {
  sessionId: string;
  amount: number;
  currency: string;
  metadata: Stripe.Metadata;
  created: number;
  how: 'card' | 'delayed';
}): StandInIntent {
  return {
    id: newId('pi_'),
    sessionId: input.sessionId,
    amount: input.amount,
    currency: input.currency,
    refunded: 0,
    metadata: { ...input.metadata },
    created: input.created,
    status: input.how === 'card' ? 'succeeded' : 'processing',
    chargeId: input.how === 'card' ? newId('ch_') : null,
    failure: null,
  };
}

export function chargeObject(intent: StandInIntent): Stripe.Charge | null {
  if (!intent.chargeId) return null;
  const paid = intent.status === 'succeeded';
  return {
    id: intent.chargeId,
    object: 'charge',
    amount: intent.amount,
    amount_captured: paid ? intent.amount : 0,
    amount_refunded: intent.refunded,
    application: null,
    application_fee: null,
    application_fee_amount: null,
    balance_transaction: null,
    billing_details: {
      address: null,
      email: 'payer@example.com',
      name: 'Stand-in Payer',
      phone: null,
      tax_id: null,
    },
    calculated_statement_descriptor: 'STAND-IN',
    captured: paid,
    created: intent.created,
    currency: intent.currency,
    customer: null,
    description: null,
    disputed: false,
    failure_balance_transaction: null,
    failure_code: intent.failure?.code ?? null,
    failure_message: intent.failure?.message ?? null,
    fraud_details: null,
    livemode: false,
    metadata: { ...intent.metadata },
    on_behalf_of: null,
    outcome: null,
    paid,
    payment_intent: intent.id,
    payment_method: null,
    payment_method_details: {
      type: 'card',
      card: {
        amount_authorized: paid ? intent.amount : null,
        authorization_code: null,
        brand: STAND_IN_CARD.brand,
        checks: null,
        country: 'US',
        electronic_commerce_indicator: null,
        exp_month: STAND_IN_CARD.exp_month,
        exp_year: STAND_IN_CARD.exp_year,
        fingerprint: null,
        funding: 'credit',
        installments: null,
        last4: STAND_IN_CARD.last4,
        mandate: null,
        network: 'visa',
        network_transaction_id: null,
        regulated_status: null,
        three_d_secure: null,
        transaction_link_id: null,
        wallet: null,
      },
    },
    receipt_email: null,
    receipt_number: null,
    receipt_url: null,
    refunded: intent.refunded >= intent.amount && intent.amount > 0,
    review: null,
    shipping: null,
    source: null,
    source_transfer: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    status: paid ? 'succeeded' : intent.failure ? 'failed' : 'pending',
    transfer_data: null,
    transfer_group: null,
  };
}

/** The intent as Stripe answers it; `expandCharge` answers `latest_charge` as the charge itself. */
export function intentObject(intent: StandInIntent, expandCharge = false): Stripe.PaymentIntent {
  const charge = chargeObject(intent);
  return {
    id: intent.id,
    object: 'payment_intent',
    allowed_payment_method_types: null,
    amount: intent.amount,
    amount_capturable: 0,
    amount_received: intent.status === 'succeeded' ? intent.amount : 0,
    application: null,
    application_fee_amount: null,
    automatic_payment_methods: null,
    canceled_at: null,
    cancellation_reason: null,
    capture_method: 'automatic',
    client_secret: `${intent.id}_secret_standin`,
    confirmation_method: 'automatic',
    created: intent.created,
    currency: intent.currency,
    customer: null,
    customer_account: null,
    description: null,
    excluded_payment_method_types: null,
    last_payment_error: intent.failure
      ? { type: 'card_error', code: intent.failure.code, message: intent.failure.message }
      : null,
    latest_charge: charge ? (expandCharge ? charge : charge.id) : null,
    livemode: false,
    managed_payments: null,
    metadata: { ...intent.metadata },
    next_action: null,
    on_behalf_of: null,
    payment_method: null,
    payment_method_configuration_details: null,
    payment_method_options: null,
    payment_method_types: ['card'],
    payment_record: null,
    processing: null,
    receipt_email: null,
    review: null,
    setup_future_usage: null,
    shipping: null,
    source: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    status: intent.status,
    transfer_group: null,
  };
}

export type IntentEventType =
  | 'payment_intent.succeeded'
  | 'payment_intent.processing'
  | 'payment_intent.payment_failed';

/** What the intent's state change tells: its event, then its charge's (when it succeeded with one). */
export function announceIntent(
  emit: (type: string, object: Stripe.PaymentIntent | Stripe.Charge) => void,
  type: IntentEventType,
  intent: StandInIntent,
): void {
  emit(type, intentObject(intent));
  const charge = chargeObject(intent);
  if (type === 'payment_intent.succeeded' && charge) emit('charge.succeeded', charge);
}

/** `GET /v1/balance`: what the paid sessions' intents brought in, less what was refunded. */
export function balanceOf(
  intents: Iterable<StandInIntent>,
  paid: (sessionId: string) => boolean,
): Stripe.Balance {
  const byCurrency = new Map<string, number>();
  for (const intent of intents) {
    if (!paid(intent.sessionId)) continue;
    byCurrency.set(intent.currency, (byCurrency.get(intent.currency) ?? 0) + intent.amount - intent.refunded);
  }
  const available = [...byCurrency].map(([currency, amount]) => ({
    amount,
    currency,
    source_types: { card: amount },
  }));
  return {
    object: 'balance',
    available: available.length > 0 ? available : [{ amount: 0, currency: 'usd', source_types: { card: 0 } }],
    livemode: false,
    pending: [{ amount: 0, currency: 'usd', source_types: { card: 0 } }],
  };
}
