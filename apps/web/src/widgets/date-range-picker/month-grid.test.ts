import { describe, expect, it } from 'vitest';
import { monthWeeks, shiftMonth } from './month-grid';

describe('monthWeeks', () => {
  it('May 2024 from Sunday: the 1st (a Wednesday) is in the fourth column, five weeks', () => {
    const weeks = monthWeeks('2024-05', 0);
    expect(weeks).toHaveLength(5);
    expect(weeks[0]).toEqual([null, null, null, '2024-05-01', '2024-05-02', '2024-05-03', '2024-05-04']);
    expect(weeks[4]).toEqual([
      '2024-05-26',
      '2024-05-27',
      '2024-05-28',
      '2024-05-29',
      '2024-05-30',
      '2024-05-31',
      null,
    ]);
  });

  it('May 2024 from Monday: the 1st is in the third column', () => {
    expect(monthWeeks('2024-05', 1)[0]).toEqual([
      null,
      null,
      '2024-05-01',
      '2024-05-02',
      '2024-05-03',
      '2024-05-04',
      '2024-05-05',
    ]);
  });

  it('holds every day of the month once, leap February included', () => {
    const days = monthWeeks('2024-02', 1).flat().filter(Boolean);
    expect(days).toHaveLength(29);
    expect(days.at(-1)).toBe('2024-02-29');
  });

  it('February 2026 starting on a Sunday fills exactly four weeks', () => {
    expect(monthWeeks('2026-02', 0)).toHaveLength(4);
  });
});

describe('shiftMonth', () => {
  it('crosses years both ways', () => {
    expect(shiftMonth('2024-01', -1)).toBe('2023-12');
    expect(shiftMonth('2024-12', 1)).toBe('2025-01');
  });
});
