import Stripe from 'stripe';
import type { Db } from '../../../platform/db';
import type { ProviderNotification } from '../provider';
import { mirrorStripeIntent } from './stripe-mirror';

/**
 * Stripe's news of a refund: `refund.created`, `refund.updated`, `refund.failed` (object `refund`)
 * and `charge.refunded` (object `charge`). As every Stripe event, only a hint: the refund is read
 * back from Stripe (a charge's refunds listed), and our refund number is what the refund Stripe
 * holds carries in `metadata.refund_no` (our `refund` sets it), never what the event body says.
 * The notice then asks billing to settle that refund at once (`refund_update`), which asks Stripe
 * for its state again: a forged or stale body settles nothing. The intent's mirror is brought up
 * to date on the way, as for any event about an intent.
 */

export const REFUND_EVENTS = [
  'refund.created',
  'refund.updated',
  'refund.failed',
  'charge.refunded',
] as const;

/** A refund's event about a refund, or `charge.refunded` about a charge. */
export function isRefundEvent(event: Stripe.Event): boolean {
  const object = (event.data?.object as { object?: unknown } | undefined)?.object;
  if (event.type === 'charge.refunded') return object === 'charge';
  return (REFUND_EVENTS as readonly string[]).includes(event.type) && object === 'refund';
}

/** A charge's refunds asked of Stripe: the newest 100 (a charge is refunded a few times at most). */
const REFUNDS_OF_A_CHARGE = 100;

/** The permission a restricted key needs to read a refund back (Stripe's 403 names it). */
export const REFUND_READ_PERMISSION = 'rak_refund_read';

const isMissing = (error: unknown) =>
  error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing';

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null);

/**
 * The refunds the event names, as Stripe holds them (none when Stripe has no such object), or the
 * permission the key lacks to read them: a restricted key's 403 comes again on every redelivery.
 */
async function refundsOfEvent(
  client: Stripe,
  event: Stripe.Event,
  objectId: string,
): Promise<Stripe.Refund[] | { missingPermission: string }> {
  try {
    if (event.type === 'charge.refunded') {
      const page = await client.refunds.list({ charge: objectId, limit: REFUNDS_OF_A_CHARGE });
      return page.data;
    }
    return [await client.refunds.retrieve(objectId)];
  } catch (error) {
    if (isMissing(error)) return [];
    if (error instanceof Stripe.errors.StripePermissionError)
      return { missingPermission: REFUND_READ_PERMISSION };
    // Stripe out of reach: the notice is answered 500 and Stripe sends it again later.
    throw error;
  }
}

/** Our refund number a refund Stripe holds carries, if it is one of ours. */
export function refundNoOf(refund: Stripe.Refund): string | null {
  const value = refund.metadata?.refund_no;
  return typeof value === 'string' && value.length > 0 ? value : null;
}

/**
 * A verified refund event read back from Stripe: `refund_update` with our refund numbers when the
 * refunds are ours (logged under our payment's Checkout Session), `not_supported` otherwise.
 */
export async function refundNotification(
  db: Db,
  client: Stripe,
  event: Stripe.Event,
): Promise<ProviderNotification> {
  const objectId = String((event.data.object as { id?: unknown }).id ?? '');
  const refunds = await refundsOfEvent(client, event, objectId);
  if (!Array.isArray(refunds)) {
    // Acknowledged and logged naming the permission; the refund settles by reconciliation once the
    // key may read it. The signed event's own session (ours, on our refunds) files the log under
    // its payment: it only says where the line shows, never what the refund's state is.
    const named = (event.data.object as { metadata?: Record<string, unknown> | null }).metadata?.session;
    return {
      eventId: event.id,
      action: 'not_supported',
      providerRef: typeof named === 'string' && named.length > 0 ? named : objectId,
      amount: null,
      currency: null,
      payload: { event: { id: event.id, type: event.type }, missing_permission: refunds.missingPermission },
      missingPermission: refunds.missingPermission,
    };
  }
  const intentId = refunds.map((refund) => idOf(refund.payment_intent)).find((id) => id !== null) ?? null;
  const mirrored = intentId ? await mirrorStripeIntent(db, client, intentId, event) : null;
  const numbers = [...new Set(refunds.map(refundNoOf).filter((no): no is string => no !== null))];
  const payload = {
    ...(mirrored?.payload ?? { event: { id: event.id, type: event.type } }),
    refunds: refunds.map((refund) => ({
      id: refund.id,
      status: refund.status,
      amount: refund.amount,
      refund_no: refundNoOf(refund),
    })),
  };
  const base = { eventId: event.id, amount: null, currency: null, payload };
  if (!mirrored || numbers.length === 0)
    return {
      ...base,
      action: 'not_supported',
      providerRef: mirrored?.providerRef ?? objectId,
      ...(mirrored?.missingPermission ? { missingPermission: mirrored.missingPermission } : {}),
    };
  // An intent the key may not read names no payment: our refund names its Checkout Session
  // (`metadata.session`), so the refund still settles at once.
  const session = refunds.map((refund) => refund.metadata?.session).find((ref) => typeof ref === 'string');
  return {
    ...base,
    action: 'refund_update',
    providerRef: mirrored.missingPermission && session ? session : mirrored.providerRef,
    refundNo: numbers[0],
    refundNos: numbers,
  };
}
