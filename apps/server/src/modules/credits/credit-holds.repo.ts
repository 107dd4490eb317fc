import { sql } from 'drizzle-orm';
import { creditReservations } from '../../db/schema';
import type { Db } from '../../platform/db';

/** Reservations still held: how many, how many past their lease, and the credits they hold. */
export async function creditHoldFigures(
  db: Db,
): Promise<{ holds: number; overdue: number; credits: number }> {
  const [row] = await db
    .select({
      holds: sql<number>`count(*)::int`,
      overdue: sql<number>`(count(*) filter (where ${creditReservations.leaseExpiresAt} < now()))::int`,
      credits: sql<number>`coalesce(sum(${creditReservations.amount}), 0)::bigint`,
    })
    .from(creditReservations)
    .where(sql`${creditReservations.status} = 'held'`);
  return {
    holds: Number(row?.holds ?? 0),
    overdue: Number(row?.overdue ?? 0),
    credits: Number(row?.credits ?? 0),
  };
}
