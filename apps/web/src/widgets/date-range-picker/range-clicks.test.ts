import { describe, expect, it } from 'vitest';
import { clickDay } from './range-clicks';

describe('clickDay (spec section 4: first click sets the start, second sets the end)', () => {
  it('the first click sets the start and waits for the end', () => {
    expect(clickDay(null, '2024-05-03')).toEqual({ pending: '2024-05-03' });
  });

  it('the second click sets the end and confirms the range', () => {
    expect(clickDay('2024-05-03', '2024-05-10')).toEqual({
      range: { start: '2024-05-03', end: '2024-05-10' },
    });
  });

  it('the second click before the first swaps them: start is the earlier day', () => {
    expect(clickDay('2024-05-10', '2024-05-03')).toEqual({
      range: { start: '2024-05-03', end: '2024-05-10' },
    });
  });

  it('the same day twice is a one-day range', () => {
    expect(clickDay('2024-05-03', '2024-05-03')).toEqual({
      range: { start: '2024-05-03', end: '2024-05-03' },
    });
  });
});
