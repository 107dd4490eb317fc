import { SEEDED_PLAN_TEXTS } from '@app/contract/billing/seeded-plans';

/**
 * The default plan's figures as first seeded (`plans.seed.ts`): what a team has without a paid
 * plan. Admins may change the plan afterwards; the code reads the plan, never these.
 */
export const FREE_PLAN = {
  plan_key: 'free',
  plan_name: SEEDED_PLAN_TEXTS.free.name,
  credits_granted: 100,
  storage_limit_bytes: 100 * 1024 * 1024,
  seats: 1,
} as const;
