import { and, asc, desc, eq, inArray, lt, ne } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { bills, paymentNotifications, payments, socialAccounts, wechatOpenids } from '../../db/schema';
import type { Db, Tx } from '../../platform/db';

type Queryable = Db | Tx;

export type PaymentRow = typeof payments.$inferSelect;

export async function insertPayment(tx: Queryable, row: typeof payments.$inferInsert): Promise<PaymentRow> {
  const [made] = await tx.insert(payments).values(row).returning();
  if (!made) throw new Error('payment was not written');
  return made;
}

export async function findPaymentByRef(db: Queryable, provider: string, providerRef: string) {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.provider, provider), eq(payments.providerRef, providerRef)));
  return row ?? null;
}

/** The payment a provider's reference names, locked: notifications about it apply one at a time. */
export async function lockPaymentByRef(tx: Tx, provider: string, providerRef: string) {
  const [row] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.provider, provider), eq(payments.providerRef, providerRef)))
    .for('update');
  return row ?? null;
}

export async function updatePayment(tx: Tx, id: string, change: Partial<typeof payments.$inferInsert>) {
  await tx
    .update(payments)
    .set({ ...change, updatedAt: new Date() })
    .where(eq(payments.id, id));
}

export function paymentsOfOrder(db: Queryable, orderId: string) {
  return db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(asc(payments.createdAt));
}

/** The payment that paid a bill (captured, or captured then refunded). */
export async function capturedPaymentOfBill(db: Queryable, billId: string) {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.billId, billId), inArray(payments.status, ['captured', 'refunded'])));
  return row ?? null;
}

/**
 * A payment captured for a bill another payment paid, once given back: `returned` (from pending,
 * failed or canceled only, so a retry or a race marks it once). Answers whether this call marked it.
 */
export async function markPaymentReturned(db: Queryable, id: string): Promise<boolean> {
  const rows = await db
    .update(payments)
    .set({ status: 'returned', updatedAt: new Date() })
    .where(and(eq(payments.id, id), inArray(payments.status, ['pending', 'failed', 'canceled'])))
    .returning({ id: payments.id });
  return rows.length > 0;
}

export async function insertNotification(db: Queryable, row: typeof paymentNotifications.$inferInsert) {
  await db.insert(paymentNotifications).values(row);
}

export function notificationsOfOrder(db: Queryable, orderId: string) {
  return db
    .select()
    .from(paymentNotifications)
    .where(eq(paymentNotifications.orderId, orderId))
    .orderBy(desc(paymentNotifications.createdAt));
}

export function notificationsOfRef(db: Queryable, provider: string, providerRef: string) {
  return db
    .select()
    .from(paymentNotifications)
    .where(
      and(eq(paymentNotifications.provider, provider), eq(paymentNotifications.providerRef, providerRef)),
    )
    .orderBy(asc(paymentNotifications.createdAt));
}

/**
 * The bill of a team's order (an order has one bill), read only: the spec's create calls name the
 * order. Null when the order is not the team's or has no bill.
 */
export async function billIdOfTeamOrder(db: Queryable, teamId: string, orderId: string) {
  const [row] = await db
    .select({ id: bills.id })
    .from(bills)
    .where(and(eq(bills.orderId, orderId), eq(bills.teamId, teamId)));
  return row?.id ?? null;
}

/**
 * The other payments still open (pending) of the bill that the payment with this reference is
 * for, oldest first, each with that payment's id: one read where a capture closes the rest.
 */
export function openPaymentsBesideRef(db: Queryable, provider: string, providerRef: string) {
  const paid = alias(payments, 'paid');
  return db
    .select({ paidId: paid.id, other: payments })
    .from(paid)
    .innerJoin(
      payments,
      and(eq(payments.billId, paid.billId), eq(payments.status, 'pending'), ne(payments.id, paid.id)),
    )
    .where(and(eq(paid.provider, provider), eq(paid.providerRef, providerRef)))
    .orderBy(asc(payments.createdAt));
}

/**
 * Trades still open (pending payments) started before `before`, oldest first, with their bill's
 * state: what reconciliation asks the providers about.
 */
export function openTrades(db: Queryable, before: Date, limit: number) {
  return db
    .select({
      payment: payments,
      billStatus: bills.status,
      billExpiresAt: bills.expiresAt,
      billAmount: bills.amount,
      billCurrency: bills.currency,
    })
    .from(payments)
    .innerJoin(bills, eq(bills.id, payments.billId))
    .where(and(eq(payments.status, 'pending'), lt(payments.createdAt, before)))
    .orderBy(asc(payments.createdAt))
    .limit(limit);
}

/** A pending payment whose trade was closed: `canceled` (once; a capture meanwhile wins). */
export async function markPaymentCanceled(db: Queryable, id: string): Promise<boolean> {
  const rows = await db
    .update(payments)
    .set({ status: 'canceled', updatedAt: new Date() })
    .where(and(eq(payments.id, id), eq(payments.status, 'pending')))
    .returning({ id: payments.id });
  return rows.length > 0;
}

/**
 * The openid a user's linked WeChat account was seen with under one WeChat app (the official
 * account's sign-in records it): what WeChat Pay's JSAPI pays for. Null when they never signed in
 * with WeChat through that app.
 */
export async function wechatOpenidOf(db: Queryable, userId: string, appId: string) {
  const [row] = await db
    .select({ openid: wechatOpenids.openid })
    .from(wechatOpenids)
    .innerJoin(socialAccounts, eq(socialAccounts.id, wechatOpenids.socialAccountId))
    .where(and(eq(socialAccounts.userId, userId), eq(wechatOpenids.appId, appId)))
    .orderBy(desc(wechatOpenids.createdAt))
    .limit(1);
  return row?.openid ?? null;
}

export async function findPaymentById(db: Queryable, id: string): Promise<PaymentRow | null> {
  const [row] = await db.select().from(payments).where(eq(payments.id, id));
  return row ?? null;
}
