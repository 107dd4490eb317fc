import { and, asc, eq, sql } from 'drizzle-orm';
import { payments, refunds } from '../../db/schema';
import type { Db, Tx } from '../../platform/db';

type Queryable = Db | Tx;

export type RefundRow = typeof refunds.$inferSelect;

export async function findRefund(db: Queryable, id: string): Promise<RefundRow | null> {
  const [row] = await db.select().from(refunds).where(eq(refunds.id, id));
  return row ?? null;
}

export async function lockRefund(tx: Tx, id: string): Promise<RefundRow | null> {
  const [row] = await tx.select().from(refunds).where(eq(refunds.id, id)).for('update');
  return row ?? null;
}

/** The refund a request made already (the same `request_id` on the same order), if any. */
export async function refundOfRequest(db: Queryable, orderId: string, requestId: string) {
  const [row] = await db
    .select()
    .from(refunds)
    .where(and(eq(refunds.orderId, orderId), eq(refunds.requestId, requestId)));
  return row ?? null;
}

/**
 * What an order's refunds hold, in one query: how many there are (for the next number), the
 * amount taken from what can be refunded (succeeded and pending ones), and what succeeded with
 * the credits it reversed.
 */
export async function refundTotals(db: Queryable, orderId: string) {
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`,
      committed: sql<string>`coalesce(sum(${refunds.amount}) filter (where ${refunds.status} <> 'failed'), 0)`,
      succeeded: sql<string>`coalesce(sum(${refunds.amount}) filter (where ${refunds.status} = 'succeeded'), 0)`,
    })
    .from(refunds)
    .where(eq(refunds.orderId, orderId));
  return {
    count: row?.count ?? 0,
    committed: Number(row?.committed ?? 0),
    succeeded: Number(row?.succeeded ?? 0),
  };
}

export async function updateRefund(tx: Db | Tx, id: string, change: Partial<typeof refunds.$inferInsert>) {
  const [row] = await tx.update(refunds).set(change).where(eq(refunds.id, id)).returning();
  if (!row) throw new Error(`refund ${id} is gone`);
  return row;
}

/**
 * Changes a refund only while it is pending: what asking the provider learnt (no answer, a
 * reference) never lands on a refund a notice or reconciliation settled meanwhile. Null when it
 * was no longer pending.
 */
export async function updatePendingRefund(
  db: Queryable,
  id: string,
  change: Pick<Partial<typeof refunds.$inferInsert>, 'failure' | 'providerRef'>,
): Promise<RefundRow | null> {
  const [row] = await db
    .update(refunds)
    .set(change)
    .where(and(eq(refunds.id, id), eq(refunds.status, 'pending')))
    .returning();
  return row ?? null;
}

/**
 * Refunds the provider has not confirmed yet, oldest first, each with the payment it gives back
 * (one query): reconciliation asks about each.
 */
export function pendingRefunds(db: Db, limit: number) {
  return db
    .select({ refund: refunds, payment: payments })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .where(eq(refunds.status, 'pending'))
    .orderBy(asc(refunds.createdAt))
    .limit(limit);
}

/** A pending refund by our number, with its payment (a provider's refund notice names the number). */
export async function pendingRefundByNumber(db: Db, refundNo: string) {
  const [row] = await db
    .select({ refund: refunds, payment: payments })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .where(and(eq(refunds.refundNo, refundNo), eq(refunds.status, 'pending')));
  return row ?? null;
}
