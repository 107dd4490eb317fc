import type { CompareInput, DateRangeInput, QuickRange } from '@app/contract/analytics/query';

/** A day as `YYYY-MM-DD`; ranges are inclusive of both ends. */
export type Day = string;

export interface DayRange {
  start: Day;
  end: Day;
}

const DAY_MS = 86_400_000;

function parts(day: Day): [number, number, number] {
  const [y = 0, m = 1, d = 1] = day.split('-').map(Number);
  return [y, m, d];
}

function toDay(ms: number): Day {
  return new Date(ms).toISOString().slice(0, 10);
}

function dayMs(day: Day): number {
  const [y, m, d] = parts(day);
  return Date.UTC(y, m - 1, d);
}

export function addDays(day: Day, days: number): Day {
  return toDay(dayMs(day) + days * DAY_MS);
}

/** Whole days from `a` to `b` (b - a). */
export function daysBetween(a: Day, b: Day): number {
  return Math.round((dayMs(b) - dayMs(a)) / DAY_MS);
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** The same day `months` months away, clamped to the month's length (31 March - 1 month = 28/29 February). */
export function addMonths(day: Day, months: number): Day {
  const [y, m, d] = parts(day);
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  return toDay(Date.UTC(year, month - 1, Math.min(d, daysInMonth(year, month))));
}

/** A year earlier; 29 February maps to 28 February. */
export function minusYear(day: Day): Day {
  return addMonths(day, -12);
}

/** "Today" where the caller is: `x-tz-offset` hours east of UTC. */
export function todayAt(tzOffsetHours: number, now = Date.now()): Day {
  return toDay(now + tzOffsetHours * 3_600_000);
}

/**
 * Spec section 9's quick ranges. The "last N days" are the N whole days before today (today is
 * still being counted), as the analytics tools people know show them.
 */
export function quickRange(name: QuickRange, today: Day): DayRange {
  switch (name) {
    case 'today':
      return { start: today, end: today };
    case 'yesterday':
      return { start: addDays(today, -1), end: addDays(today, -1) };
    case 'last_7_days':
      return { start: addDays(today, -7), end: addDays(today, -1) };
    case 'last_30_days':
      return { start: addDays(today, -30), end: addDays(today, -1) };
    case 'last_90_days':
      return { start: addDays(today, -90), end: addDays(today, -1) };
    case 'last_365_days':
      return { start: addDays(today, -365), end: addDays(today, -1) };
    case 'last_calendar_year': {
      const year = parts(today)[0] - 1;
      return { start: `${year}-01-01`, end: `${year}-12-31` };
    }
  }
}

export function resolveRange(input: DateRangeInput, today: Day): DayRange {
  return typeof input === 'string' ? quickRange(input, today) : { start: input.start, end: input.end };
}

/** A range that is exactly one or more whole calendar months. */
function isWholeMonths(range: DayRange): boolean {
  const [, , startDay] = parts(range.start);
  const [ey, em, ed] = parts(range.end);
  return startDay === 1 && ed === daysInMonth(ey, em);
}

function monthsSpanned(range: DayRange): number {
  const [sy, sm] = parts(range.start);
  const [ey, em] = parts(range.end);
  return (ey - sy) * 12 + (em - sm) + 1;
}

/**
 * The comparison range of `current` and how each current day maps onto it (for rows grouped by a
 * time grain). Rules, stated once and tested:
 * - YoY: the same dates a year earlier; 29 February maps to 28 February.
 * - MoM: whole calendar months map to the whole months just before (March 1-31 -> February 1-28);
 *   any other range shifts back one month, each end clamped to its month's length.
 * - Preceding: the same number of days immediately before.
 * - An explicit range: itself; days map by their offset from its start.
 */
export function comparisonRange(
  current: DayRange,
  compare: CompareInput,
): { range: DayRange; map: (day: Day) => Day } {
  if (typeof compare !== 'string') {
    const offset = daysBetween(current.start, compare.start);
    return { range: { start: compare.start, end: compare.end }, map: (day) => addDays(day, offset) };
  }
  switch (compare) {
    case 'yoy':
      return { range: { start: minusYear(current.start), end: minusYear(current.end) }, map: minusYear };
    case 'mom': {
      if (isWholeMonths(current)) {
        const months = monthsSpanned(current);
        const start = addMonths(current.start, -months);
        const [ey, em] = parts(addMonths(current.start, -1));
        const end = toDay(Date.UTC(ey, em - 1, daysInMonth(ey, em)));
        return { range: { start, end }, map: (day) => addMonths(day, -months) };
      }
      return {
        range: { start: addMonths(current.start, -1), end: addMonths(current.end, -1) },
        map: (day) => addMonths(day, -1),
      };
    }
    case 'preceding': {
      const length = daysBetween(current.start, current.end) + 1;
      return {
        range: { start: addDays(current.start, -length), end: addDays(current.start, -1) },
        map: (day) => addDays(day, -length),
      };
    }
  }
}

export const RANGE_LABELS: Record<QuickRange, string> = {
  today: 'Today',
  yesterday: 'Yesterday',
  last_7_days: 'Last 7 days',
  last_30_days: 'Last 30 days',
  last_90_days: 'Last 90 days',
  last_365_days: 'Last 365 days',
  last_calendar_year: 'Last calendar year',
};

export const COMPARE_LABELS: Record<'yoy' | 'mom' | 'preceding', string> = {
  yoy: 'Same period last year',
  mom: 'Previous month',
  preceding: 'Preceding period',
};
