import { stripeSubscriptionListFields } from '@app/contract/billing/stripe-subscriptions';
import type { ListQuery } from '@app/contract/list';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  orders,
  paymentNotifications,
  payments,
  plans,
  stripePaymentIntents,
  stripeSubscriptions,
  teams,
} from '../../../db/schema';
import type { Db, Tx } from '../../../platform/db';
import { bindList, listOrder, listPage, listWhere, searchColumns } from '../../../platform/list-query';

type Queryable = Db | Tx;

export type StripeSubscriptionRow = typeof stripeSubscriptions.$inferSelect;

/** One subscription's mirror is written by one reader at a time (held to the end of the transaction). */
export async function lockSubscriptionMirror(tx: Tx, id: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`stripe_subscription:${id}`}))`);
}

export async function upsertSubscriptionMirror(tx: Queryable, row: typeof stripeSubscriptions.$inferInsert) {
  const { id: _id, ...change } = row;
  const [made] = await tx
    .insert(stripeSubscriptions)
    .values(row)
    .onConflictDoUpdate({ target: stripeSubscriptions.id, set: change })
    .returning();
  if (!made) throw new Error('stripe subscription was not written');
  return made;
}

export async function findSubscriptionMirror(
  db: Queryable,
  id: string,
): Promise<StripeSubscriptionRow | null> {
  const [row] = await db.select().from(stripeSubscriptions).where(eq(stripeSubscriptions.id, id));
  return row ?? null;
}

/** The team's subscriptions that may still charge (not ended), newest first. */
export function liveSubscriptionsOfTeam(db: Queryable, teamId: string) {
  return db
    .select()
    .from(stripeSubscriptions)
    .where(
      and(
        eq(stripeSubscriptions.teamId, teamId),
        inArray(stripeSubscriptions.status, [
          'active',
          'trialing',
          'past_due',
          'unpaid',
          'incomplete',
          'paused',
        ]),
      ),
    )
    .orderBy(desc(stripeSubscriptions.stripeCreatedAt));
}

const list = bindList(stripeSubscriptionListFields, {
  subscription_id: stripeSubscriptions.id,
  team_name: teams.name,
  plan_name: plans.name,
  status: stripeSubscriptions.status,
  amount: stripeSubscriptions.amount,
  currency: stripeSubscriptions.currency,
  cancel_at_period_end: stripeSubscriptions.cancelAtPeriodEnd,
  current_period_end: stripeSubscriptions.currentPeriodEnd,
  creation_time: stripeSubscriptions.stripeCreatedAt,
  synced_time: stripeSubscriptions.syncedAt,
});

function subscriptionRows(db: Queryable) {
  return db
    .select({ subscription: stripeSubscriptions, teamName: teams.name, planName: plans.name })
    .from(stripeSubscriptions)
    .leftJoin(teams, eq(teams.id, stripeSubscriptions.teamId))
    .leftJoin(plans, eq(plans.id, stripeSubscriptions.planId))
    .$dynamic();
}

export type SubscriptionRecord = {
  subscription: StripeSubscriptionRow;
  teamName: string | null;
  planName: string | null;
};

export function listSubscriptionRows(db: Db, query: ListQuery) {
  const where = listWhere(query, list, (q) =>
    searchColumns(q, [stripeSubscriptions.id, stripeSubscriptions.customerId, teams.name, plans.name]),
  );
  return listPage(
    db,
    query,
    () => subscriptionRows(db).where(where),
    listOrder(query, list, [desc(stripeSubscriptions.stripeCreatedAt), desc(stripeSubscriptions.id)]),
  );
}

export async function findSubscriptionRecord(db: Queryable, id: string): Promise<SubscriptionRecord | null> {
  const [row] = await subscriptionRows(db).where(eq(stripeSubscriptions.id, id));
  return row ?? null;
}

/** The notices about a subscription's invoices (their payload names the subscription it was read with). */
export function noticesOfSubscriptionInvoices(db: Queryable, subscriptionId: string) {
  return db
    .select()
    .from(paymentNotifications)
    .where(
      and(
        eq(paymentNotifications.provider, 'stripe'),
        sql`${paymentNotifications.payload} -> 'invoice' ->> 'subscription' = ${subscriptionId}`,
      ),
    );
}

/** Names our payment on an intent's mirror (an invoice's intent has none of our metadata). */
export async function linkIntentToPayment(
  tx: Queryable,
  intentId: string,
  ours: { paymentId: string; orderId: string; orderNum: string | null; teamId: string },
) {
  await tx
    .update(stripePaymentIntents)
    .set({ paymentId: ours.paymentId, orderId: ours.orderId, orderNum: ours.orderNum, teamId: ours.teamId })
    .where(eq(stripePaymentIntents.id, intentId));
}

/** What a payment bought: its order's kind and team (a plan change replaces what renews). */
/** What a plan change's order says of the plan Stripe should renew after it. */
const planChangeColumns = {
  orderId: orders.id,
  orderNum: orders.orderNum,
  kind: orders.kind,
  teamId: orders.teamId,
  userId: orders.userId,
  planId: orders.planId,
  price: orders.price,
  currency: orders.currency,
  validity: orders.validity,
  validityUnit: orders.validityUnit,
};

export type PlanChangeOrder = NonNullable<Awaited<ReturnType<typeof orderOfPayment>>>;

export async function orderOfPayment(db: Queryable, provider: string, providerRef: string) {
  const [row] = await db
    .select(planChangeColumns)
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(and(eq(payments.provider, provider), eq(payments.providerRef, providerRef)));
  return row ?? null;
}

/** The same for an order paid with no payment (an upgrade its credit covers whole). */
export async function planChangeOrderById(db: Queryable, orderId: string): Promise<PlanChangeOrder | null> {
  const [row] = await db.select(planChangeColumns).from(orders).where(eq(orders.id, orderId));
  return row ?? null;
}

/**
 * The team's Stripe subscription that will renew its plan by itself (live and not set to end), or
 * null: billing offers no renewal by hand beside it, which would pay for a period twice.
 */
export async function renewingSubscriptionOfTeam(db: Queryable, teamId: string) {
  const [row] = await db
    .select({ id: stripeSubscriptions.id, currentPeriodEnd: stripeSubscriptions.currentPeriodEnd })
    .from(stripeSubscriptions)
    .where(
      and(
        eq(stripeSubscriptions.teamId, teamId),
        eq(stripeSubscriptions.cancelAtPeriodEnd, false),
        inArray(stripeSubscriptions.status, ['active', 'trialing', 'past_due']),
      ),
    )
    .limit(1);
  return row ?? null;
}
