import type Stripe from 'stripe';
import { chargeObject, type StandInIntent } from './intents';
import {
  type FormObject,
  invalid,
  isFailure,
  isInteger,
  metadataOf,
  missingParam,
  newId,
  noSuch,
  type StripeFailure,
  unknownParam,
} from './protocol';
import type { StandInWebhooks } from './webhooks';

/**
 * The stand-in's refunds: `POST /v1/refunds` (of a paid PaymentIntent, all or part of what it has
 * left), with the `refund.created`, `refund.updated` and `refund.failed` events Stripe sends as a
 * refund is made and settled (a test holds new refunds `pending` and settles them later, as a bank
 * would), and the paginated lists `GET /v1/refunds` (of a payment intent or a charge) and
 * `GET /v1/payment_intents` answer. Typed with the `stripe` package's types, so drift fails `tsc`.
 */

export type RefundEventType = 'refund.created' | 'refund.updated' | 'refund.failed';

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
function listRefunds(
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
function settleHeldRefund(refund: Stripe.Refund, succeeded: boolean): RefundEventType[] {
  if (refund.status !== 'pending') throw new Error(`refund ${refund.id} is ${refund.status}, not pending`);
  if (succeeded) {
    refund.status = 'succeeded';
    return ['refund.updated'];
  }
  refund.status = 'failed';
  refund.failure_reason = 'declined';
  return ['refund.updated', 'refund.failed'];
}

export interface RefundParts {
  now: () => number;
  intents: ReadonlyMap<string, StandInIntent>;
  /** The session was paid (its intents can be refunded). */
  paid: (sessionId: string) => boolean;
  /** New refunds stay `pending` (the stand-in's `holdRefunds`). */
  holding: () => boolean;
  webhooks: StandInWebhooks;
}

export class StandInRefunds {
  private readonly refunds = new Map<string, Stripe.Refund>();

  constructor(private readonly parts: RefundParts) {}

  /** The refunds as Stripe holds them (copies). */
  all(): Stripe.Refund[] {
    return [...this.refunds.values()].map((refund) => structuredClone(refund));
  }

  /** `GET /v1/refunds/:id`. */
  retrieve(id: string): Stripe.Refund | StripeFailure {
    const refund = this.refunds.get(id);
    return refund ? structuredClone(refund) : noSuch('refund', id);
  }

  /** `GET /v1/refunds`. */
  list(query: FormObject): Stripe.ApiList<Stripe.Refund> | StripeFailure {
    return listRefunds(this.all(), query);
  }

  /** `POST /v1/refunds`: all or part of what a paid PaymentIntent has left. */
  create(form: FormObject): Stripe.Refund | StripeFailure {
    for (const key of Object.keys(form)) {
      if (!['payment_intent', 'charge', 'amount', 'reason', 'metadata', 'expand'].includes(key)) {
        return unknownParam(key);
      }
    }
    if (form.charge !== undefined) return invalid('The stand-in refunds payment intents only', 'charge');
    if (typeof form.payment_intent !== 'string') return missingParam('payment_intent');
    const intent = this.parts.intents.get(form.payment_intent);
    if (!intent) return noSuch('payment_intent', form.payment_intent, 'payment_intent');
    if (!this.parts.paid(intent.sessionId)) {
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
      created: this.parts.now(),
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
      status: this.parts.holding() ? 'pending' : 'succeeded',
      transfer_reversal: null,
    };
    this.refunds.set(refund.id, refund);
    this.parts.webhooks.emit('refund.created', refund);
    const charge = chargeObject(intent);
    if (charge) this.parts.webhooks.emit('charge.refunded', charge);
    return refund;
  }

  /** A held refund succeeds, or fails (refundable again), with its `refund.updated` (and `refund.failed`). */
  settle(id: string, succeeded: boolean): void {
    const refund = this.refunds.get(id);
    if (!refund) throw new Error(`no refund ${id}`);
    const types = settleHeldRefund(refund, succeeded);
    const intent =
      typeof refund.payment_intent === 'string' ? this.parts.intents.get(refund.payment_intent) : undefined;
    if (!succeeded && intent) intent.refunded -= refund.amount;
    for (const type of types) this.parts.webhooks.emit(type, refund);
  }
}
