import { CURRENCIES_NOT_IN_CENTS } from '@app/contract/billing/money';
import { seededText } from '@app/contract/i18n/seeded-texts';
import Stripe from 'stripe';
import { AppError, validationError } from '../../../platform/app-error';
import type { Platform } from '../../../platform/platform';
import { readForeignKey } from '../../foreign-keys/foreign-keys.service';
import { configuredStripe, isStripeTestKey, stripeClient } from '../../foreign-keys/stripe-api';
import {
  type Initiated,
  type InitiateInput,
  InvalidNotification,
  notifiedAmount,
  type PaymentAction,
  type PaymentProvider,
  type ProviderNotification,
  type RawNotification,
  RefundRefused,
  type RefundResult,
  type TradeState,
} from '../provider';
import { teamStripeCustomer } from './stripe-customer';
import { mirrorStripeEvent } from './stripe-mirror';
import { initiateStripeUpgrade, updateInvoiceState } from './stripe-plan-change';
import { isRefundEvent, refundNoOf, refundNotification } from './stripe-refund-events';
import { isScheduleEvent, scheduleNotification } from './stripe-schedules';
import { STRIPE_SIGNATURE_HEADER, verifyStripeWebhook } from './stripe-signature';
import {
  endSubscription,
  intentOfInvoice,
  isSubscriptionEvent,
  mirrorSubscriptionSession,
  stripeInterval,
  subscriptionMetadata,
  subscriptionNotification,
  subscriptionOfReference,
} from './stripe-subscriptions';

/**
 * Stripe's hosted Checkout for one-off payments (`mode: 'payment'`): plans and credit packs paid
 * as a bill, each payment its own Checkout Session. The session's id is the payment's provider
 * reference. Webhooks are only a hint: each one is verified, then the session is read back from
 * Stripe and what Stripe holds is what the shared handler applies (so a replayed, reordered or
 * forged-but-signed event changes nothing the session does not say). A plan started from the
 * free plan is paid in `subscription` mode instead, and Stripe renews it (stripe-subscriptions.ts):
 * its first period is the session's payment, each renewal invoice a payment of its own.
 */

/**
 * Stripe takes a Checkout Session's `expires_at` only 30 minutes to 24 hours after the session is
 * made, and our bills live 30 minutes from the order, so the session usually cannot end with its
 * bill: it is given the bill's expiry when Stripe allows it, else the earliest Stripe allows (a
 * minute over the 30, for the difference between Stripe's clock and ours), else the latest. A
 * payment Stripe takes after the bill expired is refused by the handler (`refused_expired`) and
 * given back at once (payments.service), never kept without what it paid for.
 */
export const CHECKOUT_MIN_SECONDS = 30 * 60 + 60;
export const CHECKOUT_MAX_SECONDS = 24 * 60 * 60 - 60;

export function checkoutExpiry(billExpiresAt: number, nowSeconds: number): number {
  return Math.min(
    Math.max(billExpiresAt, nowSeconds + CHECKOUT_MIN_SECONDS),
    nowSeconds + CHECKOUT_MAX_SECONDS,
  );
}

/** Stripe's hosted pages in the reader's language. */
export const STRIPE_LOCALES: Record<string, Stripe.Checkout.SessionCreateParams.Locale> = {
  en_US: 'en',
  zh_CN: 'zh',
  zh_HK: 'zh-HK',
  fr_FR: 'fr',
};

/** The events that concern a Checkout Session's payment; any other is acknowledged and ignored. */
export const CHECKOUT_EVENTS = [
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'checkout.session.expired',
] as const;

/**
 * What a session's state means for its bill, read from the session Stripe holds (not from the
 * event): paid is the only state that pays, whatever the event's name; an expired session ends
 * the attempt; a failed delayed payment fails it; anything else (a session still open, a delayed
 * payment still processing) is nothing yet.
 */
export function actionOfSession(eventType: string, session: Stripe.Checkout.Session): PaymentAction {
  if (session.mode !== 'payment' && session.mode !== 'subscription') return 'not_supported';
  if (session.payment_status === 'paid') return 'captured';
  if (session.status === 'expired') return 'canceled';
  if (eventType === 'checkout.session.async_payment_failed') return 'failed';
  return 'not_supported';
}

const isMissing = (error: unknown) =>
  error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing';

/** Stripe out of reach or failing while a customer waits: said as such, never a stack trace. */
function unreachable(error: unknown): never {
  if (error instanceof AppError) throw error;
  if (error instanceof Stripe.errors.StripeError) {
    throw new AppError('SERVER_ERROR', { msg: 'The payment provider could not be reached: try again' });
  }
  throw error;
}

export function stripeProvider(platform: Platform): PaymentProvider {
  const keys = async () => configuredStripe(await readForeignKey(platform, 'stripe'));
  const mustHaveKeys = async () => {
    const values = await keys();
    if (!values) throw validationError({ method: 'This payment method is not available' });
    return values;
  };

  return {
    method: 'stripe',
    name: 'Stripe',
    // The keys say it (`configured`): a test key moves no money.
    testMode: false,
    flow: 'redirect',
    // Issue 27 item 6: outside `cn` Stripe takes the payment page; in `cn` the mobile providers do.
    availableIn: (location) => location !== 'cn',
    async configured() {
      const values = await keys();
      return values ? { testMode: isStripeTestKey(values.secret_key ?? '') } : null;
    },

    async initiate(input: InitiateInput): Promise<Initiated> {
      const values = await mustHaveKeys();
      const currency = input.currency.toUpperCase();
      if (CURRENCIES_NOT_IN_CENTS.has(currency)) {
        throw validationError({ method: 'Stripe cannot take a bill in this currency' });
      }
      const base = platform.config.publicUrl.replace(/\/+$/, '');
      const order = encodeURIComponent(input.orderId);
      const ids = {
        payment_id: input.paymentId,
        bill_id: input.billId,
        order_id: input.orderId,
        order_num: input.orderNum,
      };
      const locale = STRIPE_LOCALES[input.ctx.locale];
      const client = stripeClient(values);
      const name = `${seededText(input.planName, input.ctx.t)} (${input.orderNum})`;
      // A plan started from the free plan renews by itself on Stripe, on the team's customer (so
      // the card Checkout keeps is the one the saved-cards page shows); anything else is paid once.
      const interval = input.recurring ? stripeInterval(input.recurring) : null;
      let session: Stripe.Checkout.Session;
      try {
        // An upgrade of the plan Stripe renews changes that subscription (stripe-plan-change.ts).
        const changed = input.upgrade
          ? await initiateStripeUpgrade(platform, client, {
              paymentId: input.paymentId,
              billId: input.billId,
              orderId: input.orderId,
              orderNum: input.orderNum,
              amount: input.amount,
              currency,
              productName: name,
              upgrade: input.upgrade,
              resultUrl: `${base}/payment/result?order_id=${order}`,
            })
          : null;
        if (changed) return changed;
        const recurring =
          input.recurring && interval
            ? {
                mode: 'subscription' as const,
                customer: await teamStripeCustomer(platform, client, {
                  id: input.recurring.teamId,
                  name: input.ctx.team?.name ?? input.recurring.teamId,
                  email: input.ctx.user?.email ?? null,
                }),
                subscription_data: {
                  metadata: subscriptionMetadata({
                    terms: input.recurring,
                    orderId: input.orderId,
                    orderNum: input.orderNum,
                  }),
                },
              }
            : null;
        session = await client.checkout.sessions.create(
          {
            ...(recurring ?? { mode: 'payment' as const, payment_intent_data: { metadata: ids } }),
            line_items: [
              {
                quantity: 1,
                price_data: {
                  currency: currency.toLowerCase(),
                  unit_amount: input.amount,
                  product_data: { name },
                  ...(recurring && interval ? { recurring: interval } : {}),
                },
              },
            ],
            success_url: `${base}/payment/result?order_id=${order}`,
            cancel_url: `${base}/payment?bill_id=${encodeURIComponent(input.billId)}&order_id=${order}`,
            expires_at: checkoutExpiry(input.expiresAt, Math.floor(Date.now() / 1000)),
            client_reference_id: input.paymentId,
            metadata: ids,
            ...(locale ? { locale } : {}),
          },
          // One payment, one session: a retried create (a lost answer) answers the same session.
          { idempotencyKey: `checkout-session:${input.paymentId}` },
        );
      } catch (error) {
        unreachable(error);
      }
      if (!session.url)
        throw new AppError('SERVER_ERROR', { msg: 'The payment provider gave no page to pay on' });
      return { providerRef: session.id, next: { kind: 'redirect', url: session.url } };
    },

    async parseNotification(raw: RawNotification): Promise<ProviderNotification> {
      const values = await keys();
      if (!values) throw new InvalidNotification('Stripe is not configured');
      const event = verifyStripeWebhook(raw.rawBytes, raw.headers[STRIPE_SIGNATURE_HEADER], [
        values.webhook_secret ?? '',
        values.webhook_secret_previous ?? '',
      ]);
      const object = event.data?.object as { id?: unknown; object?: unknown } | undefined;
      const objectId = typeof object?.id === 'string' ? object.id : '';
      const ignored = { eventId: event.id, action: 'not_supported' as const, providerRef: objectId };
      // A refund's news: the refund read back, our number from it (stripe-refund-events.ts).
      if (isRefundEvent(event)) return refundNotification(platform.db, stripeClient(values), event);
      // A subscription's or its invoice's: a paid renewal is a capture of its own order's payment.
      if (isSubscriptionEvent(event)) return subscriptionNotification(platform, stripeClient(values), event);
      // A schedule's: its mirror is kept (`/admin/stripe/schedule`), nothing is settled.
      if (isScheduleEvent(event)) return scheduleNotification(platform, stripeClient(values), event);
      if (
        !(CHECKOUT_EVENTS as readonly string[]).includes(event.type) ||
        object?.object !== 'checkout.session'
      ) {
        // An intent's, its charge's or its refund's: the mirror is updated, nothing is settled.
        const mirrored = await mirrorStripeEvent(platform.db, stripeClient(values), event);
        if (mirrored) return { ...ignored, ...mirrored, amount: null, currency: null };
        return { ...ignored, amount: null, currency: null, payload: { event: event.type } };
      }
      let session: Stripe.Checkout.Session;
      try {
        session = await stripeClient(values).checkout.sessions.retrieve(objectId);
      } catch (error) {
        // A session this account does not have: no payment of ours either (logged as unknown).
        if (isMissing(error)) {
          return { ...ignored, amount: null, currency: null, payload: { event, session: null } };
        }
        // Stripe out of reach: the notice is answered 500 and Stripe sends it again later.
        throw error;
      }
      const action = actionOfSession(event.type, session);
      // The subscription the session started is mirrored at once: renewals find their team by it,
      // whether or not the endpoint receives `customer.subscription.*`.
      if (session.payment_status === 'paid')
        await mirrorSubscriptionSession(platform, stripeClient(values), session);
      return {
        eventId: event.id,
        action,
        providerRef: session.id,
        amount: notifiedAmount(session.amount_total),
        currency: session.currency,
        // The event as received, and what Stripe said of the session when it was read back.
        payload: {
          event,
          session: {
            id: session.id,
            status: session.status,
            payment_status: session.payment_status,
            amount_total: session.amount_total,
            currency: session.currency,
            payment_intent: typeof session.payment_intent === 'string' ? session.payment_intent : null,
            client_reference_id: session.client_reference_id,
          },
        },
      };
    },

    async refund({ providerRef, amount, idempotencyKey }) {
      const values = await mustHaveKeys();
      const client = stripeClient(values);
      const intent = await intentOfSession(client, providerRef);
      if (!intent) throw new Error(`Stripe session ${providerRef} has no payment to refund`);
      try {
        // Our number rides on the refund: Stripe's refund events are read back to it.
        const refund = await client.refunds.create(
          { payment_intent: intent, amount, metadata: { session: providerRef, refund_no: idempotencyKey } },
          { idempotencyKey },
        );
        return stripeRefundResult(refund);
      } catch (error) {
        // A 4xx is Stripe's answer (already refunded, more than is left); anything else is retried.
        if (error instanceof Stripe.errors.StripeInvalidRequestError) throw new RefundRefused(error.message);
        throw error;
      }
    },

    async query(providerRef) {
      const client = stripeClient(await mustHaveKeys());
      try {
        if (isInvoiceRef(providerRef)) return invoiceState(await client.invoices.retrieve(providerRef));
        return sessionState(await client.checkout.sessions.retrieve(providerRef));
      } catch (error) {
        if (isMissing(error)) return { state: 'missing', amount: null, currency: null };
        throw error;
      }
    },

    async close(providerRef) {
      const client = stripeClient(await mustHaveKeys());
      try {
        // A renewal invoice was charged by Stripe itself: there is nothing of ours to close. An
        // upgrade's invoice left open (a declined card) is voided, which drops its pending change.
        if (isInvoiceRef(providerRef)) {
          const invoice = await client.invoices.retrieve(providerRef);
          if (invoice.status === 'open' && invoice.billing_reason === 'subscription_update')
            return updateInvoiceState(await client.invoices.voidInvoice(providerRef));
          return invoiceState(invoice);
        }
        return sessionState(await client.checkout.sessions.expire(providerRef));
      } catch (error) {
        if (isMissing(error)) return { state: 'missing', amount: null, currency: null };
        // Only an open session can be expired: a completed one says what it holds.
        if (error instanceof Stripe.errors.StripeInvalidRequestError)
          return sessionState(await client.checkout.sessions.retrieve(providerRef));
        throw error;
      }
    },

    async release(providerRef) {
      const client = stripeClient(await mustHaveKeys());
      const subscriptionId = await subscriptionOfReference(client, providerRef);
      if (subscriptionId) await endSubscription(client, subscriptionId);
    },

    async queryRefund({ providerRef, refundNo, refundRef }) {
      const client = stripeClient(await mustHaveKeys());
      if (refundRef) return stripeRefundResult(await client.refunds.retrieve(refundRef));
      // Its id not known yet (the create's answer lost, or not back yet when its event came): the
      // payment's refunds are looked through for our number. None: never made (the create failed).
      const intent = await intentOfSession(client, providerRef);
      if (!intent) return { state: 'missing', refundRef: null };
      const page = await client.refunds.list({ payment_intent: intent, limit: 100 });
      const refund = page.data.find((candidate) => refundNoOf(candidate) === refundNo);
      return refund ? stripeRefundResult(refund) : { state: 'missing', refundRef: null };
    },
  };
}

/**
 * The PaymentIntent behind one of our references (null until it is paid): a Checkout Session's own
 * (`payment` mode), its first invoice's (`subscription` mode), or a renewal invoice's (`in_…`).
 */
async function intentOfSession(client: Stripe, reference: string): Promise<string | null> {
  if (isInvoiceRef(reference)) return intentOfInvoice(await client.invoices.retrieve(reference));
  const session = await client.checkout.sessions.retrieve(reference);
  if (session.payment_intent)
    return typeof session.payment_intent === 'string' ? session.payment_intent : session.payment_intent.id;
  const invoice = typeof session.invoice === 'string' ? session.invoice : (session.invoice?.id ?? null);
  return invoice ? intentOfInvoice(await client.invoices.retrieve(invoice)) : null;
}

/**
 * A renewal's or an upgrade's payment is referenced by its invoice (`in_…`), every other by its
 * Checkout Session.
 */
const isInvoiceRef = (reference: string) => reference.startsWith('in_');

/** A renewal invoice as a trade: paid once Stripe says so; void or uncollectible closes it. */
function invoiceState(invoice: Stripe.Invoice): TradeState {
  if (invoice.status === 'paid')
    return {
      state: 'paid',
      amount: notifiedAmount(invoice.amount_paid),
      currency: invoice.currency.toUpperCase(),
    };
  const closed = invoice.status === 'void' || invoice.status === 'uncollectible';
  return { state: closed ? 'closed' : 'open', amount: null, currency: null };
}

/**
 * Stripe's refund states: `succeeded`; `pending` and `requires_action` (a bank or a customer has
 * yet to act) still pending; `failed` and `canceled` gave nothing back.
 */
function stripeRefundResult(refund: Stripe.Refund): RefundResult {
  const state =
    refund.status === 'succeeded'
      ? 'succeeded'
      : refund.status === 'failed' || refund.status === 'canceled'
        ? 'failed'
        : 'pending';
  return { state, refundRef: refund.id, failure: refund.failure_reason ?? null };
}

/**
 * A Checkout session as a trade: paid once `payment_status` is `paid` (a completed session whose
 * bank transfer is still due is not), closed once expired, open otherwise.
 */
function sessionState(session: Stripe.Checkout.Session): TradeState {
  if (session.payment_status === 'paid')
    return {
      state: 'paid',
      amount: notifiedAmount(session.amount_total),
      currency: session.currency ? session.currency.toUpperCase() : null,
    };
  return { state: session.status === 'expired' ? 'closed' : 'open', amount: null, currency: null };
}
