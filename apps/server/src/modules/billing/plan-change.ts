import { validityDays } from './periods';

/** What a subscription plan gives, the terms two plans are compared on. */
export interface PlanTerms {
  price: number;
  credits: number;
  validity: number;
  validityUnit: string;
  seats: number;
  storageQuotaBytes: number;
  functions: readonly string[];
}

/**
 * Moving from the team's paid plan to another one. `upgrade` takes effect at once, the unused part
 * of the current period credited; `downgrade` waits for the period's end. `switch_period` is the
 * same tier paid for another length (Pro monthly to Pro yearly): neither better nor worse, so it
 * is not called either, but it still takes effect like one (`kind`): a longer period at once (as
 * an upgrade, so the months already paid are credited), a shorter one when the paid period ends.
 */
export interface PlanChange {
  choice: 'upgrade' | 'downgrade' | 'switch_period';
  kind: 'upgrade' | 'downgrade';
}

/** A period in months: a year is twelve (365 days against 12 x 30 would rank a year below twelve months). */
export function periodMonths(validity: number, unit: string): number {
  if (unit === 'year') return validity * 12;
  if (unit === 'day') return validity / 30;
  return validity;
}

const creditsPerMonth = (plan: PlanTerms) => plan.credits / periodMonths(plan.validity, plan.validityUnit);
const perDay = (plan: PlanTerms) => plan.price / validityDays(plan.validity, plan.validityUnit);
const sameFunctions = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && [...a].sort().join('\n') === [...b].sort().join('\n');

/**
 * Two plans are one tier when they give the same for each month of service: credits per month,
 * seats, storage and AI functions. The price is not part of it: a yearly discount is the same tier.
 */
export function sameTier(a: PlanTerms, b: PlanTerms): boolean {
  return (
    Math.abs(creditsPerMonth(a) - creditsPerMonth(b)) < 1e-9 &&
    a.seats === b.seats &&
    a.storageQuotaBytes === b.storageQuotaBytes &&
    sameFunctions(a.functions, b.functions)
  );
}

/**
 * The one rule comparing two different subscription plans (docs/decisions.md, issue 27): the same
 * tier for another period is a switch of period; otherwise the plan giving more credits per
 * month is the upgrade, then the one with the longer period, and only between plans giving the
 * same for the same period does the price per day decide.
 */
export function comparePlans(from: PlanTerms, to: PlanTerms): PlanChange {
  const longer = periodMonths(to.validity, to.validityUnit) - periodMonths(from.validity, from.validityUnit);
  if (sameTier(from, to) && Math.abs(longer) > 1e-9) {
    return { choice: 'switch_period', kind: longer > 0 ? 'upgrade' : 'downgrade' };
  }
  const gives = creditsPerMonth(to) - creditsPerMonth(from);
  const better =
    Math.abs(gives) > 1e-9 ? gives > 0 : Math.abs(longer) > 1e-9 ? longer > 0 : perDay(to) > perDay(from);
  return better ? { choice: 'upgrade', kind: 'upgrade' } : { choice: 'downgrade', kind: 'downgrade' };
}
