import { and, eq } from 'drizzle-orm';
import { paymentCustomers } from '../../db/schema';
import type { Db } from '../../platform/db';

/** The team's customer at a provider that keeps cards, or null before its first card. */
export async function findPaymentCustomer(db: Db, teamId: string, provider: string): Promise<string | null> {
  const [row] = await db
    .select({ customerRef: paymentCustomers.customerRef })
    .from(paymentCustomers)
    .where(and(eq(paymentCustomers.teamId, teamId), eq(paymentCustomers.provider, provider)));
  return row?.customerRef ?? null;
}

/**
 * Keeps the team's customer, unless another request kept one first: answers the one kept, so two
 * "add a card" clicks at once end with one customer (the provider's create is idempotent too).
 */
export async function keepPaymentCustomer(
  db: Db,
  row: { teamId: string; provider: string; customerRef: string },
): Promise<string> {
  await db.insert(paymentCustomers).values(row).onConflictDoNothing();
  const kept = await findPaymentCustomer(db, row.teamId, row.provider);
  if (!kept) throw new Error(`the ${row.provider} customer of team ${row.teamId} was not kept`);
  return kept;
}
