import type { StripeIntentStatus } from '@app/contract/billing/stripe-payment-intents';
import type { ListQuery } from '@app/contract/list';
import { AppError } from '../../../platform/app-error';
import { audited } from '../../../platform/audit';
import type { SignedInContext } from '../../../platform/endpoint';
import { toListPage, toSeconds } from '../../../platform/list-query';
import type { Platform } from '../../../platform/platform';
import { readForeignKey } from '../../foreign-keys/foreign-keys.service';
import { configuredStripe, stripeClient } from '../../foreign-keys/stripe-api';
import { type SyncedState, syncedStateOf, syncStripeIntent } from './stripe-mirror';
import {
  findIntentRecord,
  type IntentRecord,
  listIntentRows,
  notificationsOfRefs,
  paymentOfIntent,
} from './stripe-mirror.repo';

const NOT_FOUND = 'Payment intent not found';

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
  const values = configuredStripe(await readForeignKey(platform, 'stripe'));
  if (!values) throw new AppError('CONFLICT', { msg: 'Stripe is not configured: set its keys first' });
  const client = stripeClient(values);
  await audited(
    platform.db,
    ctx,
    { action: 'stripe.payment_intent.refresh', targetType: 'stripe_payment_intent', targetId: id },
    async (tx) => {
      let row: Awaited<ReturnType<typeof syncStripeIntent>>;
      try {
        row = await syncStripeIntent(tx, client, id);
      } catch (error) {
        if (error instanceof AppError) throw error;
        throw new AppError('SERVER_ERROR', { msg: 'The payment provider could not be reached: try again' });
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
