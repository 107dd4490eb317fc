import { describe, expect, it } from 'vitest';
import { dateRangeText, dateRangeValue, fullDateValue, withCompare } from './date-range-value';

const t = (msgid: string, options?: Record<string, string | number>) =>
  msgid.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => String(options?.[name] ?? whole));

describe('dateRangeValue (compare dates come from the contract’s comparisonRange)', () => {
  const may = { start: '2024-05-01', end: '2024-05-31' };

  it('without a compare mode carries only the days (and the quick range)', () => {
    expect(dateRangeValue(may)).toEqual({ startDate: '2024-05-01', endDate: '2024-05-31' });
    expect(dateRangeValue(may, undefined, 'last_month')).toEqual({
      startDate: '2024-05-01',
      endDate: '2024-05-31',
      range: 'last_month',
    });
  });

  it('YoY is the same days a year earlier', () => {
    expect(dateRangeValue(may, 'yoy')).toMatchObject({
      compare: 'yoy',
      compareStartDate: '2023-05-01',
      compareEndDate: '2023-05-31',
    });
  });

  it('MoM of a whole month is the whole month before', () => {
    expect(dateRangeValue(may, 'mom')).toMatchObject({
      compareStartDate: '2024-04-01',
      compareEndDate: '2024-04-30',
    });
  });

  it('Preceding is as many days just before', () => {
    expect(dateRangeValue({ start: '2024-05-08', end: '2024-05-14' }, 'preceding')).toMatchObject({
      compareStartDate: '2024-05-01',
      compareEndDate: '2024-05-07',
    });
  });

  it('choosing no comparison drops the compare fields and keeps the quick range', () => {
    const compared = dateRangeValue(may, 'yoy', 'last_month');
    expect(withCompare(compared, undefined)).toEqual({
      startDate: '2024-05-01',
      endDate: '2024-05-31',
      range: 'last_month',
    });
  });
});

describe('dateRangeText', () => {
  it('names a quick range with its days, else shows start – end, one day once', () => {
    expect(dateRangeText({ startDate: '2024-05-08', endDate: '2024-05-14', range: 'last_7_days' }, t)).toBe(
      'Last 7 days (2024-05-08 – 2024-05-14)',
    );
    expect(dateRangeText({ startDate: '2024-05-01', endDate: '2024-05-09' }, t)).toBe(
      '2024-05-01 – 2024-05-09',
    );
    expect(dateRangeText({ startDate: '2024-05-01', endDate: '2024-05-01' }, t)).toBe('2024-05-01');
    expect(dateRangeText({ startDate: '2024-04-16', endDate: '2024-05-14', range: 'last_29_days' }, t)).toBe(
      'Last 29 days (2024-04-16 – 2024-05-14)',
    );
  });

  it('adds the comparison with its days', () => {
    expect(dateRangeText(dateRangeValue({ start: '2024-05-01', end: '2024-05-31' }, 'mom'), t)).toBe(
      '2024-05-01 – 2024-05-31 vs Previous month (2024-04-01 – 2024-04-30)',
    );
  });
});

describe('fullDateValue (a value as of today)', () => {
  it('a range alone (a stored default) gets the days it names today', () => {
    expect(fullDateValue({ range: 'last_30_days' }, '2024-05-15')).toEqual({
      startDate: '2024-04-15',
      endDate: '2024-05-14',
      range: 'last_30_days',
    });
  });

  it('the quick range wins over the dates stored with it', () => {
    expect(
      fullDateValue({ range: 'yesterday', startDate: '2024-01-01', endDate: '2024-01-01' }, '2024-05-15'),
    ).toEqual({
      startDate: '2024-05-14',
      endDate: '2024-05-14',
      range: 'yesterday',
    });
  });

  it('a compare mode alone gets its days', () => {
    expect(fullDateValue({ range: 'last_month', compare: 'yoy' }, '2024-05-15')).toMatchObject({
      compareStartDate: '2023-04-01',
      compareEndDate: '2023-04-30',
    });
  });

  it('no range and no dates name no days', () => {
    expect(fullDateValue({}, '2024-05-15')).toBeNull();
  });
});
