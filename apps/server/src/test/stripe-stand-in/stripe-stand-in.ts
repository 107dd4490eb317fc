import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { StandInCards, type TestCard } from './cards';
import { chargeObject, intentObject, newIntent, type StandInIntent } from './intents';
import {
  badKey,
  type FormObject,
  type FormValue,
  failure,
  invalid,
  isInteger,
  missingParam,
  newId,
  newWebhookSecret,
  noSuch,
  parseForm,
  type StripeFailure,
  signatureHeader,
  unknownParam,
} from './protocol';
import { listPage, listRefunds, refundEvent, settleHeldRefund } from './refunds';
import { StandInSchedules } from './schedules';
import { type RecurringPrice, recurringOf, StandInSubscriptions } from './subscriptions';

/**
 * A local stand-in for Stripe, kept in the repository so the Stripe path is tested (and demoed)
 * over real HTTP without the internet, as the Google and model stand-ins are. It speaks the
 * form-encoded API at the API version `stripe@23.1.0` pins (a request naming another version is
 * refused, so the pin is checked), with Stripe's error shapes, Bearer keys and idempotency keys
 * (same key and parameters: the first answer again, `Idempotent-Replayed: true`; other
 * parameters: `idempotency_error`):
 *
 * - `POST /v1/checkout/sessions` (`payment` mode, and `setup` mode to save a card for a
 *   customer), `GET /v1/checkout/sessions/:id`, `POST /v1/checkout/sessions/:id/expire`;
 * - customers, their cards and the SetupIntents that saved them (cards.ts);
 * - `POST /v1/refunds`, `GET /v1/refunds/:id`, `GET /v1/refunds` (of an intent or a charge), with
 *   `refund.created` and, for a refund held `pending` (`holdRefunds`) once it settles, `refund.updated`
 *   and `refund.failed` (refunds.ts); `GET /v1/payment_intents` (paginated); `GET /v1/balance`;
 * - `GET /v1/payment_intents/:id` (`expand[]=latest_charge` answers the charge itself), the
 *   PaymentIntent a paid session made, with its metadata from `payment_intent_data`, its card and
 *   what was refunded (intents.ts);
 * - the hosted page behind a session's `url` (`/c/pay/:id`): pay, decline (`card_declined`),
 *   pay by a delayed method (settled later by the test), or go back to `cancel_url`; in `setup`
 *   mode, save a Visa or Mastercard test card, or decline;
 * - signed webhooks (`Stripe-Signature: t=…,v1=…`) to a configured URL, for the four
 *   `checkout.session.*` events (and, once the endpoint enables them, `payment_intent.*`,
 *   `charge.succeeded` and `charge.refunded`), with controls to hold and reorder them, delay, replay (also many
 *   at once), tamper with the body after signing, forge a signed event the session does not bear
 *   out, skew the signing clock and roll the endpoint secret.
 *
 * Every object it answers is typed with the `stripe` package's types (`Stripe.Checkout.Session`,
 * `Stripe.Refund`, `Stripe.Balance`, `Stripe.Event`), so an upgrade that reshapes them fails
 * `tsc` here. Run by hand: `npm run stripe:stand-in -w @app/server` (main.ts).
 */

export const STAND_IN_API_VERSION: typeof Stripe.API_VERSION = Stripe.API_VERSION;

export type CheckoutEventType =
  | 'checkout.session.completed'
  | 'checkout.session.async_payment_succeeded'
  | 'checkout.session.async_payment_failed'
  | 'checkout.session.expired';

export interface RecordedRequest {
  method: string;
  path: string;
  apiKey: string | null;
  version: string | null;
  idempotencyKey: string | null;
  form: FormObject;
  /** The status answered (0 until then). */
  status: number;
}

export interface Delivery {
  eventId: string;
  type: string;
  /** The HTTP status the endpoint answered; 0 if it could not be reached. */
  status: number;
  answer: string;
  body: string;
  signature: string;
}

export interface SendOptions {
  /** Seconds added to the signing clock for this delivery (negative: signed in the past). */
  skewSeconds?: number;
  /** Changes the body after it was signed (a tampered delivery). */
  tamper?: (body: string) => string;
  /** Sign with these secrets instead of the endpoint's. */
  secrets?: readonly string[];
  /** Send this header as the signature, as is. */
  signature?: string;
  /** Milliseconds to wait before sending. */
  delayMs?: number;
}

/** The events a webhook endpoint receives until a test enables more (`webhooks.enabledEvents`). */
export const CHECKOUT_EVENT_TYPES: readonly CheckoutEventType[] = [
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'checkout.session.expired',
];

interface Idempotent {
  fingerprint: string;
  status: number;
  body: unknown;
}

export interface StripeStandInOptions {
  port?: number;
  host?: string;
  /** The secret key it accepts (default: a fresh `sk_test_…`). */
  secretKey?: string;
  /** The endpoint's signing secret (default: a fresh `whsec_…`). */
  webhookSecret?: string;
  /** Where webhooks go (can be set later: `webhooks.url`). */
  webhookUrl?: string;
  /** Prefix of the hosted page's URL (default: the stand-in's own address). */
  publicUrl?: string;
}

export interface StripeStandIn {
  /** The API base (no `/v1`): what the vault's `base_url` holds. */
  url: string;
  secretKey: string;
  requests: RecordedRequest[];
  /** The sessions as Stripe holds them (a copy). */
  session(id: string): Stripe.Checkout.Session;
  sessions(): Stripe.Checkout.Session[];
  refunds(): Stripe.Refund[];
  /** While true, new refunds stay `pending` (a bank slow to confirm) until `settleRefund`. */
  holdRefunds: boolean;
  /** A held refund succeeds, or fails (refundable again), with its `refund.updated` (and `refund.failed`). */
  settleRefund(id: string, succeeded: boolean): void;
  /** The PaymentIntent as Stripe holds it (its charge expanded). */
  paymentIntent(id: string): Stripe.PaymentIntent;
  /** The PaymentIntent that paid a session: its own (`payment` mode) or its first invoice's (`subscription`). */
  intentOf(sessionId: string): string | null;
  /** Changes a session as held (a test's way to make it disagree with its bill). */
  patchSession(id: string, patch: Partial<Stripe.Checkout.Session>): void;
  /** What the hosted page's buttons do, without a browser. Answers where the page sends the browser. */
  pay(id: string, how?: 'card' | 'delayed'): Promise<string>;
  /** The hosted page's "Save card" of a `setup` session. Answers where the page sends the browser. */
  saveCard(id: string, card?: TestCard): Promise<string>;
  /** Customers, cards and SetupIntents as Stripe holds them. */
  cards: StandInCards;
  /** Subscriptions and their invoices as Stripe holds them (subscriptions.ts). */
  subscriptions: StandInSubscriptions;
  /** Subscription schedules, applied by the renewal clock (schedules.ts). */
  schedules: StandInSchedules;
  /** The test clock reaches the subscription's period end: it renews (or ends, if set to). */
  renew(subscriptionId: string): ReturnType<StandInSubscriptions['renew']>;
  /** A delayed payment (bank debit) clears or fails. */
  settle(id: string, succeeded: boolean): Promise<void>;
  /** The session's time ran out (or `POST …/expire`). */
  expire(id: string): Promise<void>;
  /** The signing clock's lead over the real one, in seconds (Stripe's clock set wrong). */
  clockSkewSeconds: number;
  /** Fails the next `times` calls to `METHOD /path` (regex on the path) with this error. */
  failNext(method: string, path: RegExp, error: StripeFailure, times?: number): void;
  webhooks: {
    url: string | null;
    /** The endpoint's secrets; Stripe signs with each (two `v1` while a roll lasts). */
    secrets: string[];
    /** A new secret signs alongside the old one until `retire`; answers the new one. */
    roll(): string;
    retire(secret: string): void;
    /** While held, events queue instead of being sent (`flush` sends them). */
    hold: boolean;
    /**
     * The event types Stripe sends to the endpoint, as a Stripe endpoint's `enabled_events`
     * (`*`: all): the four Checkout events by default. Events of other types are still made
     * (`events`), only not sent.
     */
    enabledEvents: string[];
    /** Milliseconds before each automatic delivery. */
    delayMs: number;
    events: Stripe.Event[];
    deliveries: Delivery[];
    queued(): Stripe.Event[];
    /** Drops the held events unsent. */
    clear(): void;
    flush(order?: 'as_made' | 'reversed'): Promise<Delivery[]>;
    send(event: Stripe.Event | string, options?: SendOptions): Promise<Delivery>;
    /** The same event `times` times, all at once or one after another. */
    replay(eventId: string, times: number, concurrent?: boolean): Promise<Delivery[]>;
    /** A correctly signed event whose session says what the test wants, not what Stripe holds. */
    forge(type: CheckoutEventType, sessionId: string, patch: Partial<Stripe.Checkout.Session>): Stripe.Event;
    /** Resolves when every delivery under way has been answered. */
    idle(): Promise<void>;
  };
  close(): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const header = (req: IncomingMessage, name: string) => {
  const value = req.headers[name];
  return typeof value === 'string' ? value : null;
};

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Stripe's limits on Checkout's `expires_at`: 30 minutes to 24 hours after the session is made. */
const MIN_LIFETIME = 30 * 60;
const MAX_LIFETIME = 24 * 60 * 60;

const SESSION_PARAMS = new Set([
  'mode',
  'line_items',
  'success_url',
  'cancel_url',
  'expires_at',
  'client_reference_id',
  'metadata',
  'payment_intent_data',
  'locale',
  'customer_email',
  'expand',
  'payment_method_types',
  'submit_type',
  'customer',
  'currency',
  'setup_intent_data',
  'allowed_payment_method_types',
  'subscription_data',
]);

function metadataOf(value: FormValue | undefined, param: string): Stripe.Metadata | StripeFailure {
  if (value === undefined) return {};
  if (typeof value === 'string' || Array.isArray(value)) return invalid('Invalid object', param);
  const entries = Object.entries(value);
  if (entries.length > 50) return invalid('Metadata may have at most 50 keys', param);
  for (const [key, v] of entries) {
    if (typeof v !== 'string') return invalid('Invalid string', `${param}[${key}]`);
    if (key.length > 40) return invalid('Metadata keys may be at most 40 characters', `${param}[${key}]`);
    if (v.length > 500) return invalid('Metadata values may be at most 500 characters', `${param}[${key}]`);
  }
  return value as Stripe.Metadata;
}

const isFailure = (value: unknown): value is StripeFailure =>
  typeof value === 'object' && value !== null && 'status' in value && 'error' in value;

export async function startStripeStandIn(options: StripeStandInOptions = {}): Promise<StripeStandIn> {
  const secretKey = options.secretKey ?? newId('sk_test_', 32);
  const requests: RecordedRequest[] = [];
  const sessions = new Map<string, Stripe.Checkout.Session>();
  const intents = new Map<string, StandInIntent>();
  /** What each session's `payment_intent_data[metadata]` gives the PaymentIntent it makes. */
  const intentMetadata = new Map<string, Stripe.Metadata>();
  const refunds = new Map<string, Stripe.Refund>();
  const cards = new StandInCards(() => now());
  /** A `subscription` session's recurring price and `subscription_data[metadata]`, until it is paid. */
  const recurring = new Map<string, { price: RecurringPrice; metadata: Stripe.Metadata }>();
  const subscriptions = new StandInSubscriptions({
    now: () => now(),
    charge: ({ amount, currency, metadata, sessionId }) => {
      const intent = newIntent({ sessionId, amount, currency, metadata, created: now(), how: 'card' });
      intents.set(intent.id, intent);
      emitIntent('payment_intent.succeeded', intent);
      return intent.id;
    },
    emit: (type, object) => dispatch(makeObjectEvent(type as 'invoice.paid', object)),
  });
  const schedules = new StandInSchedules(subscriptions, {
    now: () => now(),
    emit: (type, object) => dispatch(makeObjectEvent(type, object)),
  });
  /** The line items' names, shown on the hosted page (Stripe keeps them as line items). */
  const itemNames = new Map<string, string[]>();
  const idempotent = new Map<string, Idempotent | 'in_flight'>();
  const scripted: { method: string; path: RegExp; error: StripeFailure; times: number }[] = [];
  const inFlight = new Set<Promise<unknown>>();
  let base = '';
  let pageBase = '';

  const now = () => Math.floor(Date.now() / 1000) + standIn.clockSkewSeconds;
  const copy = <T>(value: T): T => structuredClone(value);

  // ---- Webhooks -----------------------------------------------------------------------------

  const queue: Stripe.Event[] = [];

  async function send(event: Stripe.Event | string, opts: SendOptions = {}): Promise<Delivery> {
    const found =
      typeof event === 'string' ? standIn.webhooks.events.find((candidate) => candidate.id === event) : event;
    if (!found) throw new Error(`no event ${String(event)}`);
    const url = standIn.webhooks.url;
    if (!url) throw new Error('the stand-in has no webhook URL');
    if (opts.delayMs) await sleep(opts.delayMs);
    // Stripe sends its events pretty-printed: the signature is over these bytes, not a re-encoding.
    const signed = JSON.stringify(found, null, 2);
    const t = now() + (opts.skewSeconds ?? 0);
    const signature = opts.signature ?? signatureHeader(opts.secrets ?? standIn.webhooks.secrets, t, signed);
    const body = opts.tamper ? opts.tamper(signed) : signed;
    const delivery: Delivery = {
      eventId: found.id,
      type: found.type,
      status: 0,
      answer: '',
      body,
      signature,
    };
    const sending = fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'stripe-signature': signature,
        'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
      },
      body,
      signal: AbortSignal.timeout(30_000),
    })
      .then(async (res) => {
        delivery.status = res.status;
        delivery.answer = await res.text();
      })
      .catch((error: unknown) => {
        delivery.answer = error instanceof Error ? error.message : String(error);
      });
    inFlight.add(sending);
    try {
      await sending;
    } finally {
      inFlight.delete(sending);
    }
    standIn.webhooks.deliveries.push(delivery);
    return delivery;
  }

  /** An event as Stripe makes it: a snapshot of the session at that moment. */
  function makeEvent(type: CheckoutEventType, session: Stripe.Checkout.Session): Stripe.Event {
    return {
      id: newId('evt_'),
      object: 'event',
      api_version: STAND_IN_API_VERSION,
      created: now(),
      data: { object: copy(session) },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    };
  }

  /** An event about a PaymentIntent or its charge: a snapshot of the object at that moment. */
  function makeObjectEvent(
    type: 'payment_intent.succeeded' | 'payment_intent.processing' | 'payment_intent.payment_failed',
    object: Stripe.PaymentIntent,
  ): Stripe.Event;
  function makeObjectEvent(type: 'charge.succeeded' | 'charge.refunded', object: Stripe.Charge): Stripe.Event;
  function makeObjectEvent(type: 'invoice.paid', object: Stripe.Invoice | Stripe.Subscription): Stripe.Event;
  function makeObjectEvent(type: string, object: Stripe.SubscriptionSchedule): Stripe.Event;
  function makeObjectEvent(
    type: string,
    object:
      | Stripe.PaymentIntent
      | Stripe.Charge
      | Stripe.Invoice
      | Stripe.Subscription
      | Stripe.SubscriptionSchedule,
  ): Stripe.Event {
    return {
      id: newId('evt_'),
      object: 'event',
      api_version: STAND_IN_API_VERSION,
      created: now(),
      data: { object: copy(object) },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    } as Stripe.Event;
  }

  const enabled = (type: string) =>
    standIn.webhooks.enabledEvents.includes('*') || standIn.webhooks.enabledEvents.includes(type);

  async function emit(type: CheckoutEventType, session: Stripe.Checkout.Session): Promise<void> {
    dispatch(makeEvent(type, session));
  }

  /** What the intent's state change makes: its event, then its charge's (when it has one). */
  function emitIntent(
    type: 'payment_intent.succeeded' | 'payment_intent.processing' | 'payment_intent.payment_failed',
    intent: StandInIntent,
  ): void {
    dispatch(makeObjectEvent(type, intentObject(intent)));
    const charge = chargeObject(intent);
    if (type === 'payment_intent.succeeded' && charge) dispatch(makeObjectEvent('charge.succeeded', charge));
  }

  function dispatch(event: Stripe.Event): void {
    standIn.webhooks.events.push(event);
    if (!standIn.webhooks.url || !enabled(event.type)) return;
    if (standIn.webhooks.hold) {
      queue.push(event);
      return;
    }
    const sending = send(event, { delayMs: standIn.webhooks.delayMs });
    inFlight.add(sending);
    void sending.finally(() => inFlight.delete(sending)).catch(() => undefined);
  }

  // ---- Sessions -----------------------------------------------------------------------------

  function sessionOrThrow(id: string): Stripe.Checkout.Session {
    const session = sessions.get(id);
    if (!session) throw new Error(`no session ${id}`);
    return session;
  }

  /** Sessions whose time has come expire, each with its event (Stripe's own sweep). */
  async function sweep(): Promise<void> {
    for (const session of sessions.values()) {
      if (session.status === 'open' && session.expires_at <= now()) await expireSession(session);
    }
  }

  async function expireSession(session: Stripe.Checkout.Session): Promise<void> {
    session.status = 'expired';
    session.url = null;
    await emit('checkout.session.expired', session);
  }

  async function paySession(session: Stripe.Checkout.Session, how: 'card' | 'delayed'): Promise<string> {
    const intent = newIntent({
      sessionId: session.id,
      amount: session.amount_total ?? 0,
      currency: session.currency ?? 'usd',
      metadata: intentMetadata.get(session.id) ?? {},
      created: now(),
      how,
    });
    intents.set(intent.id, intent);
    session.payment_intent = intent.id;
    session.status = 'complete';
    session.url = null;
    session.payment_status = how === 'card' ? 'paid' : 'unpaid';
    session.customer_details = {
      address: null,
      business_name: null,
      email: 'payer@example.com',
      individual_name: null,
      name: 'Stand-in Payer',
      phone: null,
      tax_exempt: 'none',
      tax_ids: [],
    };
    const started = recurring.get(session.id);
    if (session.mode === 'subscription' && started) {
      // Checkout keeps the card on the customer (made now if the session named none) for renewals.
      const customer =
        typeof session.customer === 'string'
          ? session.customer
          : (cards.createCustomer({}) as Stripe.Customer).id;
      const saved = cards.saveCard(customer, 'visa', {});
      const made = subscriptions.start({
        sessionId: session.id,
        customer,
        price: started.price,
        metadata: started.metadata,
        intentId: intent.id,
        paymentMethod: typeof saved.payment_method === 'string' ? saved.payment_method : null,
      });
      session.customer = customer;
      session.subscription = made.subscription.id;
      session.invoice = made.invoice.id;
      session.payment_intent = null;
    }
    await emit('checkout.session.completed', session);
    emitIntent(how === 'card' ? 'payment_intent.succeeded' : 'payment_intent.processing', intent);
    return (session.success_url ?? '').replaceAll('{CHECKOUT_SESSION_ID}', session.id);
  }

  async function saveSessionCard(session: Stripe.Checkout.Session, card: TestCard): Promise<string> {
    const intent = cards.saveCard(session.customer as string, card, session.metadata ?? {});
    session.setup_intent = intent.id;
    session.status = 'complete';
    session.url = null;
    await emit('checkout.session.completed', session);
    return (session.success_url ?? '').replaceAll('{CHECKOUT_SESSION_ID}', session.id);
  }

  /** The URLs every mode needs: `success_url` required, `cancel_url` optional. */
  function urlsOf(form: FormObject): { success: string; cancel: string | null } | StripeFailure {
    if (typeof form.success_url !== 'string' || !/^https?:\/\//.test(form.success_url)) {
      return form.success_url === undefined
        ? missingParam('success_url')
        : invalid('Not a valid URL', 'success_url');
    }
    if (
      form.cancel_url !== undefined &&
      (typeof form.cancel_url !== 'string' || !/^https?:\/\//.test(form.cancel_url))
    ) {
      return invalid('Not a valid URL', 'cancel_url');
    }
    return {
      success: form.success_url,
      cancel: typeof form.cancel_url === 'string' ? form.cancel_url : null,
    };
  }

  function createSession(form: FormObject): Stripe.Checkout.Session | StripeFailure {
    for (const key of Object.keys(form)) if (!SESSION_PARAMS.has(key)) return unknownParam(key);
    const mode = form.mode;
    if (mode === undefined) return missingParam('mode');
    if (mode === 'setup') return createSetupSession(form);
    if (mode !== 'payment' && mode !== 'subscription') {
      return invalid(
        `The stand-in takes \`payment\`, \`subscription\` and \`setup\` modes only (got ${String(mode)}).`,
        'mode',
      );
    }
    if (mode === 'subscription' && form.payment_intent_data !== undefined) {
      return invalid('You can not pass `payment_intent_data` in `subscription` mode.', 'payment_intent_data');
    }
    if (mode === 'payment' && form.subscription_data !== undefined) {
      return invalid('You can only pass `subscription_data` in `subscription` mode.', 'subscription_data');
    }
    let recurringPrice: { interval: Stripe.Price.Recurring.Interval; intervalCount: number } | null = null;
    const urls = urlsOf(form);
    if (isFailure(urls)) return urls;
    const items = form.line_items;
    if (!Array.isArray(items) || items.length === 0) return missingParam('line_items');
    let total = 0;
    let currency: string | null = null;
    const names: string[] = [];
    for (const [i, item] of items.entries()) {
      const param = `line_items[${i}]`;
      if (typeof item !== 'object' || Array.isArray(item)) return invalid('Invalid object', param);
      const quantity = item.quantity;
      if (!isInteger(quantity) || Number(quantity) < 1) return missingParam(`${param}[quantity]`);
      const price = item.price_data;
      if (typeof price !== 'object' || Array.isArray(price)) {
        return item.price === undefined
          ? missingParam(`${param}[price_data]`)
          : invalid('The stand-in has no Prices: use price_data', `${param}[price]`);
      }
      const itemCurrency = price.currency;
      if (typeof itemCurrency !== 'string' || !/^[a-zA-Z]{3}$/.test(itemCurrency)) {
        return invalid('Invalid currency', `${param}[price_data][currency]`);
      }
      if (currency && currency !== itemCurrency.toLowerCase()) {
        return invalid('All line items must have the same currency', `${param}[price_data][currency]`);
      }
      currency = itemCurrency.toLowerCase();
      const unit = price.unit_amount;
      if (!isInteger(unit) || Number(unit) < 0 || Number(unit) > 99_999_999) {
        return invalid('Invalid integer', `${param}[price_data][unit_amount]`, 'parameter_invalid_integer');
      }
      const product = price.product_data;
      if (
        typeof product !== 'object' ||
        Array.isArray(product) ||
        typeof product.name !== 'string' ||
        !product.name
      ) {
        return missingParam(`${param}[price_data][product_data][name]`);
      }
      names.push(product.name);
      total += Number(unit) * Number(quantity);
      if (mode === 'subscription') {
        const made = recurringOf(price.recurring, `${param}[price_data][recurring]`);
        if (isFailure(made)) return made;
        recurringPrice = made;
      } else if (price.recurring !== undefined) {
        return invalid(
          'You specified `payment` mode but passed a recurring price. Either switch to `subscription` mode or use only one-time prices.',
          `${param}[price_data][recurring]`,
        );
      }
    }
    if (total < 50) {
      return invalid(
        "The Checkout Session's total amount due must add up to at least $0.50 usd",
        undefined,
        'amount_too_small',
      );
    }
    const created = now();
    let expiresAt = created + MAX_LIFETIME;
    if (form.expires_at !== undefined) {
      if (!isInteger(form.expires_at))
        return invalid('Invalid integer', 'expires_at', 'parameter_invalid_integer');
      expiresAt = Number(form.expires_at);
      if (expiresAt < created + MIN_LIFETIME) {
        return invalid(
          'The `expires_at` timestamp must be at least 30 minutes from Checkout Session creation.',
          'expires_at',
        );
      }
      if (expiresAt > created + MAX_LIFETIME) {
        return invalid(
          'The `expires_at` timestamp must be less than 24 hours from Checkout Session creation.',
          'expires_at',
        );
      }
    }
    const reference = form.client_reference_id;
    if (reference !== undefined && (typeof reference !== 'string' || reference.length > 200)) {
      return invalid('client_reference_id may be at most 200 characters', 'client_reference_id');
    }
    const metadata = metadataOf(form.metadata, 'metadata');
    if (isFailure(metadata)) return metadata;
    const intentData = form.payment_intent_data;
    let givenIntentMetadata: Stripe.Metadata = {};
    if (intentData !== undefined) {
      if (typeof intentData !== 'object' || Array.isArray(intentData)) {
        return invalid('Invalid object', 'payment_intent_data');
      }
      const metadataOfIntent = metadataOf(intentData.metadata, 'payment_intent_data[metadata]');
      if (isFailure(metadataOfIntent)) return metadataOfIntent;
      givenIntentMetadata = metadataOfIntent;
    }
    const shape = createSessionShape({
      created,
      metadata,
      urls,
      locale: typeof form.locale === 'string' ? form.locale : null,
      reference: typeof reference === 'string' ? reference : null,
    });
    const { id } = shape;
    const session: Stripe.Checkout.Session = {
      ...shape,
      amount_subtotal: total,
      amount_total: total,
      currency,
      customer_creation: 'if_required',
      customer_email: typeof form.customer_email === 'string' ? form.customer_email : null,
      expires_at: expiresAt,
      payment_method_collection: 'if_required',
      total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
    };
    if (mode === 'subscription' && recurringPrice && currency) {
      const data = form.subscription_data;
      if (data !== undefined && (typeof data !== 'object' || Array.isArray(data))) {
        return invalid('Invalid object', 'subscription_data');
      }
      const subscriptionMetadata = metadataOf(data?.metadata, 'subscription_data[metadata]');
      if (isFailure(subscriptionMetadata)) return subscriptionMetadata;
      if (typeof form.customer === 'string' && !cards.customers.has(form.customer)) {
        return noSuch('customer', form.customer, 'customer');
      }
      session.mode = 'subscription';
      session.customer = typeof form.customer === 'string' ? form.customer : null;
      session.payment_method_collection = 'always';
      recurring.set(id, {
        price: { amount: total, currency, productName: names[0] ?? '', ...recurringPrice },
        metadata: subscriptionMetadata,
      });
    }
    sessions.set(id, session);
    itemNames.set(id, names);
    intentMetadata.set(id, givenIntentMetadata);
    return session;
  }

  /**
   * Checkout in `setup` mode: no line items and no amount; the card is saved for `customer`
   * (required here, as we always pass one) by a SetupIntent made when the page is submitted.
   */
  function createSetupSession(form: FormObject): Stripe.Checkout.Session | StripeFailure {
    if (form.line_items !== undefined) {
      return invalid('You cannot pass `line_items` in `setup` mode.', 'line_items');
    }
    const urls = urlsOf(form);
    if (isFailure(urls)) return urls;
    if (form.currency === undefined && form.allowed_payment_method_types === undefined) {
      return missingParam('currency');
    }
    const customer = cards.checkSetupCustomer(form);
    if (isFailure(customer)) return customer;
    const metadata = metadataOf(form.metadata, 'metadata');
    if (isFailure(metadata)) return metadata;
    const created = now();
    const made = createSessionShape({
      created,
      metadata,
      urls,
      locale: typeof form.locale === 'string' ? form.locale : null,
      reference: typeof form.client_reference_id === 'string' ? form.client_reference_id : null,
    });
    const session: Stripe.Checkout.Session = {
      ...made,
      mode: 'setup',
      amount_subtotal: null,
      amount_total: null,
      currency: typeof form.currency === 'string' ? form.currency.toLowerCase() : null,
      customer,
      payment_status: 'no_payment_required',
    };
    sessions.set(session.id, session);
    itemNames.set(session.id, []);
    return session;
  }

  /** The fields every session has, whatever its mode. */
  function createSessionShape(input: {
    created: number;
    metadata: Stripe.Metadata;
    urls: { success: string; cancel: string | null };
    locale: string | null;
    reference: string | null;
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
      url: `${pageBase}/c/pay/${id}`,
      wallet_options: null,
    };
  }

  function createRefund(form: FormObject): Stripe.Refund | StripeFailure {
    for (const key of Object.keys(form)) {
      if (!['payment_intent', 'charge', 'amount', 'reason', 'metadata', 'expand'].includes(key)) {
        return unknownParam(key);
      }
    }
    if (form.charge !== undefined) return invalid('The stand-in refunds payment intents only', 'charge');
    if (typeof form.payment_intent !== 'string') return missingParam('payment_intent');
    const intent = intents.get(form.payment_intent);
    if (!intent) return noSuch('payment_intent', form.payment_intent, 'payment_intent');
    const session = sessions.get(intent.sessionId);
    if (session?.payment_status !== 'paid') {
      return invalid(
        `This PaymentIntent (${intent.id}) does not have a successful charge to refund.`,
        'payment_intent',
        'charge_not_refundable',
      );
    }
    const left = intent.amount - intent.refunded;
    if (left <= 0) {
      return invalid(
        `Charge for ${intent.id} has already been refunded.`,
        undefined,
        'charge_already_refunded',
      );
    }
    let amount = left;
    if (form.amount !== undefined) {
      if (!isInteger(form.amount) || Number(form.amount) < 1) {
        return invalid('Invalid positive integer', 'amount', 'parameter_invalid_integer');
      }
      amount = Number(form.amount);
      if (amount > left) {
        return invalid(
          `Refund amount (${amount}) is greater than unrefunded amount on charge (${left})`,
          'amount',
          'amount_too_large',
        );
      }
    }
    const metadata = metadataOf(form.metadata, 'metadata');
    if (isFailure(metadata)) return metadata;
    intent.refunded += amount;
    const refund: Stripe.Refund = {
      id: newId('re_'),
      object: 'refund',
      amount,
      balance_transaction: null,
      charge: intent.chargeId,
      created: now(),
      currency: intent.currency,
      customer: null,
      customer_account: null,
      metadata,
      payment_intent: intent.id,
      payment_method: null,
      reason:
        form.reason === 'duplicate' || form.reason === 'fraudulent' || form.reason === 'requested_by_customer'
          ? form.reason
          : null,
      receipt_number: null,
      source_transfer_reversal: null,
      status: standIn.holdRefunds ? 'pending' : 'succeeded',
      transfer_reversal: null,
    };
    refunds.set(refund.id, refund);
    dispatch(refundEvent('refund.created', refund, now()));
    const charge = chargeObject(intent);
    if (charge) dispatch(makeObjectEvent('charge.refunded', charge));
    return refund;
  }

  function balance(): Stripe.Balance {
    const byCurrency = new Map<string, number>();
    for (const intent of intents.values()) {
      if (sessions.get(intent.sessionId)?.payment_status !== 'paid') continue;
      byCurrency.set(
        intent.currency,
        (byCurrency.get(intent.currency) ?? 0) + intent.amount - intent.refunded,
      );
    }
    const available = [...byCurrency].map(([currency, amount]) => ({
      amount,
      currency,
      source_types: { card: amount },
    }));
    return {
      object: 'balance',
      available:
        available.length > 0 ? available : [{ amount: 0, currency: 'usd', source_types: { card: 0 } }],
      livemode: false,
      pending: [{ amount: 0, currency: 'usd', source_types: { card: 0 } }],
    };
  }

  // ---- The hosted page ----------------------------------------------------------------------

  function hostedPage(session: Stripe.Checkout.Session, notice?: string): string {
    if (session.mode === 'setup') return setupPage(session, notice);
    const amount = `${((session.amount_total ?? 0) / 100).toFixed(2)} ${(session.currency ?? '').toUpperCase()}`;
    const open = session.status === 'open';
    const names = (itemNames.get(session.id) ?? []).map((name) => `<li>${escapeHtml(name)}</li>`).join('');
    return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Stripe stand-in Checkout</title>
<style>body{font-family:system-ui,sans-serif;max-width:420px;margin:40px auto;padding:0 16px}
.amount{font-size:28px;font-weight:600}.mode{background:#fff7e6;border:1px solid #ffd591;padding:2px 8px;border-radius:4px;font-size:12px}
form{display:flex;gap:8px;flex-wrap:wrap;margin-top:16px}button{padding:10px 12px;font-size:15px}</style></head>
<body><span class="mode">Stripe stand-in · test mode</span>
<h1>${open ? 'Pay' : session.payment_status === 'paid' ? 'Paid' : 'This Checkout Session is no longer active'}</h1>
<ul>${names}</ul><p class="amount" data-testid="amount">${escapeHtml(amount)}</p>
${notice ? `<p role="alert">${escapeHtml(notice)}</p>` : ''}
${
  open
    ? `<form method="post" action="/c/pay/${escapeHtml(session.id)}">
<button type="submit" name="action" value="pay">Pay ${escapeHtml(amount)}</button>
<button type="submit" name="action" value="decline">Use a declined card</button>
<button type="submit" name="action" value="delayed">Pay by bank debit (delayed)</button>
</form>${session.cancel_url ? `<p><a href="${escapeHtml(session.cancel_url)}">Back</a></p>` : ''}`
    : ''
}
</body></html>`;
  }

  /** Checkout in `setup` mode: save one of two test cards, or have the card declined. */
  function setupPage(session: Stripe.Checkout.Session, notice?: string): string {
    const open = session.status === 'open';
    return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Stripe stand-in Checkout</title>
<style>body{font-family:system-ui,sans-serif;max-width:420px;margin:40px auto;padding:0 16px}
.mode{background:#fff7e6;border:1px solid #ffd591;padding:2px 8px;border-radius:4px;font-size:12px}
form{display:flex;gap:8px;flex-wrap:wrap;margin-top:16px}button{padding:10px 12px;font-size:15px}</style></head>
<body><span class="mode">Stripe stand-in · test mode</span>
<h1>${open ? 'Save a card' : session.status === 'complete' ? 'Card saved' : 'This Checkout Session is no longer active'}</h1>
<p>You will not be charged now.</p>
${notice ? `<p role="alert">${escapeHtml(notice)}</p>` : ''}
${
  open
    ? `<form method="post" action="/c/pay/${escapeHtml(session.id)}">
<button type="submit" name="action" value="save_visa">Save Visa •••• 4242</button>
<button type="submit" name="action" value="save_mastercard">Save Mastercard •••• 4444</button>
<button type="submit" name="action" value="decline">Use a declined card</button>
</form>${session.cancel_url ? `<p><a href="${escapeHtml(session.cancel_url)}">Back</a></p>` : ''}`
    : ''
}
</body></html>`;
  }

  // ---- HTTP ---------------------------------------------------------------------------------

  function write(
    res: ServerResponse,
    record: RecordedRequest | null,
    status: number,
    body: unknown,
    extra: Record<string, string> = {},
  ) {
    if (record) record.status = status;
    res
      .writeHead(status, {
        'content-type': 'application/json',
        'request-id': newId('req_', 14),
        'stripe-version': STAND_IN_API_VERSION,
        ...extra,
      })
      .end(JSON.stringify(body, null, 2));
  }
  const fail = (res: ServerResponse, record: RecordedRequest, problem: StripeFailure) =>
    write(res, record, problem.status, { error: problem.error });

  async function api(record: RecordedRequest): Promise<{ status: number; body: unknown }> {
    const answer = (result: unknown) =>
      isFailure(result)
        ? { status: result.status, body: { error: result.error } }
        : { status: 200, body: result };
    const route = `${record.method} ${record.path}`;
    if (route === 'POST /v1/checkout/sessions') return answer(createSession(record.form));
    const sessionId = /^GET \/v1\/checkout\/sessions\/([^/]+)$/.exec(route)?.[1];
    if (sessionId) {
      const session = sessions.get(sessionId);
      return answer(session ? copy(session) : noSuch('checkout.session', sessionId));
    }
    const expiring = /^POST \/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(route)?.[1];
    if (expiring) {
      const session = sessions.get(expiring);
      if (!session) return answer(noSuch('checkout.session', expiring, 'session'));
      if (session.status !== 'open') {
        return answer(
          invalid(
            'Only Checkout Sessions with a status in ["open"] can be expired.',
            undefined,
            'checkout_session_not_open',
          ),
        );
      }
      await expireSession(session);
      return answer(copy(session));
    }
    if (route === 'POST /v1/refunds') return answer(createRefund(record.form));
    if (route === 'GET /v1/refunds') return answer(listRefunds([...refunds.values()].map(copy), record.form));
    if (route === 'GET /v1/payment_intents') {
      const { expand, ...query } = record.form;
      const charges = Array.isArray(expand) && expand.includes('data.latest_charge');
      const all = [...intents.values()].map((intent) => intentObject(intent, charges));
      return answer(listPage(all, query, '/v1/payment_intents'));
    }
    const refundId = /^GET \/v1\/refunds\/([^/]+)$/.exec(route)?.[1];
    if (refundId) {
      const refund = refunds.get(refundId);
      return answer(refund ? copy(refund) : noSuch('refund', refundId));
    }
    if (route === 'GET /v1/balance') return answer(balance());
    const intentId = /^GET \/v1\/payment_intents\/([^/]+)$/.exec(route)?.[1];
    if (intentId) {
      const intent = intents.get(intentId);
      const expand = Array.isArray(record.form.expand) ? record.form.expand : [];
      return answer(
        intent ? intentObject(intent, expand.includes('latest_charge')) : noSuch('payment_intent', intentId),
      );
    }
    if (route === 'POST /v1/customers') return answer(cards.createCustomer(record.form));
    const customerId = /^(GET|POST) \/v1\/customers\/([^/]+)$/.exec(route);
    if (customerId?.[2]) {
      return answer(
        customerId[1] === 'GET'
          ? cards.customer(customerId[2])
          : cards.updateCustomer(customerId[2], record.form),
      );
    }
    const ofCustomer = /^GET \/v1\/customers\/([^/]+)\/payment_methods$/.exec(route)?.[1];
    if (ofCustomer) return answer(cards.listPaymentMethods(ofCustomer, record.form));
    const methodId = /^GET \/v1\/payment_methods\/([^/]+)$/.exec(route)?.[1];
    if (methodId) return answer(cards.paymentMethod(methodId));
    const detaching = /^POST \/v1\/payment_methods\/([^/]+)\/detach$/.exec(route)?.[1];
    if (detaching) return answer(cards.detach(detaching));
    const setupId = /^GET \/v1\/setup_intents\/([^/]+)$/.exec(route)?.[1];
    if (setupId) return answer(cards.setupIntent(setupId));
    if (route === 'GET /v1/subscriptions') return answer(subscriptions.list(record.form));
    const subscription = /^(GET|POST|DELETE) \/v1\/subscriptions\/([^/]+)$/.exec(route);
    if (subscription?.[2]) {
      const expand = Array.isArray(record.form.expand) ? record.form.expand.map(String) : [];
      if (subscription[1] === 'GET') return answer(subscriptions.retrieve(subscription[2], expand));
      if (subscription[1] === 'POST') return answer(subscriptions.update(subscription[2], record.form));
      return answer(subscriptions.cancel(subscription[2], record.form));
    }
    if (route === 'POST /v1/subscription_schedules') return answer(schedules.create(record.form));
    if (route === 'GET /v1/subscription_schedules') return answer(schedules.list(record.form));
    const schedule = /^(GET|POST) \/v1\/subscription_schedules\/([^/]+)(?:\/(release|cancel))?$/.exec(route);
    if (schedule?.[2]) {
      const [, method, scheduleId, act] = schedule;
      if (method === 'GET' && !act) {
        const expand = Array.isArray(record.form.expand) ? record.form.expand.map(String) : [];
        return answer(schedules.retrieve(scheduleId, expand));
      }
      if (method === 'POST' && act === 'release') return answer(schedules.release(scheduleId));
      if (method === 'POST' && act === 'cancel') return answer(schedules.cancel(scheduleId));
      if (method === 'POST' && !act) return answer(schedules.update(scheduleId, record.form));
    }
    if (route === 'POST /v1/prices') return answer(subscriptions.createPrice(record.form));
    const priceId = /^GET \/v1\/prices\/([^/]+)$/.exec(route)?.[1];
    if (priceId) {
      const found = subscriptions.price(priceId) ?? schedules.price(priceId);
      return answer(found ?? noSuch('price', priceId));
    }
    if (route === 'POST /v1/invoices/create_preview') return answer(subscriptions.preview(record.form));
    const voiding = /^POST \/v1\/invoices\/([^/]+)\/void$/.exec(route)?.[1];
    if (voiding) return answer(subscriptions.voidInvoice(voiding));
    const invoiceId = /^GET \/v1\/invoices\/([^/]+)$/.exec(route)?.[1];
    if (invoiceId) return answer(subscriptions.invoice(invoiceId));
    return answer(
      failure(404, {
        type: 'invalid_request_error',
        message: `Unrecognized request URL (${record.method}: ${record.path}).`,
      }),
    );
  }

  async function handleApi(req: IncomingMessage, res: ServerResponse, record: RecordedRequest) {
    const text = await readBody(req);
    const url = new URL(req.url ?? '/', 'http://stand-in');
    // stripe-node sends a GET's and a DELETE's parameters in the query string.
    record.form = parseForm(
      record.method === 'GET' || record.method === 'DELETE' ? url.searchParams.toString() : text,
    );
    const auth = header(req, 'authorization');
    record.apiKey = auth?.startsWith('Bearer ') ? auth.slice(7) : null;
    if (record.apiKey !== secretKey) return fail(res, record, badKey(record.apiKey));
    if (record.version && record.version !== STAND_IN_API_VERSION) {
      return fail(
        res,
        record,
        invalid(`Invalid Stripe API version: ${record.version}`, undefined, 'api_version_invalid'),
      );
    }
    await sweep();
    const script = scripted.find(
      (s) => s.method === record.method && s.path.test(record.path) && s.times > 0,
    );
    if (script) {
      script.times -= 1;
      return fail(res, record, script.error);
    }
    const key = record.method === 'POST' ? record.idempotencyKey : null;
    if (!key) {
      const { status, body } = await api(record);
      return write(res, record, status, body);
    }
    // Stripe keeps an idempotency key's first answer (24 hours) for the same endpoint and parameters.
    const fingerprint = `${record.method} ${record.path} ${text}`;
    const seen = idempotent.get(key);
    if (seen === 'in_flight') {
      return fail(
        res,
        record,
        failure(409, {
          type: 'idempotency_error',
          message:
            'There is currently another in-progress request using this Idempotent Key (that probably means you submitted twice, and the other request is still going through): ' +
            key +
            '. Please try again later.',
        }),
      );
    }
    if (seen) {
      if (seen.fingerprint !== fingerprint) {
        return fail(
          res,
          record,
          failure(400, {
            type: 'idempotency_error',
            message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
          }),
        );
      }
      return write(res, record, seen.status, seen.body, {
        'idempotent-replayed': 'true',
        'idempotency-key': key,
      });
    }
    idempotent.set(key, 'in_flight');
    try {
      const { status, body } = await api(record);
      // Stripe does not keep answers to requests that failed on its side (5xx): those may be retried.
      if (status < 500) idempotent.set(key, { fingerprint, status, body });
      else idempotent.delete(key);
      return write(res, record, status, body, { 'idempotency-key': key });
    } catch (error) {
      idempotent.delete(key);
      throw error;
    }
  }

  async function handlePage(req: IncomingMessage, res: ServerResponse, id: string) {
    await sweep();
    const session = sessions.get(id);
    const html = (status: number, page: string) =>
      res
        .writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' })
        .end(page);
    if (!session) return html(404, '<!doctype html><title>Not found</title><h1>Something went wrong</h1>');
    if (req.method !== 'POST') return html(200, hostedPage(session));
    const action = new URLSearchParams(await readBody(req)).get('action');
    if (session.status !== 'open') return html(200, hostedPage(session));
    if (action === 'decline')
      return html(402, hostedPage(session, 'Your card was declined. (card_declined)'));
    if (session.mode === 'setup') {
      if (action !== 'save_visa' && action !== 'save_mastercard')
        return html(400, hostedPage(session, 'Choose a card.'));
      const saved = await saveSessionCard(session, action === 'save_visa' ? 'visa' : 'mastercard');
      return void res.writeHead(303, { location: saved }).end();
    }
    if (action !== 'pay' && action !== 'delayed') return html(400, hostedPage(session, 'Choose how to pay.'));
    const location = await paySession(session, action === 'pay' ? 'card' : 'delayed');
    res.writeHead(303, { location }).end();
  }

  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const page = /^\/c\/pay\/([^/]+)$/.exec(url.pathname)?.[1];
    if (page) {
      handlePage(req, res, page).catch((error: unknown) => {
        if (!res.headersSent) res.writeHead(500).end(error instanceof Error ? error.message : 'error');
      });
      return;
    }
    const record: RecordedRequest = {
      method: req.method ?? 'GET',
      path: url.pathname,
      apiKey: null,
      version: header(req, 'stripe-version'),
      idempotencyKey: header(req, 'idempotency-key'),
      form: {},
      status: 0,
    };
    requests.push(record);
    handleApi(req, res, record).catch((error: unknown) => {
      if (res.headersSent) {
        res.destroy();
        return;
      }
      fail(
        res,
        record,
        failure(500, { type: 'api_error', message: error instanceof Error ? error.message : 'error' }),
      );
    });
  });
  await new Promise<void>((resolve) =>
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve),
  );
  const { port } = server.address() as AddressInfo;
  const host = options.host && options.host !== '0.0.0.0' ? options.host : '127.0.0.1';
  base = `http://${host}:${port}`;
  pageBase = (options.publicUrl ?? base).replace(/\/+$/, '');
  // Sessions past their time expire by themselves (with their event), as Stripe's do.
  const sweeper = setInterval(() => void sweep().catch(() => undefined), 1000);
  sweeper.unref();

  const standIn: StripeStandIn = {
    url: base,
    secretKey,
    requests,
    session: (id) => copy(sessionOrThrow(id)),
    sessions: () => [...sessions.values()].map(copy),
    refunds: () => [...refunds.values()].map(copy),
    holdRefunds: false,
    settleRefund: (id, succeeded) => {
      const refund = refunds.get(id);
      if (!refund) throw new Error(`no refund ${id}`);
      const types = settleHeldRefund(refund, succeeded);
      const intent =
        typeof refund.payment_intent === 'string' ? intents.get(refund.payment_intent) : undefined;
      if (!succeeded && intent) intent.refunded -= refund.amount;
      for (const type of types) dispatch(refundEvent(type, refund, now()));
    },
    paymentIntent: (id) => {
      const intent = intents.get(id);
      if (!intent) throw new Error(`no payment intent ${id}`);
      return intentObject(intent, true);
    },
    intentOf: (id) => {
      const session = sessionOrThrow(id);
      if (typeof session.payment_intent === 'string') return session.payment_intent;
      const invoice =
        typeof session.invoice === 'string' ? subscriptions.invoices.get(session.invoice) : null;
      const paid = invoice?.payments?.data[0]?.payment.payment_intent;
      return typeof paid === 'string' ? paid : null;
    },
    patchSession: (id, patch) => {
      Object.assign(sessionOrThrow(id), patch);
    },
    pay: (id, how = 'card') => {
      const session = sessionOrThrow(id);
      if (session.status !== 'open') throw new Error(`session ${id} is ${session.status}`);
      return paySession(session, how);
    },
    saveCard: (id, card = 'visa') => {
      const session = sessionOrThrow(id);
      if (session.mode !== 'setup' || session.status !== 'open')
        throw new Error(`session ${id} saves no card`);
      return saveSessionCard(session, card);
    },
    cards,
    subscriptions,
    schedules,
    renew: (id) => subscriptions.renew(id),
    settle: async (id, succeeded) => {
      const session = sessionOrThrow(id);
      if (session.status !== 'complete' || session.payment_status !== 'unpaid') {
        throw new Error(`session ${id} has no delayed payment to settle`);
      }
      if (succeeded) session.payment_status = 'paid';
      const intent =
        typeof session.payment_intent === 'string' ? intents.get(session.payment_intent) : undefined;
      if (intent) {
        intent.status = succeeded ? 'succeeded' : 'requires_payment_method';
        intent.chargeId = newId('ch_');
        intent.failure = succeeded
          ? null
          : { code: 'payment_method_provider_decline', message: 'The bank debit was declined.' };
      }
      await emit(
        succeeded ? 'checkout.session.async_payment_succeeded' : 'checkout.session.async_payment_failed',
        session,
      );
      if (intent)
        emitIntent(succeeded ? 'payment_intent.succeeded' : 'payment_intent.payment_failed', intent);
    },
    expire: async (id) => {
      const session = sessionOrThrow(id);
      if (session.status === 'open') await expireSession(session);
    },
    clockSkewSeconds: 0,
    failNext: (method, path, error, times = 1) => {
      scripted.push({ method, path, error, times });
    },
    webhooks: {
      url: options.webhookUrl ?? null,
      secrets: [options.webhookSecret ?? newWebhookSecret()],
      roll() {
        const secret = newWebhookSecret();
        this.secrets.unshift(secret);
        return secret;
      },
      retire(secret) {
        this.secrets = this.secrets.filter((candidate) => candidate !== secret);
      },
      hold: false,
      enabledEvents: [...CHECKOUT_EVENT_TYPES],
      delayMs: 0,
      events: [],
      deliveries: [],
      queued: () => [...queue],
      clear: () => {
        queue.splice(0, queue.length);
      },
      async flush(order = 'as_made') {
        const events = queue.splice(0, queue.length);
        if (order === 'reversed') events.reverse();
        const delivered: Delivery[] = [];
        for (const event of events) delivered.push(await send(event));
        return delivered;
      },
      send,
      async replay(eventId, times, concurrent = true) {
        if (concurrent) return Promise.all(Array.from({ length: times }, () => send(eventId)));
        const delivered: Delivery[] = [];
        for (let i = 0; i < times; i += 1) delivered.push(await send(eventId));
        return delivered;
      },
      forge(type, sessionId, patch) {
        const event = makeEvent(type, { ...copy(sessionOrThrow(sessionId)), ...patch });
        return event;
      },
      async idle() {
        while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
      },
    },
    close: () =>
      new Promise<void>((resolve) => {
        clearInterval(sweeper);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return standIn;
}
