import Stripe from 'stripe';
import type { Db, Tx } from '../../../platform/db';
import { lockIntent, paymentOfIntent, type StripeIntentRow, upsertIntent } from './stripe-mirror.repo';

/**
 * The mirror of Stripe's PaymentIntents (`stripe_payment_intents`, `/admin/stripe/payment-indent`).
 * A verified event about an intent, its charge or a refund of it only names the intent: the intent
 * is read back from Stripe (its latest charge expanded, for the card and what was refunded) and
 * the mirror takes what Stripe holds, one reader at a time, so the order events arrive in, and
 * replays, do not matter. It settles nothing: payments follow their Checkout Sessions.
 */

/** The events whose object names an intent: the intent itself, its charge, a refund of it. */
export function intentOfEvent(event: Stripe.Event): string | null {
  const object = event.data?.object as
    | { object?: unknown; id?: unknown; payment_intent?: unknown }
    | undefined;
  if (!object) return null;
  if (object.object === 'payment_intent') return typeof object.id === 'string' ? object.id : null;
  if (object.object === 'charge' || object.object === 'refund') {
    const intent = object.payment_intent;
    if (typeof intent === 'string') return intent;
    if (intent && typeof intent === 'object' && typeof (intent as { id?: unknown }).id === 'string')
      return (intent as { id: string }).id;
  }
  return null;
}

const isMissing = (error: unknown) =>
  error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing';

/** The permission a restricted key needs to read an intent back (Stripe's 403 names it). */
export const INTENT_READ_PERMISSION = 'rak_payment_intent_read';

/** What an intent said when read: kept with the event in the notifications log. */
export interface SyncedState {
  status: string;
  amount_received: number;
  amount_refunded: number;
}

export const syncedStateOf = (row: StripeIntentRow): SyncedState => ({
  status: row.status,
  amount_received: row.amountReceived,
  amount_refunded: row.amountRefunded,
});

/**
 * Reads the intent from Stripe and writes the mirror, inside `tx` (locked for this intent). Null
 * when Stripe has no such intent (another account's, or never made): nothing is written.
 * Stripe out of reach throws: a webhook is then answered 500 and sent again.
 */
export async function syncStripeIntent(
  tx: Tx,
  client: Stripe,
  intentId: string,
  now = new Date(),
): Promise<StripeIntentRow | null> {
  await lockIntent(tx, intentId);
  let intent: Stripe.PaymentIntent;
  try {
    intent = await client.paymentIntents.retrieve(intentId, { expand: ['latest_charge'] });
  } catch (error) {
    if (isMissing(error)) return null;
    throw error;
  }
  return writeIntent(tx, intent, now);
}

/** An intent as Stripe answered it (its latest charge expanded) written into the mirror, under its lock. */
async function writeIntent(tx: Tx, intent: Stripe.PaymentIntent, now: Date): Promise<StripeIntentRow> {
  const charge = typeof intent.latest_charge === 'object' ? intent.latest_charge : null;
  const card = charge?.payment_method_details?.card ?? null;
  const metadata = intent.metadata ?? {};
  const paymentId = metadata.payment_id ?? null;
  const payment = paymentId ? await paymentOfIntent(tx, paymentId) : null;
  return upsertIntent(tx, {
    id: intent.id,
    paymentId: payment?.id ?? paymentId,
    orderId: metadata.order_id ?? null,
    orderNum: metadata.order_num ?? null,
    teamId: payment?.teamId ?? null,
    amount: intent.amount,
    amountReceived: intent.amount_received,
    amountRefunded: charge?.amount_refunded ?? 0,
    currency: intent.currency.toUpperCase(),
    status: intent.status,
    cardBrand: card?.brand ?? null,
    cardLast4: card?.last4 ?? null,
    failureCode: intent.last_payment_error?.code ?? intent.last_payment_error?.decline_code ?? null,
    failureMessage: intent.last_payment_error?.message?.slice(0, 500) ?? null,
    stripeCreatedAt: new Date(intent.created * 1000),
    syncedAt: now,
  });
}

/**
 * A verified Stripe event that is not a Checkout Session's: when it names an intent, the mirror is
 * brought up to date and the event is logged under our payment's reference (its session), so it
 * shows with the payment's other events; an intent not ours stays under its own id. Null when the
 * event names no intent.
 */
export async function mirrorStripeEvent(
  db: Db,
  client: Stripe,
  event: Stripe.Event,
): Promise<{ providerRef: string; payload: Record<string, unknown>; missingPermission?: string } | null> {
  const intentId = intentOfEvent(event);
  if (!intentId) return null;
  return mirrorStripeIntent(db, client, intentId, event);
}

/**
 * The intent `event` is about (named by the event, or by the object it names as read back from
 * Stripe) brought up to date in the mirror; answers the reference to log the event under (see
 * `mirrorStripeEvent`) and what the intent then said. A restricted key that may not read intents
 * leaves the mirror as it was and says so (`missingPermission`): the notice is then acknowledged
 * and logged naming the permission, since Stripe's retries would be refused the same way forever.
 */
export async function mirrorStripeIntent(
  db: Db,
  client: Stripe,
  intentId: string,
  event: Pick<Stripe.Event, 'id' | 'type'>,
): Promise<{ providerRef: string; payload: Record<string, unknown>; missingPermission?: string }> {
  let row: StripeIntentRow | null;
  try {
    row = await db.transaction((tx) => syncStripeIntent(tx, client, intentId));
  } catch (error) {
    if (!(error instanceof Stripe.errors.StripePermissionError)) throw error;
    return {
      providerRef: intentId,
      payload: {
        event: { id: event.id, type: event.type },
        payment_intent: intentId,
        synced: null,
        missing_permission: INTENT_READ_PERMISSION,
      },
      missingPermission: INTENT_READ_PERMISSION,
    };
  }
  const payment = row?.paymentId ? await paymentOfIntent(db, row.paymentId) : null;
  return {
    providerRef: payment?.providerRef ?? intentId,
    payload: {
      event: { id: event.id, type: event.type },
      payment_intent: intentId,
      synced: row ? syncedStateOf(row) : null,
    },
  };
}

/** Intents asked of Stripe per page, and pages per backfill: 1,000 intents at most per refresh. */
export const BACKFILL_PAGE_SIZE = 100;
export const BACKFILL_PAGES = 10;

/**
 * The backfill: Stripe's intents listed newest first (their latest charges expanded), page after
 * page up to `BACKFILL_PAGES`, each written into the mirror as listed, one intent's lock at a time
 * inside `tx`. Answers how many were written and whether Stripe has older ones past the bound. An
 * event read back meanwhile (it waits on the intent's lock) writes what Stripe then holds.
 */
export async function backfillStripeIntents(
  tx: Tx,
  client: Stripe,
  { now = new Date(), pageSize = BACKFILL_PAGE_SIZE, pages = BACKFILL_PAGES } = {},
): Promise<{ synced: number; more: boolean }> {
  let synced = 0;
  let after: string | undefined;
  for (let page = 0; page < pages; page += 1) {
    const list = await client.paymentIntents.list({
      limit: pageSize,
      expand: ['data.latest_charge'],
      ...(after ? { starting_after: after } : {}),
    });
    for (const intent of list.data) {
      await lockIntent(tx, intent.id);
      await writeIntent(tx, intent, now);
      synced += 1;
    }
    after = list.data.at(-1)?.id;
    if (!list.has_more || !after) return { synced, more: false };
  }
  return { synced, more: true };
}
