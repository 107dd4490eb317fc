/**
 * The free plan's figures, used for `usm_quota` until billing (plans, credits, storage) exists.
 * Billing will read the team's real subscription instead.
 */
export const FREE_PLAN = {
  plan_key: 'free',
  plan_name: 'Free',
  credits_granted: 100,
  storage_limit_bytes: 100 * 1024 * 1024,
  seats: 1,
} as const;
