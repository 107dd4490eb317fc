import { describe, expect, it } from 'vitest';
import {
  formatCompactNumber,
  formatCount,
  formatDecimal,
  formatFileSize,
  formatMoney,
  formatPercent,
} from './numbers';

/**
 * One formatter for every number the UI shows (issue 26, item 4): a page never shows "2,000"
 * beside "2000". Counts, money, sizes and shares are grouped as the UI language groups them.
 */
const NNBSP = '\u202f'; // French groups thousands with a narrow no-break space.

describe('numbers read as the UI language writes them', () => {
  it('a count of 2000 reads "2,000" in English and Chinese and "2 000" in French', () => {
    expect(formatCount(2000, 'en_US')).toBe('2,000');
    expect(formatCount(2000, 'zh_CN')).toBe('2,000');
    expect(formatCount(2000, 'zh_HK')).toBe('2,000');
    expect(formatCount(2000, 'fr_FR')).toBe(`2${NNBSP}000`);
    expect(formatCount(1234.567, 'en_US')).toBe('1,234.57');
    expect(formatCount(Number.NaN, 'en_US')).toBe('');
  });

  it('without a language named, the UI language is used', () => {
    expect(formatCount(2000)).toBe('2,000');
  });

  it('money keeps its currency’s decimals and the product’s signs, grouped like a count', () => {
    expect(formatMoney(200_000, 'USD', 'en_US')).toBe('$2,000.00');
    expect(formatMoney(200_000, 'USD', 'fr_FR')).toMatch(new RegExp(`^2${NNBSP}000,00\\s\\$$`));
    expect(formatMoney(200_050, 'CNY', 'zh_CN')).toBe('¥2,000.50');
    expect(formatMoney(12_345, 'HKD', 'zh_HK')).toBe('HK$123.45');
    // The yen has no minor unit: its whole amounts are its minor units. It has no sign of ours.
    expect(formatMoney(2000, 'JPY', 'en_US')).toBe('JPY\u00a02,000');
    expect(formatMoney(-500, 'EUR', 'en_US')).toBe('-€5.00');
  });

  it('sizes, abbreviations, decimals and shares are grouped the same way', () => {
    expect(formatFileSize(2000 * 1024 ** 4, 'en_US')).toBe('2,000.00 TB');
    expect(formatFileSize(1536, 'fr_FR')).toBe('1,50 KB');
    expect(formatCompactNumber(2_000_000_000, 'en_US')).toBe('2,000M');
    expect(formatCompactNumber(1500, 'fr_FR')).toBe('1,5K');
    expect(formatDecimal(2000.5, 2, 'en_US')).toBe('2,000.50');
    expect(formatPercent(12.5, 'en_US')).toBe('12.5%');
    expect(formatPercent(12.5, 'fr_FR')).toMatch(/^12,5\s%$/);
  });
});
