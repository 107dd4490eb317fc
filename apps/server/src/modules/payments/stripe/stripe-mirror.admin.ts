import type { StripeIntentStatus } from '@app/contract/billing/stripe-payment-intents';
import type { ListQuery } from '@app/contract/list';
import Stripe from 'stripe';
import { AppError } from '../../../platform/app-error';
import { audited } from '../../../platform/audit';
import type { SignedInContext } from '../../../platform/endpoint';
import { toListPage, toSeconds } from '../../../platform/list-query';
import type { Platform } from '../../../platform/platform';
import { readForeignKey } from '../../foreign-keys/foreign-keys.service';
import { configuredStripe, stripeClient } from '../../foreign-keys/stripe-api';
import { backfillStripeIntents, type SyncedState, syncedStateOf, syncStripeIntent } from './stripe-mirror';
import {
  findIntentRecord,
  type IntentRecord,
  listIntentRows,
  notificationsOfRefs,
  paymentOfIntent,
} from './stripe-mirror.repo';

const NOT_FOUND = 'Payment intent not found';

/**
 * What reading Stripe failed with, said as such: a restricted key without read access to payment
 * intents (Stripe's 403 `permission_error`) is named, so an operator knows to give the key that
 * permission; anything else is Stripe out of reach. Never a bare 500.
 */
function stripeReadFailed(error: unknown): never {
  if (error instanceof AppError) throw error;
  if (error instanceof Stripe.errors.StripePermissionError) {
    throw new AppError('CONFLICT', {
      msg: 'The Stripe key cannot read payment intents (a restricted key without "PaymentIntents: Read"): give the key that permission in Stripe, or use the secret key',
    });
  }
  throw new AppError('SERVER_ERROR', { msg: 'The payment provider could not be reached: try again' });
}

async function stripeOf(platform: Platform): Promise<Stripe> {
  const values = configuredStripe(await readForeignKey(platform, 'stripe'));
  if (!values) throw new AppError('CONFLICT', { msg: 'Stripe is not configured: set its keys first' });
  return stripeClient(values);
}

function toIntent(row: IntentRecord) {
  const { intent } = row;
  return {
    id: intent.id,
    // Stripe's own word, as the pinned API version spells its statuses.
    status: intent.status as StripeIntentStatus,
    amount: intent.amount,
    amount_received: intent.amountReceived,
    amount_refunded: intent.amountRefunded,
    currency: intent.currency,
    card_brand: intent.cardBrand,
    card_last4: intent.cardLast4,
    failure_code: intent.failureCode,
    failure_message: intent.failureMessage,
    payment_id: intent.paymentId,
    order_id: intent.orderId,
    order_num: intent.orderNum,
    team: intent.teamId ? { id: intent.teamId, name: row.teamName ?? '' } : null,
    plan_name: row.planName,
    creation_time: toSeconds(intent.stripeCreatedAt),
    synced_time: toSeconds(intent.syncedAt),
  };
}

export async function listStripeIntents(platform: Platform, _ctx: SignedInContext, query: ListQuery) {
  return toListPage(query, await listIntentRows(platform.db, query), toIntent);
}

/** The event's type: a Checkout Session's notice keeps the whole event, the mirror's its id and type. */
function eventTypeOf(payload: unknown): string {
  const event = (payload as { event?: unknown } | null)?.event;
  if (typeof event === 'string') return event;
  const type = (event as { type?: unknown } | null)?.type;
  return typeof type === 'string' ? type : '';
}

function syncedOf(payload: unknown): SyncedState | null {
  const synced = (payload as { synced?: unknown } | null)?.synced as Partial<SyncedState> | null | undefined;
  return synced && typeof synced.status === 'string'
    ? {
        status: synced.status,
        amount_received: Number(synced.amount_received ?? 0),
        amount_refunded: Number(synced.amount_refunded ?? 0),
      }
    : null;
}

export async function getStripeIntent(platform: Platform, _ctx: SignedInContext, id: string) {
  const row = await findIntentRecord(platform.db, id);
  if (!row) throw new AppError('NOT_FOUND', { msg: NOT_FOUND });
  // Ours are logged under the payment's Checkout Session (with its own events); others' under the intent.
  const payment = row.intent.paymentId ? await paymentOfIntent(platform.db, row.intent.paymentId) : null;
  const notices = await notificationsOfRefs(platform.db, payment ? [id, payment.providerRef] : [id]);
  return {
    intent: toIntent(row),
    events: notices.map((notice) => ({
      id: notice.id,
      event_id: notice.eventId,
      type: eventTypeOf(notice.payload),
      outcome: notice.outcome,
      detail: notice.detail,
      synced: syncedOf(notice.payload),
      creation_time: toSeconds(notice.createdAt),
    })),
  };
}

/**
 * `POST …/{id}/refresh`: the intent read from Stripe again into the mirror, recorded with the
 * reason and what changed. Only an intent the mirror has (what the page lists) is refreshed.
 */
export async function refreshStripeIntent(
  platform: Platform,
  ctx: SignedInContext,
  id: string,
  reason: string,
) {
  const before = await findIntentRecord(platform.db, id);
  if (!before) throw new AppError('NOT_FOUND', { msg: NOT_FOUND });
  const client = await stripeOf(platform);
  await audited(
    platform.db,
    ctx,
    { action: 'stripe.payment_intent.refresh', targetType: 'stripe_payment_intent', targetId: id },
    async (tx) => {
      let row: Awaited<ReturnType<typeof syncStripeIntent>>;
      try {
        row = await syncStripeIntent(tx, client, id);
      } catch (error) {
        stripeReadFailed(error);
      }
      if (!row) throw new AppError('NOT_FOUND', { msg: 'Stripe has no such payment intent' });
      return {
        result: row,
        before: { reason, ...syncedStateOf(before.intent) },
        after: { reason, ...syncedStateOf(row) },
      };
    },
  );
  const after = await findIntentRecord(platform.db, id);
  if (!after) throw new AppError('NOT_FOUND', { msg: NOT_FOUND });
  return { intent: toIntent(after) };
}

/**
 * `POST …/sync` (the list's 'refresh'): the mirror backfilled from Stripe's list of intents
 * (`backfillStripeIntents`), recorded with the reason and how many were read.
 */
export async function syncStripeIntents(platform: Platform, ctx: SignedInContext, reason: string) {
  const client = await stripeOf(platform);
  return audited(
    platform.db,
    ctx,
    { action: 'stripe.payment_intent.sync', targetType: 'stripe_payment_intent', targetId: null },
    async (tx) => {
      let done: Awaited<ReturnType<typeof backfillStripeIntents>>;
      try {
        done = await backfillStripeIntents(tx, client);
      } catch (error) {
        stripeReadFailed(error);
      }
      return { result: done, before: { reason }, after: { reason, ...done } };
    },
  );
}
