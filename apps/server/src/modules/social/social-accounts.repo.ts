import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { accounts, socialAccounts, users, wechatOpenids } from '../../db/schema';
import type { Db, Tx } from '../../platform/db';

export type SocialAccountRow = typeof socialAccounts.$inferSelect;

export async function findBySubject(db: Db, provider: string, subject: string) {
  const [row] = await db
    .select()
    .from(socialAccounts)
    .where(and(eq(socialAccounts.provider, provider), eq(socialAccounts.subject, subject)));
  return row ?? null;
}

/** The linked WeChat account an openid of one WeChat app was seen with. */
export async function findByWechatOpenid(db: Db, appId: string, openid: string) {
  const [row] = await db
    .select({ account: socialAccounts })
    .from(wechatOpenids)
    .innerJoin(socialAccounts, eq(socialAccounts.id, wechatOpenids.socialAccountId))
    .where(and(eq(wechatOpenids.appId, appId), eq(wechatOpenids.openid, openid)));
  return row?.account ?? null;
}

export async function listForUser(db: Db, userId: string) {
  return db
    .select()
    .from(socialAccounts)
    .where(eq(socialAccounts.userId, userId))
    .orderBy(asc(socialAccounts.createdAt), asc(socialAccounts.id));
}

export async function findForUser(db: Db, userId: string, provider: string) {
  const [row] = await db
    .select()
    .from(socialAccounts)
    .where(and(eq(socialAccounts.userId, userId), eq(socialAccounts.provider, provider)));
  return row ?? null;
}

/** Inserts the link unless the person is already linked (to anyone); answers the row or null. */
export async function insertLink(
  db: Db,
  link: { userId: string; provider: string; subject: string; displayName: string; email: string | null },
) {
  const [row] = await db
    .insert(socialAccounts)
    .values({ ...link, lastUsedAt: new Date() })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

/** Refreshes what the provider says about the person now, and when the link was last used. */
export async function touchLink(
  db: Db,
  id: string,
  changes: { displayName: string; email?: string | null; subject?: string },
) {
  await db
    .update(socialAccounts)
    .set({ ...changes, lastUsedAt: new Date() })
    .where(eq(socialAccounts.id, id));
}

export async function rememberWechatOpenid(db: Db, appId: string, openid: string, socialAccountId: string) {
  await db.insert(wechatOpenids).values({ appId, openid, socialAccountId }).onConflictDoNothing();
}

export type UnlinkOutcome =
  | { kind: 'removed'; row: SocialAccountRow }
  | { kind: 'not_found' }
  | { kind: 'last_sign_in_method' };

/**
 * Removes one link of the user unless it is their last way to sign in (no password, no other
 * link). The user's row is locked first, so two unlinks at once cannot each leave the other as
 * the last one and both go.
 */
export async function unlinkUnlessLast(db: Db, userId: string, id: string): Promise<UnlinkOutcome> {
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const [row] = await tx
      .select()
      .from(socialAccounts)
      .where(and(eq(socialAccounts.id, id), eq(socialAccounts.userId, userId)));
    if (!row) return { kind: 'not_found' as const };
    const [others] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(socialAccounts)
      .where(and(eq(socialAccounts.userId, userId), ne(socialAccounts.id, id)));
    if (!(others?.n ?? 0) && !(await hasPassword(tx, userId)))
      return { kind: 'last_sign_in_method' as const };
    await tx.delete(socialAccounts).where(eq(socialAccounts.id, id));
    return { kind: 'removed' as const, row };
  });
}

/** Whether the user can sign in with a password (better-auth's credential account). */
export async function hasPassword(db: Db | Tx, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(
      and(
        eq(accounts.userId, userId),
        eq(accounts.providerId, 'credential'),
        sql`${accounts.password} is not null`,
      ),
    )
    .limit(1);
  return Boolean(row);
}

export async function findUserById(db: Db, id: string) {
  const [row] = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      emailVerified: users.emailVerified,
      banned: users.banned,
      twoFactorEnabled: users.twoFactorEnabled,
    })
    .from(users)
    .where(eq(users.id, id));
  return row ?? null;
}

export async function findUserByEmail(db: Db, email: string) {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return row ? findUserById(db, row.id) : null;
}

/** The display name of the user's linked WeChat account, if any. */
export async function wechatDisplayName(db: Db, userId: string): Promise<string | undefined> {
  const [wechat] = await db
    .select({ name: socialAccounts.displayName })
    .from(socialAccounts)
    .where(and(eq(socialAccounts.userId, userId), eq(socialAccounts.provider, 'wechat')))
    .limit(1);
  return wechat?.name;
}
