import type { BasicInfos } from '@app/contract/user/get-basic-infos';
import { toSecondsOrNull } from '../../platform/list-query';
import type { Platform } from '../../platform/platform';
import { ensureTeamBilling } from './subscription-lifecycle';
import { quotaOf } from './subscriptions.repo';

export type TeamQuota = Omit<BasicInfos['usm_quota'], 'storage_used_bytes'>;

/**
 * Basic infos' `usm_quota` (but the bytes used, which storage counts): the team's plan, its
 * credits (balance, held by work in flight, free to use, this period's grant and the period) and
 * its storage quota, in one query. A team never billed gets its account (the free plan) first.
 */
export async function teamQuota(platform: Platform, teamId: string): Promise<TeamQuota> {
  let row = await quotaOf(platform.db, teamId);
  if (!row || row.balance === null) {
    await ensureTeamBilling(platform.db, teamId);
    row = await quotaOf(platform.db, teamId);
  }
  if (!row) throw new Error(`team ${teamId} has no subscription`);
  const balance = row.balance ?? 0;
  const held = row.held ?? 0;
  return {
    plan_key: row.planKey,
    plan_name: row.planName,
    credits_balance: balance,
    credits_granted: row.granted ?? 0,
    credits_held: held,
    credits_available: balance - held,
    storage_limit_bytes:
      row.isDefault && platform.config.STORAGE_QUOTA_BYTES
        ? platform.config.STORAGE_QUOTA_BYTES
        : row.storageQuotaBytes,
    seats: row.seats,
    // A paid plan's end; the free plan renews on its own.
    expire_time: row.isDefault ? null : toSecondsOrNull(row.periodEnd),
    period_start: toSecondsOrNull(row.creditStart),
    period_end: toSecondsOrNull(row.creditEnd),
  };
}
