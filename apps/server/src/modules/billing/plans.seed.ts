import { BUILT_IN_FUNCTIONS } from '@app/contract/billing/money';
import { SEEDED_PLAN_TEXTS } from '@app/contract/billing/seeded-plans';
import type { Config } from '../../config';
import type { Db } from '../../platform/db';
import { FREE_PLAN } from './free-plan';
import { countPlans, insertPlan, type NewPlanRow } from './plans.repo';

const GB = 1024 ** 3;

/**
 * The plans a new install starts with, in the region's currency: the default free plan, two Pro
 * lengths, Team, and a credit pack. Seeded once, into an empty table, so plans admins delete or
 * edit are never brought back.
 */
export function seededPlans(region: Config['REGION']): { row: NewPlanRow; functions: string[] }[] {
  const cn = region === 'cn';
  const currency = cn ? 'CNY' : 'USD';
  const all = [...BUILT_IN_FUNCTIONS];
  return [
    {
      row: {
        key: FREE_PLAN.plan_key,
        ...SEEDED_PLAN_TEXTS.free,
        kind: 'subscription',
        price: 0,
        currency,
        validity: 1,
        validityUnit: 'month',
        credits: FREE_PLAN.credits_granted,
        storageQuotaBytes: FREE_PLAN.storage_limit_bytes,
        seats: FREE_PLAN.seats,
        isDefault: true,
        sortOrder: 0,
      },
      functions: ['chat', 'analysis'],
    },
    {
      row: {
        key: 'pro_monthly',
        ...SEEDED_PLAN_TEXTS.pro_monthly,
        kind: 'subscription',
        price: cn ? 9900 : 1900,
        currency,
        validity: 1,
        validityUnit: 'month',
        credits: 2000,
        storageQuotaBytes: 10 * GB,
        seats: 3,
        highlighted: true,
        sortOrder: 10,
      },
      functions: all,
    },
    {
      row: {
        key: 'pro_yearly',
        ...SEEDED_PLAN_TEXTS.pro_yearly,
        kind: 'subscription',
        price: cn ? 99000 : 19000,
        currency,
        validity: 1,
        validityUnit: 'year',
        credits: 24000,
        storageQuotaBytes: 10 * GB,
        seats: 3,
        sortOrder: 20,
      },
      functions: all,
    },
    {
      row: {
        key: 'team_monthly',
        ...SEEDED_PLAN_TEXTS.team_monthly,
        kind: 'subscription',
        price: cn ? 29900 : 4900,
        currency,
        validity: 1,
        validityUnit: 'month',
        credits: 6000,
        storageQuotaBytes: 50 * GB,
        seats: 10,
        sortOrder: 30,
      },
      functions: all,
    },
    {
      row: {
        key: 'credits_1000',
        ...SEEDED_PLAN_TEXTS.credits_1000,
        kind: 'credit_pack',
        price: cn ? 4900 : 990,
        currency,
        validity: 1,
        validityUnit: 'year',
        credits: 1000,
        storageQuotaBytes: 0,
        seats: 1,
        sortOrder: 40,
      },
      functions: [],
    },
  ];
}

export async function seedPlans(db: Db, region: Config['REGION']): Promise<void> {
  await db.transaction(async (tx) => {
    if ((await countPlans(tx)) > 0) return;
    for (const plan of seededPlans(region)) await insertPlan(tx, plan.row, plan.functions);
  });
}
