import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { pickerToSeconds, secondsToPicker } from './picker-time';

// 2030-01-02 09:30 UTC.
const INSTANT = Date.UTC(2030, 0, 2, 9, 30) / 1000;

describe('picker times in the user time zone', () => {
  it('shows an instant at its wall-clock time in the chosen zone', () => {
    expect(secondsToPicker(INSTANT, 'Asia/Tokyo').format('YYYY-MM-DD HH:mm')).toBe('2030-01-02 18:30');
  });

  it('reads a picked wall-clock time in the chosen zone', () => {
    expect(pickerToSeconds(dayjs('2030-01-02T18:30:00'), 'Asia/Tokyo')).toBe(INSTANT);
  });

  it("without a chosen zone, uses the browser's clock both ways", () => {
    const picked = secondsToPicker(INSTANT, null);
    expect(picked.unix()).toBe(INSTANT);
    expect(pickerToSeconds(picked, null)).toBe(INSTANT);
  });

  it('round-trips in a zone', () => {
    expect(pickerToSeconds(secondsToPicker(INSTANT, 'America/New_York'), 'America/New_York')).toBe(INSTANT);
  });
});
