import { describe, expect, it } from 'vitest';
import { comparePlans, type PlanTerms, sameTier } from './plan-change';
import { seededPlans } from './plans.seed';

/** The seeded plans' terms by key, as a new install sells them. */
function seeded(key: string): PlanTerms {
  const found = seededPlans('global').find((plan) => plan.row.key === key);
  if (!found) throw new Error(`no seeded plan ${key}`);
  const { row, functions } = found;
  return {
    price: row.price ?? 0,
    credits: row.credits ?? 0,
    validity: row.validity ?? 1,
    validityUnit: row.validityUnit ?? 'month',
    seats: row.seats ?? 1,
    storageQuotaBytes: row.storageQuotaBytes ?? 0,
    functions,
  };
}

describe('comparing two paid plans: tier, then period (the one rule of the plans page and the orders)', () => {
  const proMonthly = seeded('pro_monthly');
  const proYearly = seeded('pro_yearly');
  const team = seeded('team_monthly');

  it('the same tier paid by the year is a switch of period, not an upgrade or a downgrade', () => {
    expect(sameTier(proMonthly, proYearly)).toBe(true);
    // A longer period takes effect at once, the unused month credited (as an upgrade does).
    expect(comparePlans(proMonthly, proYearly)).toEqual({ choice: 'switch_period', kind: 'upgrade' });
    // A shorter one waits for the paid year to end (as a downgrade does): still not a downgrade.
    expect(comparePlans(proYearly, proMonthly)).toEqual({ choice: 'switch_period', kind: 'downgrade' });
  });

  it('a tier that gives more is an upgrade, one that gives less a downgrade, whatever the periods', () => {
    expect(comparePlans(proMonthly, team)).toEqual({ choice: 'upgrade', kind: 'upgrade' });
    expect(comparePlans(proYearly, team)).toEqual({ choice: 'upgrade', kind: 'upgrade' });
    expect(comparePlans(team, proMonthly)).toEqual({ choice: 'downgrade', kind: 'downgrade' });
    expect(comparePlans(team, proYearly)).toEqual({ choice: 'downgrade', kind: 'downgrade' });
  });

  it('a yearly plan granting fewer credits a month is another tier: a downgrade, not a switch', () => {
    const leanYear = { ...proYearly, credits: 20_000 };
    expect(sameTier(proMonthly, leanYear)).toBe(false);
    expect(comparePlans(proMonthly, leanYear)).toEqual({ choice: 'downgrade', kind: 'downgrade' });
  });

  it('seats, storage or functions make another tier even at the same credits per month', () => {
    expect(sameTier(proMonthly, { ...proYearly, seats: 10 })).toBe(false);
    expect(sameTier(proMonthly, { ...proYearly, storageQuotaBytes: 1 })).toBe(false);
    expect(sameTier(proMonthly, { ...proYearly, functions: ['chat'] })).toBe(false);
    // The order the functions are listed in does not matter.
    expect(sameTier(proMonthly, { ...proYearly, functions: [...proMonthly.functions].reverse() })).toBe(true);
    // Same credits a month, more seats, a year: the longer period decides (an upgrade).
    expect(comparePlans(proMonthly, { ...proYearly, seats: 10 })).toEqual({
      choice: 'upgrade',
      kind: 'upgrade',
    });
  });

  it('between plans giving the same for the same period, the dearer one per day is the upgrade', () => {
    const dearer = { ...proMonthly, price: proMonthly.price + 100 };
    expect(comparePlans(proMonthly, dearer)).toEqual({ choice: 'upgrade', kind: 'upgrade' });
    expect(comparePlans(dearer, proMonthly)).toEqual({ choice: 'downgrade', kind: 'downgrade' });
  });
});
