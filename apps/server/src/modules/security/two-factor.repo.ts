import { eq } from 'drizzle-orm';
import { twoFactors, users } from '../../db/schema';
import type { Db } from '../../platform/db';

/** `enabled`: on at sign-in; `pending`: a secret was issued but its first code not confirmed. */
export async function findTwoFactorState(db: Db, userId: string) {
  const [user] = await db
    .select({ email: users.email, emailVerified: users.emailVerified, enabled: users.twoFactorEnabled })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) return null;
  const [secret] = await db
    .select({ verified: twoFactors.verified })
    .from(twoFactors)
    .where(eq(twoFactors.userId, userId))
    .limit(1);
  return { ...user, pending: !user.enabled && secret !== undefined && !secret.verified };
}
