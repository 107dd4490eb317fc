import {
  type CompareInput,
  type DateRangeInput,
  lastDaysOf,
  type NamedQuickRange,
  type QuickRange,
} from './query';

/** A day as `YYYY-MM-DD`; ranges are inclusive of both ends. */
export type Day = string;

export interface DayRange {
  start: Day;
  end: Day;
}

/** How a day of one range maps onto another: moved by whole days, months or years (clamped). */
export interface DayShift {
  unit: 'day' | 'month' | 'year';
  amount: number;
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

/** The first day of `day`'s calendar quarter. */
function quarterStart(day: Day): Day {
  const [y, m] = parts(day);
  return `${y}-${String(Math.floor((m - 1) / 3) * 3 + 1).padStart(2, '0')}-01`;
}

/** The Monday of `day`'s week (weeks run Monday to Sunday, as ISO and DuckDB's date_trunc count them). */
function weekStart(day: Day): Day {
  const back = (new Date(dayMs(day)).getUTCDay() + 6) % 7;
  return addDays(day, -back);
}

/**
 * Spec section 9's quick ranges and the ones people say (contract `QUICK_RANGES`). "Last N days"
 * are the N whole days before today (today is still being counted), as GA4, Google Ads and Looker
 * Studio show them; "today", "so far" and "to date" include today; the last week is last Monday
 * to Sunday; last month, quarter and calendar year are whole.
 */
export function quickRange(name: QuickRange, today: Day): DayRange {
  const days = lastDaysOf(name);
  if (days !== null) return { start: addDays(today, -days), end: addDays(today, -1) };
  switch (name as NamedQuickRange) {
    case 'today':
      return { start: today, end: today };
    case 'yesterday':
      return { start: addDays(today, -1), end: addDays(today, -1) };
    case 'last_calendar_year': {
      const year = parts(today)[0] - 1;
      return { start: `${year}-01-01`, end: `${year}-12-31` };
    }
    case 'this_month_so_far':
      return { start: `${today.slice(0, 7)}-01`, end: today };
    case 'last_month': {
      const first = addMonths(`${today.slice(0, 7)}-01`, -1);
      return { start: first, end: addDays(addMonths(first, 1), -1) };
    }
    case 'this_quarter_so_far':
      return { start: quarterStart(today), end: today };
    case 'last_quarter': {
      const first = addMonths(quarterStart(today), -3);
      return { start: first, end: addDays(quarterStart(today), -1) };
    }
    case 'this_year_to_date':
      return { start: `${today.slice(0, 4)}-01-01`, end: today };
    case 'last_week': {
      const monday = addDays(weekStart(today), -7);
      return { start: monday, end: addDays(monday, 6) };
    }
    default:
      // The named "last N days" (last_7_days, ...) were answered above; the contract allows no other.
      throw new Error(`unknown quick range ${name}`);
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
): { range: DayRange; map: (day: Day) => Day; shift: DayShift } {
  if (typeof compare !== 'string') {
    const offset = daysBetween(current.start, compare.start);
    return {
      range: { start: compare.start, end: compare.end },
      map: (day) => addDays(day, offset),
      shift: { unit: 'day', amount: offset },
    };
  }
  switch (compare) {
    case 'yoy':
      return {
        range: { start: minusYear(current.start), end: minusYear(current.end) },
        map: minusYear,
        shift: { unit: 'year', amount: -1 },
      };
    case 'mom': {
      if (isWholeMonths(current)) {
        const months = monthsSpanned(current);
        const start = addMonths(current.start, -months);
        const [ey, em] = parts(addMonths(current.start, -1));
        const end = toDay(Date.UTC(ey, em - 1, daysInMonth(ey, em)));
        return {
          range: { start, end },
          map: (day) => addMonths(day, -months),
          shift: { unit: 'month', amount: -months },
        };
      }
      return {
        range: { start: addMonths(current.start, -1), end: addMonths(current.end, -1) },
        map: (day) => addMonths(day, -1),
        shift: { unit: 'month', amount: -1 },
      };
    }
    case 'preceding': {
      const length = daysBetween(current.start, current.end) + 1;
      return {
        range: { start: addDays(current.start, -length), end: addDays(current.start, -1) },
        map: (day) => addDays(day, -length),
        shift: { unit: 'day', amount: -length },
      };
    }
  }
}

/** Each named quick range's label (msgids, translated in the four languages). */
export const RANGE_LABELS: Record<NamedQuickRange, string> = {
  today: 'Today',
  yesterday: 'Yesterday',
  last_7_days: 'Last 7 days',
  last_30_days: 'Last 30 days',
  last_90_days: 'Last 90 days',
  last_365_days: 'Last 365 days',
  last_calendar_year: 'Last calendar year',
  this_month_so_far: 'This month so far',
  last_month: 'Last month',
  this_quarter_so_far: 'This quarter so far',
  last_quarter: 'Last quarter',
  this_year_to_date: 'This year to date',
  last_week: 'Last week',
};

/**
 * A msgid in the reader's language; given a `count`, filled in and in the plural form that count
 * takes (the web's `t`, the server's `say`), with the English singular beside it.
 */
export type CountTranslate = (msgid: string, values?: { count: number; defaultValue_one: string }) => string;

/** The label of any quick range in the caller's language: "Last 45 days" too. */
export function rangeLabelOf(name: QuickRange, t: CountTranslate): string {
  const named = (RANGE_LABELS as Record<string, string>)[name];
  if (named) return t(named);
  return t('Last {{count}} days', { count: lastDaysOf(name) ?? 0, defaultValue_one: 'Last {{count}} day' });
}

export const COMPARE_LABELS: Record<'yoy' | 'mom' | 'preceding', string> = {
  yoy: 'Same period last year',
  mom: 'Previous month',
  preceding: 'Preceding period',
};
