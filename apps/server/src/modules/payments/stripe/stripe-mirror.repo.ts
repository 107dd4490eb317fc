import { stripePaymentIntentListFields } from '@app/contract/billing/stripe-payment-intents';
import type { ListQuery } from '@app/contract/list';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { orders, paymentNotifications, payments, stripePaymentIntents } from '../../../db/schema';
import type { Db, Tx } from '../../../platform/db';
import { bindList, listOrder, listPage, listWhere, searchColumns } from '../../../platform/list-query';

type Queryable = Db | Tx;

export type StripeIntentRow = typeof stripePaymentIntents.$inferSelect;

/** One intent's mirror is written by one reader at a time (held to the end of the transaction). */
export async function lockIntent(tx: Tx, intentId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`stripe_payment_intent:${intentId}`}))`);
}

export async function upsertIntent(tx: Queryable, row: typeof stripePaymentIntents.$inferInsert) {
  const { id: _id, ...change } = row;
  // Our ids, once known, stay: an intent a subscription's invoice made carries none of ours in its
  // metadata, and is linked to our payment when its invoice is settled (stripe-subscriptions.ts).
  const kept = (column: string) => sql.raw(`coalesce(excluded.${column}, stripe_payment_intents.${column})`);
  const [made] = await tx
    .insert(stripePaymentIntents)
    .values(row)
    .onConflictDoUpdate({
      target: stripePaymentIntents.id,
      set: {
        ...change,
        paymentId: kept('payment_id'),
        orderId: kept('order_id'),
        orderNum: kept('order_num'),
        teamId: kept('team_id'),
      },
    })
    .returning();
  if (!made) throw new Error('stripe payment intent was not written');
  return made;
}

/** The payment our metadata names (its team, and its Checkout Session: the events' reference). */
export async function paymentOfIntent(db: Queryable, paymentId: string) {
  const [row] = await db
    .select({ id: payments.id, teamId: payments.teamId, providerRef: payments.providerRef })
    .from(payments)
    .where(and(eq(payments.id, paymentId), eq(payments.provider, 'stripe')));
  return row ?? null;
}

const list = bindList(stripePaymentIntentListFields, {
  intent_id: stripePaymentIntents.id,
  order_num: stripePaymentIntents.orderNum,
  team_name: orders.teamName,
  plan_name: orders.planName,
  status: stripePaymentIntents.status,
  currency: stripePaymentIntents.currency,
  amount: stripePaymentIntents.amount,
  amount_refunded: stripePaymentIntents.amountRefunded,
  creation_time: stripePaymentIntents.stripeCreatedAt,
  synced_time: stripePaymentIntents.syncedAt,
});

function intentRows(db: Queryable) {
  return db
    .select({ intent: stripePaymentIntents, teamName: orders.teamName, planName: orders.planName })
    .from(stripePaymentIntents)
    .leftJoin(orders, eq(orders.id, stripePaymentIntents.orderId))
    .$dynamic();
}

export type IntentRecord = { intent: StripeIntentRow; teamName: string | null; planName: string | null };

export function listIntentRows(db: Db, query: ListQuery) {
  const where = listWhere(query, list, (q) =>
    searchColumns(q, [
      stripePaymentIntents.id,
      stripePaymentIntents.orderNum,
      orders.teamName,
      orders.planName,
    ]),
  );
  return listPage(
    db,
    query,
    () => intentRows(db).where(where),
    listOrder(query, list, [desc(stripePaymentIntents.stripeCreatedAt), desc(stripePaymentIntents.id)]),
  );
}

export async function findIntentRecord(db: Queryable, id: string): Promise<IntentRecord | null> {
  const [row] = await intentRows(db).where(eq(stripePaymentIntents.id, id));
  return row ?? null;
}

/** The notices logged under these references (the intent's own, its Checkout Session's), oldest first. */
export function notificationsOfRefs(db: Queryable, refs: string[]) {
  return db
    .select()
    .from(paymentNotifications)
    .where(and(eq(paymentNotifications.provider, 'stripe'), inArray(paymentNotifications.providerRef, refs)))
    .orderBy(asc(paymentNotifications.createdAt), asc(paymentNotifications.id));
}
