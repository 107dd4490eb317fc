import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { paymentNotifications, payments } from '../../db/schema';
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
