import { and, eq, gte, isNotNull, lt, sql } from 'drizzle-orm';
import { bills, orders, refunds } from '../../db/schema';
import type { Db } from '../../platform/db';

export interface MoneyRange {
  start: Date;
  end: Date;
  offsetHours: number;
  currency: string;
}

/** The offset is an integer computed here, inlined so SELECT and GROUP BY hold the same expression. */
const dayIn = (column: typeof orders.paidAt | typeof refunds.settledAt, offsetHours: number) =>
  sql<string>`to_char((${column} at time zone 'UTC') + make_interval(mins => ${sql.raw(String(Math.round(offsetHours * 60)))}), 'YYYY-MM-DD')`;

/** Paid orders by (day paid, method, plan): one row per group, summed in SQL. */
export function revenueGroups(db: Db, range: MoneyRange) {
  const day = dayIn(orders.paidAt, range.offsetHours);
  const method = sql<string>`coalesce(${bills.method}, 'none')`;
  return db
    .select({
      day,
      method,
      planId: orders.planId,
      planName: orders.planName,
      amount: sql<string>`sum(${orders.payAmount})`,
      orders: sql<number>`count(*)::int`,
    })
    .from(orders)
    .leftJoin(bills, eq(bills.orderId, orders.id))
    .where(
      and(
        isNotNull(orders.paidAt),
        eq(orders.currency, range.currency),
        gte(orders.paidAt, range.start),
        lt(orders.paidAt, range.end),
      ),
    )
    .groupBy(day, method, orders.planId, orders.planName);
}

/**
 * Refunds the provider confirmed, by (day confirmed, method, plan): a pending refund has moved no
 * money yet, and a failed one never will. Each refund counts once, partial ones included.
 */
export function refundGroups(db: Db, range: MoneyRange) {
  const day = dayIn(refunds.settledAt, range.offsetHours);
  const method = sql<string>`coalesce(${bills.method}, 'none')`;
  return db
    .select({
      day,
      method,
      planId: orders.planId,
      planName: orders.planName,
      amount: sql<string>`sum(${refunds.amount})`,
      orders: sql<number>`count(*)::int`,
    })
    .from(refunds)
    .innerJoin(orders, eq(orders.id, refunds.orderId))
    .leftJoin(bills, eq(bills.orderId, orders.id))
    .where(
      and(
        eq(refunds.currency, range.currency),
        eq(refunds.status, 'succeeded'),
        gte(refunds.settledAt, range.start),
        lt(refunds.settledAt, range.end),
      ),
    )
    .groupBy(day, method, orders.planId, orders.planName);
}

export async function paidCurrencies(db: Db): Promise<string[]> {
  const rows = await db
    .selectDistinct({ currency: orders.currency })
    .from(orders)
    .where(isNotNull(orders.paidAt))
    .orderBy(orders.currency);
  return rows.map((row) => row.currency);
}
