import Stripe from 'stripe';
import { type FormObject, invalid, newId, type StripeFailure } from './protocol';

/**
 * The stand-in's refund news and lists, beside `POST /v1/refunds` (stripe-stand-in.ts): the
 * `refund.created`, `refund.updated` and `refund.failed` events Stripe sends as a refund is made
 * and settled (a test holds new refunds `pending` and settles them later, as a bank would), and the
 * paginated lists `GET /v1/refunds` (of a payment intent or a charge) and `GET /v1/payment_intents`
 * answer. Typed with the `stripe` package's types, so drift fails `tsc`.
 */

export type RefundEventType = 'refund.created' | 'refund.updated' | 'refund.failed';

/** An event about a refund: a snapshot of the refund at that moment. */
export function refundEvent(type: RefundEventType, refund: Stripe.Refund, created: number): Stripe.Event {
  return {
    id: newId('evt_'),
    object: 'event',
    api_version: Stripe.API_VERSION,
    created,
    data: { object: structuredClone(refund) },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  } as Stripe.Event;
}

/**
 * One page of a Stripe list, newest first (`created`, then the later made of one second), as
 * Stripe pages them: `limit` (1 to 100, 10 by default), `starting_after` (the last id of the page
 * before).
 */
export function listPage<T extends { id: string; created: number }>(
  all: readonly T[],
  query: FormObject,
  url: string,
): Stripe.ApiList<T> | StripeFailure {
  const limit = query.limit === undefined ? 10 : Number(query.limit);
  if (!Number.isInteger(limit) || limit < 1 || limit > 100) {
    return invalid('Invalid integer', 'limit', 'parameter_invalid_integer');
  }
  const sorted = [...all].reverse().sort((a, b) => b.created - a.created);
  let from = 0;
  if (typeof query.starting_after === 'string') {
    const at = sorted.findIndex((item) => item.id === query.starting_after);
    if (at < 0)
      return invalid(`No such object: '${query.starting_after}'`, 'starting_after', 'resource_missing');
    from = at + 1;
  }
  const data = sorted.slice(from, from + limit);
  return { object: 'list', data, has_more: from + limit < sorted.length, url };
}

const LIST_REFUND_PARAMS = new Set(['payment_intent', 'charge', 'limit', 'starting_after', 'expand']);

/** `GET /v1/refunds`: all the account's refunds, or those of one payment intent or charge. */
export function listRefunds(
  refunds: readonly Stripe.Refund[],
  query: FormObject,
): Stripe.ApiList<Stripe.Refund> | StripeFailure {
  for (const key of Object.keys(query)) {
    if (!LIST_REFUND_PARAMS.has(key))
      return invalid(`Received unknown parameter: ${key}`, key, 'parameter_unknown');
  }
  const of = refunds.filter(
    (refund) =>
      (query.payment_intent === undefined || refund.payment_intent === query.payment_intent) &&
      (query.charge === undefined || refund.charge === query.charge),
  );
  return listPage(of, query, '/v1/refunds');
}

/**
 * A held refund settles (Stripe's `pending` to `succeeded`, or to `failed` with the bank's
 * `declined`, the amount then refundable again): answers the events Stripe sends for it.
 */
export function settleHeldRefund(refund: Stripe.Refund, succeeded: boolean): RefundEventType[] {
  if (refund.status !== 'pending') throw new Error(`refund ${refund.id} is ${refund.status}, not pending`);
  if (succeeded) {
    refund.status = 'succeeded';
    return ['refund.updated'];
  }
  refund.status = 'failed';
  refund.failure_reason = 'declined';
  return ['refund.updated', 'refund.failed'];
}
