import Stripe from 'stripe';
import type { Tx } from '../../../platform/db';
import type { Platform } from '../../../platform/platform';
import { billsToPay, type RecurringTerms } from '../bills-to-pay';
import { findPaymentByRef, insertPayment } from '../payments.repo';
import { notifiedAmount, type ProviderNotification } from '../provider';
import { syncStripeIntent } from './stripe-mirror';
import { paymentOfIntent } from './stripe-mirror.repo';
import { dateOfSeconds, idOf, isMissing, objectOfEvent, readBack } from './stripe-read-back';
import {
  linkIntentToPayment,
  lockSubscriptionMirror,
  type StripeSubscriptionRow,
  upsertSubscriptionMirror,
} from './stripe-subscriptions.repo';

/**
 * Stripe's subscriptions (issue 27 item 2): a plan started from the free plan and paid on Stripe
 * is paid by Checkout in `subscription` mode, and Stripe renews it by itself. Three rules:
 *
 * - the first period is the Checkout Session's payment (settled as every session is); the first
 *   invoice (`subscription_create`) is that same money and grants nothing more;
 * - each renewal invoice (`subscription_cycle`) Stripe reports paid becomes one renewal order of
 *   its own, paid by a payment whose provider reference is the invoice's id: unique, so however
 *   often and in whatever order `invoice.paid` comes, it grants its period once;
 * - every event is only a hint: the invoice and the subscription are read back from Stripe, and
 *   the mirror (`stripe_subscriptions`) takes what Stripe holds.
 */

/** The events about a subscription or its invoices. */
export const SUBSCRIPTION_EVENTS = [
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'customer.subscription.paused',
  'customer.subscription.resumed',
  'invoice.paid',
  'invoice.payment_failed',
  'invoice.finalized',
  'invoice.voided',
] as const;

export const isSubscriptionEvent = (event: Stripe.Event): boolean =>
  (SUBSCRIPTION_EVENTS as readonly string[]).includes(event.type);

/**
 * Stripe's price interval for a plan's period, or null where Stripe cannot renew it (Stripe bills
 * at most every three years): such a plan is paid once, period by period.
 */
export function stripeInterval(
  terms: Pick<RecurringTerms, 'validity' | 'validityUnit'>,
): { interval: 'day' | 'month' | 'year'; interval_count: number } | null {
  const { validity, validityUnit } = terms;
  if (!Number.isInteger(validity) || validity < 1) return null;
  const years =
    validityUnit === 'year' ? validity : validityUnit === 'month' ? validity / 12 : validity / 365;
  if (years > 3) return null;
  return { interval: validityUnit, interval_count: validity };
}

/** What our Checkout sets on a subscription: whose it is and which order started it. */
export function subscriptionMetadata(input: {
  terms: RecurringTerms;
  orderId: string;
  orderNum: string;
}): Stripe.MetadataParam {
  return {
    team_id: input.terms.teamId,
    plan_id: input.terms.planId,
    order_id: input.orderId,
    order_num: input.orderNum,
    ...(input.terms.userId ? { user_id: input.terms.userId } : {}),
  };
}

/** The subscription an invoice belongs to (`parent.subscription_details` since API `2025-03-31.basil`). */
export function subscriptionOfInvoice(invoice: Stripe.Invoice): string | null {
  return idOf(invoice.parent?.subscription_details?.subscription ?? null);
}

/** The PaymentIntent that paid an invoice (`payments` since `basil`), null before it is paid. */
export function intentOfInvoice(invoice: Stripe.Invoice): string | null {
  const paid = invoice.payments?.data.find((payment) => payment.payment.type === 'payment_intent');
  return idOf(paid?.payment.payment_intent ?? null);
}

/**
 * Reads the subscription from Stripe (its latest invoice expanded) and writes the mirror, inside
 * `tx` (locked for this subscription). Null when Stripe has no such subscription.
 */
export async function syncStripeSubscription(
  tx: Tx,
  client: Stripe,
  id: string,
  now = new Date(),
): Promise<StripeSubscriptionRow | null> {
  await lockSubscriptionMirror(tx, id);
  const subscription = await readBack(() =>
    client.subscriptions.retrieve(id, { expand: ['latest_invoice'] }),
  );
  if (!subscription) return null;
  const item = subscription.items.data[0];
  if (!item) return null;
  const invoice = typeof subscription.latest_invoice === 'object' ? subscription.latest_invoice : null;
  const metadata = subscription.metadata ?? {};
  return upsertSubscriptionMirror(tx, {
    id: subscription.id,
    customerId: idOf(subscription.customer) ?? '',
    teamId: metadata.team_id ?? null,
    planId: metadata.plan_id ?? null,
    orderId: metadata.order_id ?? null,
    status: subscription.status,
    amount: item.price.unit_amount ?? 0,
    currency: subscription.currency.toUpperCase(),
    interval: item.price.recurring?.interval ?? 'month',
    intervalCount: item.price.recurring?.interval_count ?? 1,
    currentPeriodStart: new Date(item.current_period_start * 1000),
    currentPeriodEnd: new Date(item.current_period_end * 1000),
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    cancelAt: dateOfSeconds(subscription.cancel_at),
    canceledAt: dateOfSeconds(subscription.canceled_at),
    endedAt: dateOfSeconds(subscription.ended_at),
    defaultPaymentMethod: idOf(subscription.default_payment_method),
    latestInvoiceId: invoice?.id ?? idOf(subscription.latest_invoice),
    latestInvoiceNumber: invoice?.number ?? null,
    latestInvoiceStatus: invoice?.status ?? null,
    latestInvoiceAmountDue: invoice?.amount_due ?? null,
    latestInvoiceAmountPaid: invoice?.amount_paid ?? null,
    latestInvoiceUrl: invoice?.hosted_invoice_url ?? null,
    pendingUpdate: subscription.pending_update ? { ...subscription.pending_update } : null,
    scheduleId: idOf(subscription.schedule),
    stripeCreatedAt: new Date(subscription.created * 1000),
    syncedAt: now,
  });
}

/**
 * The payment a renewal invoice pays: made with its renewal order and bill the first time the
 * invoice is seen, found again after, under the team's plan lock (so ten `invoice.paid` at once
 * make one). Null when nothing of ours can take it (the first order is gone).
 */
async function renewalPayment(
  platform: Platform,
  invoice: Stripe.Invoice,
  mirror: StripeSubscriptionRow,
): Promise<{ paymentId: string; made: { orderId: string; orderNum: string } | null } | null> {
  const teamId = mirror.teamId;
  const firstOrderId = mirror.orderId;
  if (!teamId || !firstOrderId) return null;
  const bills = billsToPay(platform);
  return platform.db.transaction(async (tx) => {
    await bills.lockTeam(tx, teamId);
    const known = await findPaymentByRef(tx, 'stripe', invoice.id);
    if (known) return { paymentId: known.id, made: null };
    const bill = await bills.openRenewal(tx, {
      teamId,
      firstOrderId,
      amount: invoice.amount_paid,
      currency: invoice.currency.toUpperCase(),
      now: new Date(),
    });
    if (!bill) return null;
    const paymentId = crypto.randomUUID();
    await insertPayment(tx, {
      id: paymentId,
      billId: bill.id,
      orderId: bill.orderId,
      teamId,
      provider: 'stripe',
      providerRef: invoice.id,
      amount: bill.amount,
      currency: bill.currency,
    });
    return { paymentId, made: { orderId: bill.orderId, orderNum: bill.orderNum } };
  });
}

/**
 * A verified event about a subscription or one of its invoices, as a notification for the one
 * handler: a paid renewal invoice is a capture of its renewal order's payment (the invoice read
 * back: `status` paid, `billing_reason` `subscription_cycle`); anything else updates the mirror
 * and settles nothing.
 */
export async function subscriptionNotification(
  platform: Platform,
  client: Stripe,
  event: Stripe.Event,
): Promise<ProviderNotification> {
  const { kind, id: objectId } = objectOfEvent(event);
  const nothing = (payload: Record<string, unknown>): ProviderNotification => ({
    eventId: event.id,
    action: 'not_supported',
    providerRef: objectId,
    amount: null,
    currency: null,
    payload: { event: { id: event.id, type: event.type }, ...payload },
  });
  if (kind === 'subscription') {
    const row = await platform.db.transaction((tx) => syncStripeSubscription(tx, client, objectId));
    return nothing({
      subscription: row ? { status: row.status, cancel_at_period_end: row.cancelAtPeriodEnd } : null,
    });
  }
  if (kind !== 'invoice') return nothing({});
  const invoice = await readBack(() => client.invoices.retrieve(objectId));
  if (!invoice) return nothing({ invoice: null });
  const subscriptionId = subscriptionOfInvoice(invoice);
  const mirror = subscriptionId
    ? await platform.db.transaction((tx) => syncStripeSubscription(tx, client, subscriptionId))
    : null;
  const read = {
    invoice: {
      id: invoice.id,
      status: invoice.status,
      billing_reason: invoice.billing_reason,
      amount_paid: invoice.amount_paid,
      currency: invoice.currency,
      subscription: subscriptionId,
    },
  };
  // What settles nothing, and what captures the payment the invoice pays: both under the invoice.
  const unsettled: ProviderNotification = { ...nothing(read), providerRef: invoice.id };
  const captured: ProviderNotification = {
    eventId: event.id,
    action: 'captured',
    providerRef: invoice.id,
    amount: notifiedAmount(invoice.amount_paid),
    currency: invoice.currency,
    payload: { event: { id: event.id, type: event.type }, ...read },
  };
  // An upgrade's invoice pays the payment started with it (stripe-plan-change.ts), known by its id;
  // one not known yet (its notice ahead of the payment's row) is settled by the start itself.
  if (invoice.status === 'paid' && invoice.billing_reason === 'subscription_update') {
    const known = await findPaymentByRef(platform.db, 'stripe', invoice.id);
    return known ? captured : unsettled;
  }
  // A phase Stripe charges nothing for (a downgrade's period, paid to us already) renews nothing.
  const renews =
    invoice.status === 'paid' && invoice.billing_reason === 'subscription_cycle' && invoice.amount_paid > 0;
  if (!renews || !mirror) return unsettled;
  const renewal = await renewalPayment(platform, invoice, mirror);
  if (!renewal) return unsettled;
  if (renewal.made && mirror.teamId) {
    await linkInvoiceIntent(platform, client, invoice, {
      paymentId: renewal.paymentId,
      ...renewal.made,
      teamId: mirror.teamId,
    });
  }
  return captured;
}

/**
 * The intent that paid an invoice, mirrored and named as our payment's: Stripe gives an invoice's
 * intent none of our metadata, so `/admin/stripe/payment-indent` would not know the order.
 */
async function linkInvoiceIntent(
  platform: Platform,
  client: Stripe,
  invoice: Stripe.Invoice,
  ours: { paymentId: string; orderId: string; orderNum: string; teamId: string },
): Promise<void> {
  const intentId = intentOfInvoice(invoice);
  if (!intentId) return;
  try {
    await platform.db.transaction(async (tx) => {
      if (await syncStripeIntent(tx, client, intentId)) await linkIntentToPayment(tx, intentId, ours);
    });
  } catch (error) {
    // A restricted key that may not read intents: the mirror goes without it, the payment does not.
    if (!(error instanceof Stripe.errors.StripePermissionError)) throw error;
  }
}

/**
 * A paid Checkout Session in `subscription` mode: its subscription mirrored (renewals find their
 * team by it) and the first invoice's intent named as the session's payment.
 */
export async function mirrorSubscriptionSession(
  platform: Platform,
  client: Stripe,
  session: Stripe.Checkout.Session,
): Promise<void> {
  const subscriptionId = idOf(session.subscription);
  if (session.mode !== 'subscription' || !subscriptionId) return;
  const row = await platform.db.transaction((tx) => syncStripeSubscription(tx, client, subscriptionId));
  await adoptRenewalCard(client, row);
  const invoiceId = idOf(session.invoice);
  const metadata = session.metadata ?? {};
  const payment = metadata.payment_id ? await paymentOfIntent(platform.db, metadata.payment_id) : null;
  if (!invoiceId || !payment || !metadata.order_id) return;
  await linkInvoiceIntent(platform, client, await client.invoices.retrieve(invoiceId), {
    paymentId: payment.id,
    orderId: metadata.order_id,
    orderNum: metadata.order_num ?? '',
    teamId: payment.teamId,
  });
}

/**
 * The card Checkout kept to pay a subscription becomes its customer's default when there is none
 * (as the first card saved on `/account/wallet/payment-method` does): the page then shows the card
 * paying the renewals as the default, and a later subscription or invoice has a card.
 */
async function adoptRenewalCard(client: Stripe, row: StripeSubscriptionRow | null): Promise<void> {
  if (!row?.defaultPaymentMethod || !row.customerId) return;
  const customer = await client.customers.retrieve(row.customerId);
  if (customer.deleted || customer.invoice_settings?.default_payment_method) return;
  await client.customers.update(
    row.customerId,
    { invoice_settings: { default_payment_method: row.defaultPaymentMethod } },
    { idempotencyKey: `adopt-card:${row.id}:${row.defaultPaymentMethod}` },
  );
}

/** The subscription one of our references belongs to: a renewal invoice's, or what a session started. */
export async function subscriptionOfReference(client: Stripe, reference: string): Promise<string | null> {
  if (reference.startsWith('in_')) {
    const invoice = await readBack(() => client.invoices.retrieve(reference));
    return invoice ? subscriptionOfInvoice(invoice) : null;
  }
  const session = await readBack(() => client.checkout.sessions.retrieve(reference));
  return session?.mode === 'subscription' ? idOf(session.subscription) : null;
}

/**
 * Cancels a subscription at once, without a credit (what was paid is refunded by its own refund),
 * idempotently: one already ended is left as it is.
 */
export async function endSubscription(client: Stripe, subscriptionId: string): Promise<void> {
  const held = await client.subscriptions.retrieve(subscriptionId);
  if (held.status === 'canceled' || held.status === 'incomplete_expired') return;
  try {
    await client.subscriptions.cancel(subscriptionId, { prorate: false });
  } catch (error) {
    // Ended meanwhile (another notice's release): nothing more to do.
    if (isMissing(error)) return;
    throw error;
  }
}
