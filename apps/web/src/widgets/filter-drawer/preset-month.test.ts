import { describe, expect, it } from 'vitest';
import { presetMonth } from './preset-month';

const preset = (query: string) => presetMonth(new URLSearchParams(query))?.format('YYYY-MM-DD') ?? null;

describe('presetMonth (spec section 2: year_month or month, YYYYMM)', () => {
  it('reads year_month', () => {
    expect(preset('year_month=202405')).toBe('2024-05-01');
  });

  it('reads month', () => {
    expect(preset('month=202312')).toBe('2023-12-01');
  });

  it('prefers year_month over month', () => {
    expect(preset('month=202312&year_month=202401')).toBe('2024-01-01');
  });

  it('gives null for bad values and when absent', () => {
    expect(preset('')).toBeNull();
    expect(preset('month=202413')).toBeNull();
    expect(preset('month=202400')).toBeNull();
    expect(preset('month=2024-05')).toBeNull();
    expect(preset('year_month=24051')).toBeNull();
    expect(preset('month=abcdef')).toBeNull();
  });
});
