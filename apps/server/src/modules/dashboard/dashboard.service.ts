import { toSeconds } from '../../platform/list-query';
import type { Platform } from '../../platform/platform';
import type { RequestContext } from '../../platform/request-context';
import { dashboardCounts } from './dashboard.repo';

const DAY_MS = 24 * 3600 * 1000;

/** YYYY-MM-DD of an instant in the caller's time zone. */
function localDay(instant: number, offsetHours: number): string {
  return new Date(instant + offsetHours * 3600 * 1000).toISOString().slice(0, 10);
}

/** The admin home's tiles. Sign-ups are counted per day of the caller's time zone, empty days included. */
export async function getDashboard(platform: Platform, ctx: RequestContext, days: number) {
  const offsetMinutes = Math.round(ctx.tzOffsetHours * 60);
  const today = localDay(Date.now(), ctx.tzOffsetHours);
  const firstDay = new Date(Date.parse(`${today}T00:00:00Z`) - (days - 1) * DAY_MS);
  const since = new Date(firstDay.getTime() - offsetMinutes * 60 * 1000);
  const counts = await dashboardCounts(platform.db, since, offsetMinutes);
  return {
    users_total: counts.usersTotal,
    users_banned: counts.usersBanned,
    active_sessions: counts.activeSessions,
    signups_per_day: Array.from({ length: days }, (_, i) => {
      const date = new Date(firstDay.getTime() + i * DAY_MS).toISOString().slice(0, 10);
      return { date, count: counts.signupsByDay.get(date) ?? 0 };
    }),
    recent_server_errors: counts.recentErrors.map((e) => ({
      id: e.id,
      req_id: e.reqId,
      route: e.route,
      message: e.message,
      creation_time: toSeconds(e.createdAt),
    })),
  };
}
