import { addMonths, comparisonRange, quickRange, todayAt } from '@app/contract/analytics/date-ranges';
import { describe, expect, it } from 'vitest';

describe('date ranges and comparisons (spec sections 5 and 9)', () => {
  it('"today" is where the caller is: 23:30 UTC is already tomorrow at UTC+8 and still today at UTC-5', () => {
    const now = Date.UTC(2026, 10, 24, 23, 30);
    expect(todayAt(0, now)).toBe('2026-11-24');
    expect(todayAt(8, now)).toBe('2026-11-25');
    expect(todayAt(-5, now)).toBe('2026-11-24');
    expect(todayAt(5.5, Date.UTC(2026, 10, 24, 18, 45))).toBe('2026-11-25');
  });

  it('quick ranges: the last N days are the N whole days before today; last calendar year is January to December', () => {
    expect(quickRange('today', '2026-03-01')).toEqual({ start: '2026-03-01', end: '2026-03-01' });
    expect(quickRange('yesterday', '2026-03-01')).toEqual({ start: '2026-02-28', end: '2026-02-28' });
    expect(quickRange('last_7_days', '2026-03-01')).toEqual({ start: '2026-02-22', end: '2026-02-28' });
    expect(quickRange('last_30_days', '2026-03-01')).toEqual({ start: '2026-01-30', end: '2026-02-28' });
    expect(quickRange('last_calendar_year', '2026-03-01')).toEqual({
      start: '2025-01-01',
      end: '2025-12-31',
    });
  });

  it('the ranges people say: so far and to date include today; last month, quarter and week are whole; weeks run Monday to Sunday', () => {
    // Friday 27 November 2026.
    const today = '2026-11-27';
    expect(quickRange('this_month_so_far', today)).toEqual({ start: '2026-11-01', end: '2026-11-27' });
    expect(quickRange('last_month', today)).toEqual({ start: '2026-10-01', end: '2026-10-31' });
    expect(quickRange('this_quarter_so_far', today)).toEqual({ start: '2026-10-01', end: '2026-11-27' });
    expect(quickRange('last_quarter', today)).toEqual({ start: '2026-07-01', end: '2026-09-30' });
    expect(quickRange('this_year_to_date', today)).toEqual({ start: '2026-01-01', end: '2026-11-27' });
    expect(quickRange('last_week', today)).toEqual({ start: '2026-11-16', end: '2026-11-22' });
    // On a Monday, last week is the seven days just ended; on a Sunday, the week before this one.
    expect(quickRange('last_week', '2026-11-23')).toEqual({ start: '2026-11-16', end: '2026-11-22' });
    expect(quickRange('last_week', '2026-11-22')).toEqual({ start: '2026-11-09', end: '2026-11-15' });
    // Across a year: January's last month is December, its last quarter the fourth.
    expect(quickRange('last_month', '2027-01-10')).toEqual({ start: '2026-12-01', end: '2026-12-31' });
    expect(quickRange('last_quarter', '2027-01-10')).toEqual({ start: '2026-10-01', end: '2026-12-31' });
    expect(quickRange('last_month', '2024-03-31')).toEqual({ start: '2024-02-01', end: '2024-02-29' });
  });

  it('last N days for any N from 1 to 730: the N whole days ending yesterday', () => {
    expect(quickRange('last_1_days', '2026-03-01')).toEqual({ start: '2026-02-28', end: '2026-02-28' });
    expect(quickRange('last_45_days', '2026-03-01')).toEqual({ start: '2026-01-15', end: '2026-02-28' });
    expect(quickRange('last_730_days', '2026-03-01')).toEqual({ start: '2024-03-01', end: '2026-02-28' });
  });

  it('YoY: the same dates a year earlier, 29 February maps to 28 February', () => {
    const { range, map } = comparisonRange({ start: '2024-02-29', end: '2024-03-06' }, 'yoy');
    expect(range).toEqual({ start: '2023-02-28', end: '2023-03-06' });
    expect(map('2024-02-29')).toBe('2023-02-28');
    expect(map('2024-03-01')).toBe('2023-03-01');
  });

  it('MoM: a whole month maps to the whole previous month, whatever their lengths', () => {
    expect(comparisonRange({ start: '2026-03-01', end: '2026-03-31' }, 'mom').range).toEqual({
      start: '2026-02-01',
      end: '2026-02-28',
    });
    expect(comparisonRange({ start: '2024-03-01', end: '2024-03-31' }, 'mom').range).toEqual({
      start: '2024-02-01',
      end: '2024-02-29',
    });
    expect(comparisonRange({ start: '2026-02-01', end: '2026-02-28' }, 'mom').range).toEqual({
      start: '2026-01-01',
      end: '2026-01-31',
    });
    // Two whole months map to the two before them.
    expect(comparisonRange({ start: '2026-03-01', end: '2026-04-30' }, 'mom').range).toEqual({
      start: '2026-01-01',
      end: '2026-02-28',
    });
  });

  it('MoM: any other range shifts back one month with each end clamped to its month', () => {
    expect(comparisonRange({ start: '2026-03-15', end: '2026-03-31' }, 'mom').range).toEqual({
      start: '2026-02-15',
      end: '2026-02-28',
    });
    expect(addMonths('2026-05-31', -1)).toBe('2026-04-30');
    expect(addMonths('2026-01-31', -1)).toBe('2025-12-31');
  });

  it('Preceding: the same number of days immediately before', () => {
    const { range, map } = comparisonRange({ start: '2026-03-01', end: '2026-03-30' }, 'preceding');
    expect(range).toEqual({ start: '2026-01-30', end: '2026-02-28' });
    expect(map('2026-03-01')).toBe('2026-01-30');
    expect(comparisonRange({ start: '2026-03-01', end: '2026-03-01' }, 'preceding').range).toEqual({
      start: '2026-02-28',
      end: '2026-02-28',
    });
  });

  it('an explicit second range maps days by their offset from its start', () => {
    const { range, map } = comparisonRange(
      { start: '2026-03-01', end: '2026-03-10' },
      { start: '2025-12-01', end: '2025-12-10' },
    );
    expect(range).toEqual({ start: '2025-12-01', end: '2025-12-10' });
    expect(map('2026-03-05')).toBe('2025-12-05');
  });
});
