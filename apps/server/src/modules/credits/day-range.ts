import { validationError } from '../../platform/app-error';

/** A report range of whole days in the caller's time zone, as UTC instants [start, end). */
export interface DayRange {
  startDay: string;
  endDay: string;
  start: Date;
  end: Date;
  offsetHours: number;
}

const DAY_MS = 86_400_000;
const MAX_DAYS = 731;

function dayStart(day: string, offsetHours: number): number {
  const [y, m, d] = day.split('-').map(Number);
  const utc = Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1);
  if (Number.isNaN(utc) || new Date(utc).toISOString().slice(0, 10) !== day) return Number.NaN;
  return utc - offsetHours * 3_600_000;
}

function dayOf(instant: number, offsetHours: number): string {
  return new Date(instant + offsetHours * 3_600_000).toISOString().slice(0, 10);
}

/**
 * `start`..`end` (both included, `YYYY-MM-DD`); without them the last `defaultDays` days up to
 * today ("today" follows `x-tz-offset`, ARCHITECTURE section 5).
 */
export function dayRange(
  query: { start?: string; end?: string },
  offsetHours: number,
  defaultDays = 30,
  now = Date.now(),
): DayRange {
  const endDay = query.end ?? dayOf(now, offsetHours);
  const end = dayStart(endDay, offsetHours);
  if (Number.isNaN(end)) throw validationError({ end: 'A day as YYYY-MM-DD' });
  const startDay = query.start ?? dayOf(end - (defaultDays - 1) * DAY_MS, offsetHours);
  const start = dayStart(startDay, offsetHours);
  if (Number.isNaN(start)) throw validationError({ start: 'A day as YYYY-MM-DD' });
  if (start > end) throw validationError({ start: 'The start must not be after the end' });
  if ((end - start) / DAY_MS >= MAX_DAYS) throw validationError({ start: 'At most two years at a time' });
  return { startDay, endDay, start: new Date(start), end: new Date(end + DAY_MS), offsetHours };
}

/** Every day of the range, for a chart that shows days without use as zero. */
export function daysOf(range: DayRange): string[] {
  const days: string[] = [];
  for (let t = range.start.getTime(); t < range.end.getTime(); t += DAY_MS)
    days.push(dayOf(t, range.offsetHours));
  return days;
}
