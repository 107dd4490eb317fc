import { and, eq, isNotNull } from 'drizzle-orm';
import { accounts } from '../../db/schema';
import type { Db } from '../../platform/db';

/** Whether the user has a credential account with a password hash. */
export async function credentialWithPassword(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(
      and(eq(accounts.userId, userId), eq(accounts.providerId, 'credential'), isNotNull(accounts.password)),
    )
    .limit(1);
  return row !== undefined;
}
