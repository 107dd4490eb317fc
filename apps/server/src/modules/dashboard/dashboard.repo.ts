import { count, desc, eq, gte, sql } from 'drizzle-orm';
import { serverErrors, sessions, users } from '../../db/schema';
import type { Db } from '../../platform/db';

/**
 * The admin home's counts in one round of parallel queries. Sign-ups are grouped by the day of
 * `offsetMinutes` (the caller's time zone) from `since` on.
 */
export async function dashboardCounts(db: Db, since: Date, offsetMinutes: number) {
  // Inlined (an integer we computed), so SELECT and GROUP BY are the same expression to Postgres.
  const shift = sql.raw(`interval '${Math.trunc(offsetMinutes)} minutes'`);
  const day = sql<string>`to_char((${users.createdAt} at time zone 'UTC') + ${shift}, 'YYYY-MM-DD')`;
  const [[totals], [banned], [active], perDay, errors] = await Promise.all([
    db.select({ n: count() }).from(users),
    db.select({ n: count() }).from(users).where(eq(users.banned, true)),
    db.select({ n: count() }).from(sessions).where(sql`${sessions.expiresAt} > now()`),
    db.select({ day, n: count() }).from(users).where(gte(users.createdAt, since)).groupBy(day),
    db.select().from(serverErrors).orderBy(desc(serverErrors.createdAt)).limit(10),
  ]);
  return {
    usersTotal: totals?.n ?? 0,
    usersBanned: banned?.n ?? 0,
    activeSessions: active?.n ?? 0,
    signupsByDay: new Map(perDay.map((row) => [row.day, Number(row.n)])),
    recentErrors: errors,
  };
}
