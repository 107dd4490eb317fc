import { describe, expect, it } from 'vitest';
import { byteTickLabel, byteTicks } from './byte-ticks';

describe('byte axis ticks', () => {
  it('15,000 bytes: 0, 5, 10, 15 KB (not 4.88 / 9.77 / 14.65 KB)', () => {
    expect(byteTicks(15_000).map(byteTickLabel)).toEqual(['0 B', '5 KB', '10 KB', '15 KB']);
  });

  it('a few hundred megabytes: round megabytes, at most six ticks', () => {
    const ticks = byteTicks(340 * 1024 * 1024);
    expect(ticks.map(byteTickLabel)).toEqual(['0 B', '100 MB', '200 MB', '300 MB', '400 MB']);
    expect(ticks.length).toBeLessThanOrEqual(6);
  });

  it('the top tick is at or above the largest value; nothing to show gives one tick at 0', () => {
    for (const max of [1, 700, 1023, 1024, 1_500_000, 3 * 1024 ** 3]) {
      const ticks = byteTicks(max);
      expect(ticks.at(-1)).toBeGreaterThanOrEqual(max);
      expect(ticks.length).toBeLessThanOrEqual(6);
    }
    expect(byteTicks(0)).toEqual([0]);
  });

  it('labels keep needed decimals only', () => {
    expect(byteTickLabel(1.5 * 1024 * 1024)).toBe('1.5 MB');
    expect(byteTickLabel(2048)).toBe('2 KB');
  });
});
