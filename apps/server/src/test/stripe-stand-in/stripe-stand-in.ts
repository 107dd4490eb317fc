import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type Stripe from 'stripe';
import { fail, type RecordedRequest, StandInApi } from './api';
import { StandInCards, type TestCard } from './cards';
import { StandInCheckoutSessions } from './checkout-sessions';
import { handlePage } from './hosted-page';
import { header } from './http';
import { announceIntent, intentObject, newIntent, type StandInIntent } from './intents';
import { failure, newId, newWebhookSecret, type StripeFailure } from './protocol';
import { StandInRefunds } from './refunds';
import { routes } from './routes';
import { StandInSchedules } from './schedules';
import { StandInSubscriptions } from './subscriptions';
import { type EventObject, StandInWebhooks } from './webhooks';

export { type RecordedRequest, STAND_IN_API_VERSION } from './api';
export { CHECKOUT_EVENT_TYPES, type CheckoutEventType, type Delivery, type SendOptions } from './webhooks';

/**
 * A local stand-in for Stripe, kept in the repository so the Stripe path is tested (and demoed)
 * over real HTTP without the internet, as the Google and model stand-ins are. It speaks the
 * form-encoded API at the API version `stripe@23.1.0` pins, with Stripe's error shapes, Bearer
 * keys and idempotency keys (api.ts), its routes one a row (routes.ts):
 *
 * - `POST /v1/checkout/sessions` (`payment` mode, `subscription` mode, and `setup` mode to save a
 *   card for a customer; create-checkout-session.ts), `GET /v1/checkout/sessions/:id`,
 *   `POST /v1/checkout/sessions/:id/expire` (checkout-sessions.ts);
 * - customers, their cards and the SetupIntents that saved them (cards.ts);
 * - `POST /v1/refunds`, `GET /v1/refunds/:id`, `GET /v1/refunds` (of an intent or a charge), with
 *   `refund.created` and, for a refund held `pending` (`holdRefunds`) once it settles, `refund.updated`
 *   and `refund.failed` (refunds.ts); `GET /v1/payment_intents` (paginated); `GET /v1/balance`;
 * - `GET /v1/payment_intents/:id` (`expand[]=latest_charge` answers the charge itself), the
 *   PaymentIntent a paid session made, with its metadata from `payment_intent_data`, its card and
 *   what was refunded (intents.ts);
 * - subscriptions, their invoices, prices and price changes (subscriptions.ts), and subscription
 *   schedules (schedules.ts);
 * - the hosted page behind a session's `url` (`/c/pay/:id`, hosted-page.ts);
 * - signed webhooks to a configured URL, for the four `checkout.session.*` events (and, once the
 *   endpoint enables them, the others), with controls to hold and reorder them, delay, replay,
 *   tamper, forge, skew the signing clock and roll the endpoint secret (webhooks.ts).
 *
 * Every object it answers is typed with the `stripe` package's types (`Stripe.Checkout.Session`,
 * `Stripe.Refund`, `Stripe.Balance`, `Stripe.Event`), so an upgrade that reshapes them fails
 * `tsc` here. Run by hand: `npm run stripe:stand-in -w @app/server` (main.ts).
 */

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
  /** The webhook endpoint and the events made for it (webhooks.ts). */
  webhooks: StandInWebhooks;
  close(): Promise<void>;
}

export async function startStripeStandIn(options: StripeStandInOptions = {}): Promise<StripeStandIn> {
  const secretKey = options.secretKey ?? newId('sk_test_', 32);
  const requests: RecordedRequest[] = [];
  const intents = new Map<string, StandInIntent>();
  const now = () => Math.floor(Date.now() / 1000) + standIn.clockSkewSeconds;
  const webhooks = new StandInWebhooks(
    options.webhookUrl ?? null,
    options.webhookSecret ?? newWebhookSecret(),
    {
      now,
      session: (id): Stripe.Checkout.Session => checkout.session(id),
    },
  );
  const emit = (type: string, object: EventObject) => webhooks.emit(type, object);
  const cards = new StandInCards(now);
  const subscriptions = new StandInSubscriptions({
    now,
    charge: ({ amount, currency, metadata, sessionId }) => {
      const intent = newIntent({ sessionId, amount, currency, metadata, created: now(), how: 'card' });
      intents.set(intent.id, intent);
      announceIntent(emit, 'payment_intent.succeeded', intent);
      return intent.id;
    },
    emit,
  });
  const schedules = new StandInSchedules(subscriptions, { now, emit });
  const checkout = new StandInCheckoutSessions({ now, cards, subscriptions, intents, webhooks });
  const refunds = new StandInRefunds({
    now,
    intents,
    paid: (sessionId) => checkout.isPaid(sessionId),
    holding: () => standIn.holdRefunds,
    webhooks,
  });
  const api = new StandInApi({
    secretKey,
    sweep: () => checkout.sweep(),
    route: routes({ checkout, refunds, intents, cards, subscriptions, schedules }),
  });

  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const page = /^\/c\/pay\/([^/]+)$/.exec(url.pathname)?.[1];
    if (page) {
      handlePage(req, res, page, checkout).catch((error: unknown) => {
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
    api.handle(req, res, record).catch((error: unknown) => {
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
  const base = `http://${host}:${port}`;
  checkout.pageBase = (options.publicUrl ?? base).replace(/\/+$/, '');
  // Sessions past their time expire by themselves (with their event), as Stripe's do.
  const sweeper = setInterval(() => void checkout.sweep().catch(() => undefined), 1000);
  sweeper.unref();

  const standIn: StripeStandIn = {
    url: base,
    secretKey,
    requests,
    session: (id) => checkout.session(id),
    sessions: () => checkout.all(),
    refunds: () => refunds.all(),
    holdRefunds: false,
    settleRefund: (id, succeeded) => refunds.settle(id, succeeded),
    paymentIntent: (id) => {
      const intent = intents.get(id);
      if (!intent) throw new Error(`no payment intent ${id}`);
      return intentObject(intent, true);
    },
    intentOf: (id) => checkout.intentOf(id),
    patchSession: (id, patch) => checkout.patch(id, patch),
    pay: (id, how = 'card') => checkout.pay(id, how),
    saveCard: (id, card = 'visa') => checkout.saveCard(id, card),
    cards,
    subscriptions,
    schedules,
    renew: (id) => subscriptions.renew(id),
    settle: (id, succeeded) => checkout.settle(id, succeeded),
    expire: (id) => checkout.expire(id),
    clockSkewSeconds: 0,
    failNext: (method, path, error, times = 1) => api.failNext(method, path, error, times),
    webhooks,
    close: () =>
      new Promise<void>((resolve) => {
        clearInterval(sweeper);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return standIn;
}
