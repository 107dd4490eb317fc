import {
  DAYJS_DATE_FORMATS,
  DEFAULT_DATE_FORMAT,
} from '@app/contract/account/personalization/personalization';
import dayjs, { type Dayjs } from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { type DatePreferences, savedDatePreferences, setDatePreferences } from './date-preferences';

dayjs.extend(utc);
dayjs.extend(timezone);

/**
 * Display formats of spec section 9, used everywhere a size, count, date or price is shown, so
 * two pages never show the same value two ways. The numbers (counts, money, sizes, shares) are
 * written by `numbers.ts`, re-exported here.
 */
export {
  formatCompactNumber,
  formatCount,
  formatDecimal,
  formatFileSize,
  formatMoney,
  formatPercent,
} from './numbers';

/** Spec section 9 date formats (spec writes them `yyyy-MM-dd hh:mm:ss` etc.; 24-hour clock). */
export const DATE_FORMATS = {
  dateTime: 'YYYY-MM-DD HH:mm:ss',
  month: 'YYYY-MM',
  date: 'YYYY-MM-DD',
  hour: 'YYYY-MM-DD HH',
} as const;

export type { DatePreferences };

const DEFAULT_DATE_PREFERENCES: DatePreferences = { date_format: DEFAULT_DATE_FORMAT, timezone: null };

/**
 * The provider sets them whenever basic infos change (null when signed out), in
 * `date-preferences.ts`. Module state rather than a hook: table cells, grid value formatters and
 * other plain functions format dates too, and none of them can read React context.
 */
export { setDatePreferences };

export function getDatePreferences(): DatePreferences {
  return savedDatePreferences() ?? DEFAULT_DATE_PREFERENCES;
}

/** The dayjs pattern of the user's chosen format. */
export function userDateFormat(): string {
  return DAYJS_DATE_FORMATS[getDatePreferences().date_format];
}

/** Spec section 5: a timestamp is an integer of 10 digits (seconds) or 13 digits (milliseconds). */
export function isValidTimestamp(value: unknown): boolean {
  if (typeof value === 'number') return Number.isInteger(value) && /^(\d{10}|\d{13})$/.test(String(value));
  if (typeof value === 'string') return /^(\d{10}|\d{13})$/.test(value);
  return false;
}

export type DateInput = number | string | Date | Dayjs;

/**
 * Formats a wire timestamp (seconds or milliseconds), an ISO string or a date in the user's date
 * format and time zone, unless the caller names a format or zone (null zone = the browser's).
 * Anything that is not a valid time gives '' so a table cell stays empty rather than showing
 * "Invalid Date".
 */
export function formatDate(
  value: DateInput | null | undefined,
  format: string = userDateFormat(),
  timeZone: string | null = getDatePreferences().timezone,
): string {
  const date = toDayjs(value);
  return date ? inZone(date, timeZone).format(format) : '';
}

function inZone(date: Dayjs, timeZone: string | null): Dayjs {
  if (!timeZone) return date;
  try {
    return date.tz(timeZone);
  } catch {
    // A zone this browser does not know (older Intl data): its own clock beats no date at all.
    return date;
  }
}

function toDayjs(value: DateInput | null | undefined): Dayjs | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'number' || (typeof value === 'string' && /^\d+$/.test(value))) {
    if (!isValidTimestamp(value)) return null;
    const digits = String(value);
    const ms = digits.length === 10 ? Number(digits) * 1000 : Number(digits);
    return dayjs(ms);
  }
  const date = dayjs(value);
  return date.isValid() ? date : null;
}

/** Money travels as integer cents (ARCHITECTURE section 5). */
export function centsToAmount(cents: number): number {
  return cents / 100;
}

/** `12.34` (units) -> `1234` cents, rounded so binary fractions never lose a cent. */
export function amountToCents(amount: number): number {
  return Math.round(amount * 100);
}
