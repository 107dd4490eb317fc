import { describe, expect, it } from 'vitest';
import { fitAdText } from './ad-text-fit';

describe('fitAdText: input past the limit is refused', () => {
  it('takes an edit that fits', () => {
    expect(fitAdText('Run', 'Running', 30)).toBe('Running');
  });

  it('refuses a character that would pass the limit', () => {
    expect(fitAdText('a'.repeat(30), `${'a'.repeat(30)}b`, 30)).toBe('a'.repeat(30));
  });

  it('counts a full-width character as two: 15 Chinese characters fill 30', () => {
    const full = '运'.repeat(15);
    expect(fitAdText(full, `${full}动`, 30)).toBe(full);
    expect(fitAdText('a'.repeat(29), `${'a'.repeat(29)}动`, 30)).toBe('a'.repeat(29));
    expect(fitAdText('a'.repeat(28), `${'a'.repeat(28)}动`, 30)).toBe(`${'a'.repeat(28)}动`);
  });

  it('keeps what fits of a paste, where it was pasted, and the text around it', () => {
    expect(fitAdText('Hello world', 'Hello big wide world', 15)).toBe('Hello big world');
  });

  it('lets an over-long text (from elsewhere) be shortened, but not lengthened', () => {
    const long = 'x'.repeat(35);
    expect(fitAdText(long, 'x'.repeat(34), 30)).toBe('x'.repeat(34));
    expect(fitAdText(long, `${long}y`, 30)).toBe(long);
  });
});
