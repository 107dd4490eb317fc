import { currentLocale, toLanguageTag } from './i18n/locales';
import type { Locale } from './light-contract';

/**
 * Every number the UI shows (a count, an amount of money, a file size, a share) is written here,
 * in the UI language, with that language's grouping: 2000 reads "2,000" in English and "2 000"
 * (a narrow no-break space) in French, on every page, so one page never shows "2,000" beside
 * "2000". A count placed in a translated text goes through here too: i18next formats `{{count}}`
 * with `formatCount` (lib/i18n/i18n.ts), and other numbers are passed formatted. Kept apart from
 * `format.ts` (which re-exports it) because i18next's set-up needs it on every page, the sign-in
 * pages too, and the date formats there bring the contract's zod schemas with them.
 */

const cache = new Map<string, Intl.NumberFormat>();

function numberFormat(loc: Locale, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${loc} ${JSON.stringify(options)}`;
  let format = cache.get(key);
  if (!format) {
    format = new Intl.NumberFormat(toLanguageTag(loc), options);
    cache.set(key, format);
  }
  return format;
}

/** `2000` -> `2,000` (en_US), `2 000` (fr_FR): grouped, at most two decimals. */
export function formatCount(value: number, loc: Locale = currentLocale()): string {
  if (!Number.isFinite(value)) return '';
  return numberFormat(loc, { maximumFractionDigits: 2 }).format(value);
}

/** `1.5, 2` -> `1.50`: grouped, with exactly `decimals` decimals (seconds, units of a size). */
export function formatDecimal(value: number, decimals: number, loc: Locale = currentLocale()): string {
  if (!Number.isFinite(value)) return '';
  return numberFormat(loc, { minimumFractionDigits: decimals, maximumFractionDigits: decimals }).format(
    value,
  );
}

/** `12.5` (a percentage, 0 to 100) -> `12.5%` (en_US), `12,5 %` (fr_FR); one decimal. */
export function formatPercent(percent: number, loc: Locale = currentLocale()): string {
  if (!Number.isFinite(percent)) return '';
  return numberFormat(loc, { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(
    percent / 100,
  );
}

const SIZE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

/** `1536` -> `1.50 KB` (spec section 9): binary steps, B to TB, always two decimals. */
export function formatFileSize(bytes: number, loc: Locale = currentLocale()): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '';
  let value = bytes;
  let unit = 0;
  // Compare the rounded value so 1023.999 KB shows as 1.00 MB, not 1024.00 KB.
  while (Number(value.toFixed(2)) >= 1024 && unit < SIZE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${formatDecimal(value, 2, loc)} ${SIZE_UNITS[unit]}`;
}

/** `1234` -> `1.23K`, `2500000` -> `2.5M` (spec section 9): K and M with at most two decimals. */
export function formatCompactNumber(value: number, loc: Locale = currentLocale()): string {
  if (!Number.isFinite(value)) return '';
  const abs = Math.abs(value);
  const round = (n: number) => Number(n.toFixed(2));
  const signed = (n: number) => (value < 0 ? -n : n);
  if (round(abs / 1_000_000) >= 1 || round(abs / 1000) >= 1000) {
    return `${formatCount(signed(round(abs / 1_000_000)), loc)}M`;
  }
  if (abs >= 1000) return `${formatCount(signed(round(abs / 1000)), loc)}K`;
  return formatCount(signed(round(abs)), loc);
}

/** The product's own signs for its currencies; the rest is as the UI language writes it. */
const CURRENCY_SYMBOLS: Record<string, string> = {
  USD: '$',
  CNY: '¥',
  EUR: '€',
  GBP: '£',
  HKD: 'HK$',
};

/**
 * Money travels as whole minor units (cents; ARCHITECTURE section 5): `12345, 'USD'` -> `$123.45`
 * (en_US), `123,45 $` (fr_FR). The currency says how many decimals (two for the dollar, none for
 * the yen); a currency without a sign of ours is shown by its code (`SEK 1.00`).
 */
export function formatMoney(minorUnits: number, currency = 'USD', loc: Locale = currentLocale()): string {
  if (!Number.isFinite(minorUnits)) return '';
  const code = currency.toUpperCase();
  const symbol = CURRENCY_SYMBOLS[code];
  let format: Intl.NumberFormat;
  try {
    // Another currency is named by its code: "kr" alone would not say which crown.
    format = numberFormat(loc, {
      style: 'currency',
      currency: code,
      currencyDisplay: symbol ? 'symbol' : 'code',
    });
  } catch {
    // Not a currency code at all: two decimals, after the code.
    return `${code} ${formatDecimal(minorUnits / 100, 2, loc)}`;
  }
  const decimals = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format
    .formatToParts(minorUnits / 10 ** decimals)
    .map((part) => (part.type === 'currency' && symbol ? symbol : part.value))
    .join('');
}
