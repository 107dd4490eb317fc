import Stripe from 'stripe';
import { newId, newWebhookSecret, signatureHeader } from './protocol';

/**
 * The stand-in's events and the webhook endpoint they go to: every event is made as Stripe makes
 * it (a snapshot of its object at that moment) and kept (`events`); those the endpoint enables are
 * sent signed (`Stripe-Signature: t=…,v1=…`, one `v1` per secret while a roll lasts). A test holds
 * and reorders them, delays them, replays one (also many at once), tampers with the body after
 * signing, forges a signed event the session does not bear out, and rolls the secret; the signing
 * clock is the stand-in's (`clockSkewSeconds`).
 */

export type CheckoutEventType =
  | 'checkout.session.completed'
  | 'checkout.session.async_payment_succeeded'
  | 'checkout.session.async_payment_failed'
  | 'checkout.session.expired';

/** The events a webhook endpoint receives until a test enables more (`webhooks.enabledEvents`). */
export const CHECKOUT_EVENT_TYPES: readonly CheckoutEventType[] = [
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'checkout.session.expired',
];

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

/** What the stand-in's events are about. */
export type EventObject =
  | Stripe.Checkout.Session
  | Stripe.PaymentIntent
  | Stripe.Charge
  | Stripe.Refund
  | Stripe.Invoice
  | Stripe.Subscription
  | Stripe.SubscriptionSchedule;

/** An event as Stripe makes it: a snapshot of the object at that moment. */
export function stripeEvent(type: string, object: EventObject, created: number): Stripe.Event {
  return {
    id: newId('evt_'),
    object: 'event',
    api_version: Stripe.API_VERSION,
    created,
    data: { object: structuredClone(object) },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  } as Stripe.Event;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class StandInWebhooks {
  /** The endpoint's secrets; Stripe signs with each (two `v1` while a roll lasts). */
  secrets: string[];
  /** While held, events queue instead of being sent (`flush` sends them). */
  hold = false;
  /**
   * The event types Stripe sends to the endpoint, as a Stripe endpoint's `enabled_events`
   * (`*`: all): the four Checkout events by default. Events of other types are still made
   * (`events`), only not sent.
   */
  enabledEvents: string[] = [...CHECKOUT_EVENT_TYPES];
  /** Milliseconds before each automatic delivery. */
  delayMs = 0;
  events: Stripe.Event[] = [];
  deliveries: Delivery[] = [];
  private readonly queue: Stripe.Event[] = [];
  private readonly inFlight = new Set<Promise<unknown>>();

  constructor(
    public url: string | null,
    secret: string,
    private readonly clock: {
      now: () => number;
      /** The session as Stripe holds it, for `forge`. */
      session: (id: string) => Stripe.Checkout.Session;
    },
  ) {
    this.secrets = [secret];
  }

  /** A new secret signs alongside the old one until `retire`; answers the new one. */
  roll(): string {
    const secret = newWebhookSecret();
    this.secrets.unshift(secret);
    return secret;
  }

  retire(secret: string): void {
    this.secrets = this.secrets.filter((candidate) => candidate !== secret);
  }

  queued(): Stripe.Event[] {
    return [...this.queue];
  }

  /** Drops the held events unsent. */
  clear(): void {
    this.queue.splice(0, this.queue.length);
  }

  /** An event about the object, made now, kept, and sent unless held or not enabled. */
  emit(type: string, object: EventObject): void {
    this.dispatch(stripeEvent(type, object, this.clock.now()));
  }

  dispatch(event: Stripe.Event): void {
    this.events.push(event);
    if (!this.url || !this.enabled(event.type)) return;
    if (this.hold) {
      this.queue.push(event);
      return;
    }
    const sending = this.send(event, { delayMs: this.delayMs });
    this.inFlight.add(sending);
    void sending.finally(() => this.inFlight.delete(sending)).catch(() => undefined);
  }

  private enabled(type: string): boolean {
    return this.enabledEvents.includes('*') || this.enabledEvents.includes(type);
  }

  async send(event: Stripe.Event | string, opts: SendOptions = {}): Promise<Delivery> {
    const found = typeof event === 'string' ? this.events.find((candidate) => candidate.id === event) : event;
    if (!found) throw new Error(`no event ${String(event)}`);
    const url = this.url;
    if (!url) throw new Error('the stand-in has no webhook URL');
    if (opts.delayMs) await sleep(opts.delayMs);
    // Stripe sends its events pretty-printed: the signature is over these bytes, not a re-encoding.
    const signed = JSON.stringify(found, null, 2);
    const t = this.clock.now() + (opts.skewSeconds ?? 0);
    const signature = opts.signature ?? signatureHeader(opts.secrets ?? this.secrets, t, signed);
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
    this.inFlight.add(sending);
    try {
      await sending;
    } finally {
      this.inFlight.delete(sending);
    }
    this.deliveries.push(delivery);
    return delivery;
  }

  async flush(order: 'as_made' | 'reversed' = 'as_made'): Promise<Delivery[]> {
    const events = this.queue.splice(0, this.queue.length);
    if (order === 'reversed') events.reverse();
    const delivered: Delivery[] = [];
    for (const event of events) delivered.push(await this.send(event));
    return delivered;
  }

  /** The same event `times` times, all at once or one after another. */
  async replay(eventId: string, times: number, concurrent = true): Promise<Delivery[]> {
    if (concurrent) return Promise.all(Array.from({ length: times }, () => this.send(eventId)));
    const delivered: Delivery[] = [];
    for (let i = 0; i < times; i += 1) delivered.push(await this.send(eventId));
    return delivered;
  }

  /** A correctly signed event whose session says what the test wants, not what Stripe holds. */
  forge(type: CheckoutEventType, sessionId: string, patch: Partial<Stripe.Checkout.Session>): Stripe.Event {
    return stripeEvent(type, { ...this.clock.session(sessionId), ...patch }, this.clock.now());
  }

  /** Resolves when every delivery under way has been answered. */
  async idle(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }
}
