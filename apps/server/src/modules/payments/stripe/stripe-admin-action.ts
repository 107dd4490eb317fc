import Stripe from 'stripe';
import { AppError } from '../../../platform/app-error';
import { type AuditTarget, audited } from '../../../platform/audit';
import type { Tx } from '../../../platform/db';
import type { SignedInContext } from '../../../platform/endpoint';
import { toSeconds } from '../../../platform/list-query';
import type { Platform } from '../../../platform/platform';
import { readForeignKey } from '../../foreign-keys/foreign-keys.service';
import { configuredStripe, stripeClient } from '../../foreign-keys/stripe-api';
import type { notificationsOfRefs } from './stripe-mirror.repo';

/**
 * What an operator's action on a Stripe mirror (a subscription, a schedule) shares: the change is
 * Stripe's to make, so Stripe is asked first and the mirror then reads back what Stripe holds.
 */

/** The client for an operator's action, with the vault's keys; none saved is the operator's to fix. */
export async function operatorStripe(platform: Platform): Promise<Stripe> {
  const values = configuredStripe(await readForeignKey(platform, 'stripe'));
  if (!values) throw new AppError('CONFLICT', { msg: 'Stripe is not configured: set its keys first' });
  return stripeClient(values);
}

/**
 * Runs `apply` (ask Stripe, then read the object back into its mirror) audited, with the reason
 * and the state before and after. Stripe refusing the request is a conflict that says Stripe's
 * reason; Stripe out of reach is said so (never a bare 500); an object Stripe no longer has is
 * not found (`missing`).
 */
export async function actAtStripe<Row>(
  platform: Platform,
  ctx: SignedInContext,
  target: AuditTarget,
  action: {
    reason: string;
    before: Row;
    stateOf: (row: Row) => Record<string, unknown>;
    missing: string;
    apply: (tx: Tx) => Promise<Row | null>;
  },
): Promise<Row> {
  const { reason, before, stateOf } = action;
  return audited(platform.db, ctx, target, async (tx) => {
    let after: Row | null;
    try {
      after = await action.apply(tx);
    } catch (error) {
      if (error instanceof AppError) throw error;
      if (error instanceof Stripe.errors.StripeInvalidRequestError) {
        throw new AppError('CONFLICT', { msg: `Stripe refused: ${error.message}` });
      }
      throw new AppError('SERVER_ERROR', { msg: 'The payment provider could not be reached: try again' });
    }
    if (!after) throw new AppError('NOT_FOUND', { msg: action.missing });
    return {
      result: after,
      before: { reason, ...stateOf(before) },
      after: { reason, ...stateOf(after) },
    };
  });
}

/** The type of the event a notice logged (the mirrors log its id and type). */
const eventTypeOf = (payload: unknown): string => {
  const type = ((payload as { event?: unknown } | null)?.event as { type?: unknown } | null)?.type;
  return typeof type === 'string' ? type : '';
};

type Notice = Awaited<ReturnType<typeof notificationsOfRefs>>[number];

/** A notice logged under a mirrored object, as its admin page lists it among the object's events. */
export const eventOfNotice = (notice: Notice) => ({
  id: notice.id,
  event_id: notice.eventId,
  type: eventTypeOf(notice.payload),
  outcome: notice.outcome,
  detail: notice.detail,
  creation_time: toSeconds(notice.createdAt),
});
