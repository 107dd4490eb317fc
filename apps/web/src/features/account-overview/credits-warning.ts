import type { BasicInfos } from '@app/contract/user/get-basic-infos';

type Quota = BasicInfos['usm_quota'];

/**
 * At or below this share of the period's grant left free, the overview warns that credits run
 * low. 10%: a full month's grant of 5,000 warns from 500 on, about what a busy day spends.
 */
export const LOW_CREDITS_SHARE = 0.1;

/** Without a grant to compare with (a team living on purchased credits), warn under this many. */
export const LOW_CREDITS_FLOOR = 50;

export type CreditsLevel = 'ok' | 'low' | 'empty';

/** Credits free to use now: the balance less what AI work in flight holds. */
export function availableCredits(quota: Quota): number {
  return quota.credits_available ?? Math.max(0, quota.credits_balance - (quota.credits_held ?? 0));
}

/** Warn only when little remains: nothing free, or at most 10% of the grant (50 without one). */
export function creditsLevel(quota: Quota): CreditsLevel {
  const available = availableCredits(quota);
  if (available <= 0) return 'empty';
  const threshold = quota.credits_granted > 0 ? quota.credits_granted * LOW_CREDITS_SHARE : LOW_CREDITS_FLOOR;
  return available <= threshold ? 'low' : 'ok';
}
