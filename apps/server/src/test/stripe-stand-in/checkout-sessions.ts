import type Stripe from 'stripe';
import type { StandInCards, TestCard } from './cards';
import { createCheckoutSession, type NewSession } from './create-checkout-session';
import { announceIntent, type IntentEventType, newIntent, type StandInIntent } from './intents';
import { type FormObject, invalid, newId, noSuch, type StripeFailure } from './protocol';
import type { StandInSubscriptions } from './subscriptions';
import type { CheckoutEventType, StandInWebhooks } from './webhooks';

/**
 * Checkout Sessions as Stripe holds them, and what happens to them after
 * `POST /v1/checkout/sessions` (create-checkout-session.ts): paid by card or by a delayed method
 * (settled later by the test), a card saved in `setup` mode, a `subscription` session's
 * subscription started, expired when their time runs out (Stripe's own sweep) or on request, each
 * with its `checkout.session.*` event and its PaymentIntent's.
 */

export interface CheckoutParts {
  now: () => number;
  cards: StandInCards;
  subscriptions: StandInSubscriptions;
  /** The PaymentIntents, which a paid session adds to. */
  intents: Map<string, StandInIntent>;
  webhooks: StandInWebhooks;
}

export class StandInCheckoutSessions {
  /** Where the hosted page is served (known once the stand-in listens). */
  pageBase = '';
  private readonly sessions = new Map<string, Stripe.Checkout.Session>();
  /** What each session's `payment_intent_data[metadata]` gives the PaymentIntent it makes. */
  private readonly intentMetadata = new Map<string, Stripe.Metadata>();
  /** A `subscription` session's recurring price and `subscription_data[metadata]`, until it is paid. */
  private readonly recurring = new Map<string, NonNullable<NewSession['recurring']>>();
  /** The line items' names, shown on the hosted page (Stripe keeps them as line items). */
  private readonly itemNames = new Map<string, string[]>();

  constructor(private readonly parts: CheckoutParts) {}

  /** `POST /v1/checkout/sessions`: the session as held (an idempotent replay answers it as it is then). */
  create(form: FormObject): Stripe.Checkout.Session | StripeFailure {
    const made = createCheckoutSession(form, {
      now: this.parts.now,
      pageBase: this.pageBase,
      cards: this.parts.cards,
    });
    if ('status' in made) return made;
    const { id } = made.session;
    if (made.recurring) this.recurring.set(id, made.recurring);
    this.sessions.set(id, made.session);
    this.itemNames.set(id, made.names);
    if (made.intentMetadata) this.intentMetadata.set(id, made.intentMetadata);
    return made.session;
  }

  /** The session as held (not a copy), for the hosted page. */
  held(id: string): Stripe.Checkout.Session | undefined {
    return this.sessions.get(id);
  }

  names(id: string): string[] {
    return this.itemNames.get(id) ?? [];
  }

  isPaid(id: string): boolean {
    return this.sessions.get(id)?.payment_status === 'paid';
  }

  /** The session as Stripe holds it (a copy). */
  session(id: string): Stripe.Checkout.Session {
    return structuredClone(this.sessionOrThrow(id));
  }

  all(): Stripe.Checkout.Session[] {
    return [...this.sessions.values()].map((session) => structuredClone(session));
  }

  /** `GET /v1/checkout/sessions/:id`. */
  retrieve(id: string): Stripe.Checkout.Session | StripeFailure {
    const session = this.sessions.get(id);
    return session ? structuredClone(session) : noSuch('checkout.session', id);
  }

  /** `POST /v1/checkout/sessions/:id/expire`: an open session only. */
  async expireOpen(id: string): Promise<Stripe.Checkout.Session | StripeFailure> {
    const session = this.sessions.get(id);
    if (!session) return noSuch('checkout.session', id, 'session');
    if (session.status !== 'open') {
      return invalid(
        'Only Checkout Sessions with a status in ["open"] can be expired.',
        undefined,
        'checkout_session_not_open',
      );
    }
    await this.expireSession(session);
    return structuredClone(session);
  }

  /** Changes a session as held (a test's way to make it disagree with its bill). */
  patch(id: string, patch: Partial<Stripe.Checkout.Session>): void {
    Object.assign(this.sessionOrThrow(id), patch);
  }

  /** The PaymentIntent that paid a session: its own (`payment` mode) or its first invoice's (`subscription`). */
  intentOf(id: string): string | null {
    const session = this.sessionOrThrow(id);
    if (typeof session.payment_intent === 'string') return session.payment_intent;
    const invoice =
      typeof session.invoice === 'string' ? this.parts.subscriptions.invoices.get(session.invoice) : null;
    const paid = invoice?.payments?.data[0]?.payment.payment_intent;
    return typeof paid === 'string' ? paid : null;
  }

  /** What the hosted page's pay buttons do, without a browser. */
  pay(id: string, how: 'card' | 'delayed' = 'card'): Promise<string> {
    const session = this.sessionOrThrow(id);
    if (session.status !== 'open') throw new Error(`session ${id} is ${session.status}`);
    return this.paySession(session, how);
  }

  /** The hosted page's "Save card" of a `setup` session, without a browser. */
  saveCard(id: string, card: TestCard = 'visa'): Promise<string> {
    const session = this.sessionOrThrow(id);
    if (session.mode !== 'setup' || session.status !== 'open') throw new Error(`session ${id} saves no card`);
    return this.saveSessionCard(session, card);
  }

  /** A delayed payment (bank debit) clears or fails. */
  async settle(id: string, succeeded: boolean): Promise<void> {
    const session = this.sessionOrThrow(id);
    if (session.status !== 'complete' || session.payment_status !== 'unpaid') {
      throw new Error(`session ${id} has no delayed payment to settle`);
    }
    if (succeeded) session.payment_status = 'paid';
    const intent =
      typeof session.payment_intent === 'string' ? this.parts.intents.get(session.payment_intent) : undefined;
    if (intent) {
      intent.status = succeeded ? 'succeeded' : 'requires_payment_method';
      intent.chargeId = newId('ch_');
      intent.failure = succeeded
        ? null
        : { code: 'payment_method_provider_decline', message: 'The bank debit was declined.' };
    }
    this.emit(
      succeeded ? 'checkout.session.async_payment_succeeded' : 'checkout.session.async_payment_failed',
      session,
    );
    if (intent)
      this.announce(succeeded ? 'payment_intent.succeeded' : 'payment_intent.payment_failed', intent);
  }

  /** The session's time ran out (or `POST …/expire`). */
  async expire(id: string): Promise<void> {
    const session = this.sessionOrThrow(id);
    if (session.status === 'open') await this.expireSession(session);
  }

  /** Sessions whose time has come expire, each with its event (Stripe's own sweep). */
  async sweep(): Promise<void> {
    for (const session of this.sessions.values()) {
      if (session.status === 'open' && session.expires_at <= this.parts.now())
        await this.expireSession(session);
    }
  }

  /** Paid (or, by a delayed method, processing): answers where the page sends the browser. */
  async paySession(session: Stripe.Checkout.Session, how: 'card' | 'delayed'): Promise<string> {
    const { cards, subscriptions, intents } = this.parts;
    const intent = newIntent({
      sessionId: session.id,
      amount: session.amount_total ?? 0,
      currency: session.currency ?? 'usd',
      metadata: this.intentMetadata.get(session.id) ?? {},
      created: this.parts.now(),
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
    const started = this.recurring.get(session.id);
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
    this.emit('checkout.session.completed', session);
    this.announce(how === 'card' ? 'payment_intent.succeeded' : 'payment_intent.processing', intent);
    return (session.success_url ?? '').replaceAll('{CHECKOUT_SESSION_ID}', session.id);
  }

  /** A `setup` session's card saved: answers where the page sends the browser. */
  async saveSessionCard(session: Stripe.Checkout.Session, card: TestCard): Promise<string> {
    const intent = this.parts.cards.saveCard(session.customer as string, card, session.metadata ?? {});
    session.setup_intent = intent.id;
    session.status = 'complete';
    session.url = null;
    this.emit('checkout.session.completed', session);
    return (session.success_url ?? '').replaceAll('{CHECKOUT_SESSION_ID}', session.id);
  }

  private sessionOrThrow(id: string): Stripe.Checkout.Session {
    const session = this.sessions.get(id);
    if (!session) throw new Error(`no session ${id}`);
    return session;
  }

  private async expireSession(session: Stripe.Checkout.Session): Promise<void> {
    session.status = 'expired';
    session.url = null;
    this.emit('checkout.session.expired', session);
  }

  private emit(type: CheckoutEventType, session: Stripe.Checkout.Session): void {
    this.parts.webhooks.emit(type, session);
  }

  private announce(type: IntentEventType, intent: StandInIntent): void {
    announceIntent((event, object) => this.parts.webhooks.emit(event, object), type, intent);
  }
}
