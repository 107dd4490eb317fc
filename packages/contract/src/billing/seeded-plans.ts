/**
 * The names and descriptions the plans of a new install are seeded with
 * (`apps/server/src/modules/billing/plans.seed.ts`), by plan key. They are the product's words, so
 * the web shows them in the reader's language while a plan still carries them; a name or
 * description an admin wrote is theirs and shows as written.
 */
export const SEEDED_PLAN_TEXTS = {
  free: { name: 'Free', description: 'Try the assistant and analysis with a monthly allowance' },
  pro_monthly: { name: 'Pro', description: 'For one marketer: every AI function and more credits' },
  pro_yearly: { name: 'Pro (yearly)', description: 'Pro paid by the year: two months free' },
  team_monthly: { name: 'Team', description: 'For a marketing team: shared credits, storage and seats' },
  credits_1000: { name: '1,000 credits', description: 'Credits that never expire, added to your balance' },
} as const;
