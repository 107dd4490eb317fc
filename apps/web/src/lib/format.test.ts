import { afterEach, describe, expect, it } from 'vitest';
import {
  DATE_FORMATS,
  type DatePreferences,
  formatCompactNumber,
  formatDate,
  formatFileSize,
  formatMoney,
  getDatePreferences,
  isValidTimestamp,
  setDatePreferences,
} from './format';

// Built from local wall-clock parts so the tests pass in any time zone.
const local = new Date(2024, 2, 5, 7, 8, 9);
const seconds = Math.floor(local.getTime() / 1000);

describe('file sizes (spec section 9: B, KB, MB, GB, TB with 2 decimals)', () => {
  it('steps by 1024 and always shows two decimals', () => {
    expect(formatFileSize(0)).toBe('0.00 B');
    expect(formatFileSize(512)).toBe('512.00 B');
    expect(formatFileSize(1536)).toBe('1.50 KB');
    expect(formatFileSize(20 * 1024 * 1024)).toBe('20.00 MB');
    expect(formatFileSize(3.25 * 1024 ** 3)).toBe('3.25 GB');
    expect(formatFileSize(2 * 1024 ** 4)).toBe('2.00 TB');
    expect(formatFileSize(5000 * 1024 ** 4)).toBe('5,000.00 TB');
  });

  it('rounds up into the next unit instead of showing 1024.00', () => {
    expect(formatFileSize(1024 * 1024 - 1)).toBe('1.00 MB');
  });

  it('shows nothing for a size that is not one', () => {
    expect(formatFileSize(-1)).toBe('');
    expect(formatFileSize(Number.NaN)).toBe('');
  });
});

describe('number abbreviations (spec section 9: K and M, up to 2 decimals)', () => {
  it('abbreviates thousands and millions with at most two decimals', () => {
    expect(formatCompactNumber(999)).toBe('999');
    expect(formatCompactNumber(1000)).toBe('1K');
    expect(formatCompactNumber(1234)).toBe('1.23K');
    expect(formatCompactNumber(1500)).toBe('1.5K');
    expect(formatCompactNumber(2_500_000)).toBe('2.5M');
    expect(formatCompactNumber(1_234_567_890)).toBe('1,234.57M');
    expect(formatCompactNumber(-4321)).toBe('-4.32K');
    expect(formatCompactNumber(12.345)).toBe('12.35');
  });

  it('999 999 becomes 1M, not 1000K', () => {
    expect(formatCompactNumber(999_999)).toBe('1M');
  });
});

describe('dates (spec section 9)', () => {
  it("default format is 'yyyy-MM-dd hh:mm:ss' on a 24-hour clock", () => {
    expect(formatDate(seconds)).toBe('2024-03-05 07:08:09');
    expect(formatDate(new Date(2024, 2, 5, 19, 8, 9))).toBe('2024-03-05 19:08:09');
  });

  it('the other formats: yyyy-MM, yyyy-MM-dd, yyyy-MM-dd hh', () => {
    expect(formatDate(seconds, DATE_FORMATS.month)).toBe('2024-03');
    expect(formatDate(seconds, DATE_FORMATS.date)).toBe('2024-03-05');
    expect(formatDate(seconds, DATE_FORMATS.hour)).toBe('2024-03-05 07');
  });

  it('reads 10-digit timestamps as seconds and 13-digit ones as milliseconds', () => {
    expect(formatDate(seconds * 1000)).toBe('2024-03-05 07:08:09');
    expect(formatDate(String(seconds))).toBe('2024-03-05 07:08:09');
  });

  it('shows nothing for a value that is not a valid time', () => {
    expect(formatDate(12345)).toBe('');
    expect(formatDate('not a date')).toBe('');
    expect(formatDate(null)).toBe('');
  });
});

describe("dates in the user's date format and time zone (account personalization)", () => {
  // 2023-11-14 22:13:20 UTC.
  const NOV_14_UTC = 1_700_000_000;

  afterEach(() => setDatePreferences(null));

  it('date_format yyyy-MM shows 2023-11', () => {
    setDatePreferences({ date_format: 'yyyy-MM', timezone: 'UTC' });
    expect(formatDate(NOV_14_UTC)).toBe('2023-11');
  });

  it('each of the four formats shows the time its way, on a 24-hour clock', () => {
    const shown = (preferences: DatePreferences) => {
      setDatePreferences(preferences);
      return formatDate(NOV_14_UTC);
    };
    expect(shown({ date_format: 'yyyy-MM-dd hh:mm:ss', timezone: 'UTC' })).toBe('2023-11-14 22:13:20');
    expect(shown({ date_format: 'yyyy-MM-dd', timezone: 'UTC' })).toBe('2023-11-14');
    expect(shown({ date_format: 'yyyy-MM-dd hh', timezone: 'UTC' })).toBe('2023-11-14 22');
    expect(shown({ date_format: 'yyyy-MM', timezone: 'UTC' })).toBe('2023-11');
  });

  it('shows the wall-clock time of the chosen zone, the date included', () => {
    setDatePreferences({ date_format: 'yyyy-MM-dd hh:mm:ss', timezone: 'Asia/Shanghai' });
    expect(formatDate(NOV_14_UTC)).toBe('2023-11-15 06:13:20');
    setDatePreferences({ date_format: 'yyyy-MM-dd hh:mm:ss', timezone: 'America/New_York' });
    expect(formatDate(NOV_14_UTC * 1000)).toBe('2023-11-14 17:13:20');
  });

  it('follows daylight saving in the zone (Paris is UTC+2 in July, UTC+1 in November)', () => {
    setDatePreferences({ date_format: 'yyyy-MM-dd hh', timezone: 'Europe/Paris' });
    expect(formatDate(Date.UTC(2024, 6, 1, 10))).toBe('2024-07-01 12');
    expect(formatDate(NOV_14_UTC)).toBe('2023-11-14 23');
  });

  it('no zone (null) follows the browser, as before', () => {
    setDatePreferences({ date_format: 'yyyy-MM-dd hh:mm:ss', timezone: null });
    expect(formatDate(seconds)).toBe('2024-03-05 07:08:09');
  });

  it('a format or zone named by the caller wins over the preference', () => {
    setDatePreferences({ date_format: 'yyyy-MM', timezone: 'Asia/Shanghai' });
    expect(formatDate(NOV_14_UTC, DATE_FORMATS.date)).toBe('2023-11-15');
    expect(formatDate(NOV_14_UTC, DATE_FORMATS.dateTime, 'UTC')).toBe('2023-11-14 22:13:20');
  });

  it('a zone the browser does not know falls back to its own clock instead of failing', () => {
    setDatePreferences({ date_format: 'yyyy-MM-dd hh:mm:ss', timezone: 'Mars/Olympus_Mons' });
    expect(formatDate(seconds)).toBe('2024-03-05 07:08:09');
  });

  it('signed out (null) goes back to the default format and the browser zone', () => {
    setDatePreferences({ date_format: 'yyyy-MM', timezone: 'UTC' });
    setDatePreferences(null);
    expect(getDatePreferences()).toEqual({ date_format: 'yyyy-MM-dd hh:mm:ss', timezone: null });
    expect(formatDate(seconds)).toBe('2024-03-05 07:08:09');
  });
});

describe('timestamps (spec section 5: valid if integers of 10 or 13 digits)', () => {
  it('accepts 10- and 13-digit integers, numbers or digit strings', () => {
    expect(isValidTimestamp(1_700_000_000)).toBe(true);
    expect(isValidTimestamp(1_700_000_000_000)).toBe(true);
    expect(isValidTimestamp('1700000000')).toBe(true);
  });

  it('rejects other lengths, fractions, negatives and non-numbers', () => {
    expect(isValidTimestamp(170_000_000)).toBe(false);
    expect(isValidTimestamp(17_000_000_000)).toBe(false);
    expect(isValidTimestamp(1_700_000_000.5)).toBe(false);
    expect(isValidTimestamp(-1_700_000_000)).toBe(false);
    expect(isValidTimestamp('17000000ab')).toBe(false);
    expect(isValidTimestamp(null)).toBe(false);
  });
});

describe('money (spec section 9: cents / 100 with the currency symbol)', () => {
  it('divides cents by 100 and adds the symbol', () => {
    expect(formatMoney(12_345, 'USD')).toBe('$123.45');
    expect(formatMoney(9900, 'CNY')).toBe('¥99.00');
    expect(formatMoney(123_456_789, 'eur')).toBe('€1,234,567.89');
    expect(formatMoney(-500, 'USD')).toBe('-$5.00');
    expect(formatMoney(100, 'SEK')).toBe('SEK\u00a01.00');
  });
});
