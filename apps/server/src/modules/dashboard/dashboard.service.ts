import { count, desc, eq, gte, sql } from 'drizzle-orm';
import { serverErrors, sessions, users } from '../../db/schema';
import { toSeconds } from '../../platform/list-query';
import type { Platform } from '../../platform/platform';
import type { RequestContext } from '../../platform/request-context';

const DAY_MS = 24 * 3600 * 1000;

/** YYYY-MM-DD of an instant in the caller's time zone. */
function localDay(instant: number, offsetHours: number): string {
  return new Date(instant + offsetHours * 3600 * 1000).toISOString().slice(0, 10);
}

/** The admin home's tiles. Sign-ups are counted per day of the caller's time zone, empty days included. */
export async function getDashboard(platform: Platform, ctx: RequestContext, days: number) {
  const { db } = platform;
  const offsetMinutes = Math.round(ctx.tzOffsetHours * 60);
  const today = localDay(Date.now(), ctx.tzOffsetHours);
  const firstDay = new Date(Date.parse(`${today}T00:00:00Z`) - (days - 1) * DAY_MS);
  const since = new Date(firstDay.getTime() - offsetMinutes * 60 * 1000);
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
  const byDay = new Map(perDay.map((row) => [row.day, Number(row.n)]));
  return {
    users_total: totals?.n ?? 0,
    users_banned: banned?.n ?? 0,
    active_sessions: active?.n ?? 0,
    signups_per_day: Array.from({ length: days }, (_, i) => {
      const date = new Date(firstDay.getTime() + i * DAY_MS).toISOString().slice(0, 10);
      return { date, count: byDay.get(date) ?? 0 };
    }),
    recent_server_errors: errors.map((e) => ({
      id: e.id,
      req_id: e.reqId,
      route: e.route,
      message: e.message,
      creation_time: toSeconds(e.createdAt),
    })),
  };
}
