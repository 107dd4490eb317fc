import type { ValidityUnit } from '@app/contract/billing/money';

/**
 * Calendar arithmetic for plan periods, in UTC. A month from 31 January ends on the last day of
 * February (the day is clamped, as people count months), a year from 29 February on 28 February.
 */
export function addValidity(from: Date, validity: number, unit: ValidityUnit | string): Date {
  const d = new Date(from.getTime());
  if (unit === 'day') return new Date(d.getTime() + validity * 86_400_000);
  const months = unit === 'year' ? validity * 12 : validity;
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, lastDay));
  return d;
}

/** A plan's period in days, for comparing plans of different lengths by price per day. */
export function validityDays(validity: number, unit: ValidityUnit | string): number {
  if (unit === 'day') return validity;
  if (unit === 'year') return validity * 365;
  return validity * 30;
}

/**
 * The unused part of a period, in cents: `value * remaining / length`, rounded down to the cent
 * (the customer never gets credited a fraction of a cent they did not pay).
 */
export function proRataCredit(value: number, start: Date, end: Date, now: Date): number {
  const length = end.getTime() - start.getTime();
  const remaining = Math.min(Math.max(end.getTime() - now.getTime(), 0), length);
  if (length <= 0 || value <= 0) return 0;
  // BigInt: price x milliseconds passes 2^53 for a yearly plan; the division rounds down.
  return Number((BigInt(value) * BigInt(remaining)) / BigInt(length));
}
