import { z } from 'zod';

/**
 * What every billing contract shares: money is integer cents with an ISO 4217 currency
 * (ARCHITECTURE section 5; spec section 9 "money is shown as cents divided by 100"), credits are
 * whole numbers, ids are opaque text.
 */
export const zCents = z.number().int().nonnegative();
/** A signed amount of cents (a refund is negative in a figure that nets them). */
export const zSignedCents = z.number().int();
export const zCurrency = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{3}$/, { message: 'A three-letter currency code (USD, CNY, EUR...)' });
/**
 * Currencies whose amounts are not hundredths (zero-decimal ones, and three-decimal ones a
 * provider takes in thousandths). Prices are cents (the spec shows cents / 100), so a price in one
 * of these would be charged 100 times over or a tenth (Paymenter/Paymenter#1258).
 */
export const CURRENCIES_NOT_IN_CENTS: ReadonlySet<string> = new Set([
  'BIF',
  'CLP',
  'DJF',
  'GNF',
  'ISK',
  'JPY',
  'KMF',
  'KRW',
  'MGA',
  'PYG',
  'RWF',
  'UGX',
  'VND',
  'VUV',
  'XAF',
  'XOF',
  'XPF',
  'BHD',
  'IQD',
  'JOD',
  'KWD',
  'LYD',
  'OMR',
  'TND',
]);

/** A currency a price can be set in: one whose amounts are cents. */
export const zPriceCurrency = zCurrency.refine((code) => !CURRENCIES_NOT_IN_CENTS.has(code), {
  message: 'Prices are in cents: choose a currency with two decimals (not JPY, KRW and the like)',
});

export const zCredits = z.number().int();

/**
 * Cents as the amount written out with its currency, by integer arithmetic: 4900 CNY is
 * "49.00 CNY", -5 USD "-0.05 USD" (plans use two-decimal currencies only). For texts that carry an
 * amount as a parameter (an operator's inbox message); pages format with the locale.
 */
export function centsText(cents: number, currency: string): string {
  const sign = cents < 0 ? '-' : '';
  const whole = Math.abs(cents);
  return `${sign}${Math.floor(whole / 100)}.${String(whole % 100).padStart(2, '0')} ${currency}`;
}

export const zBillingId = z.string().trim().min(1).max(64);
export const zIdParams = z.object({ id: zBillingId });

/** Spec section 3: a plan's validity is a count of units. */
export const VALIDITY_UNITS = ['day', 'month', 'year'] as const;
export const zValidityUnit = z.enum(VALIDITY_UNITS);
export type ValidityUnit = z.infer<typeof zValidityUnit>;

/** An operator's reason for a change that touches money or credits: kept in the record. */
export const zReason = z
  .string()
  .trim()
  .min(1, { message: 'Give a reason' })
  .max(500, { message: 'Input exceeds maximum length' });

/**
 * The AI functions a plan may allow (`/admin/usm/function/permission`): the built-in ones here,
 * more as the AI toolkit defines them (a function key is `area` or `area.name`).
 */
export const BUILT_IN_FUNCTIONS = ['chat', 'analysis', 'ai_table'] as const;
export const zFunctionKey = z
  .string()
  .trim()
  .regex(/^[a-z][a-z0-9_]{0,39}(\.[a-z0-9_]{1,40})?$/, {
    message: 'A function key: lower-case letters, digits and _, optionally area.name',
  });

/** A day as `YYYY-MM-DD` (report ranges; the caller's time zone decides which day "today" is). */
export const zDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'A day as YYYY-MM-DD' });
