import type { Platform } from '../../platform/platform';
import { FREE_PLAN } from './free-plan';
import { activeStorageQuota } from './subscriptions.repo';

/**
 * The bytes a team may keep (`usm_quota.storage_limit_bytes`): its current plan's storage quota.
 * STORAGE_QUOTA_BYTES, when set, replaces the default plan's quota (an install's own free tier);
 * a team never billed yet is on the default plan.
 */
export async function storageLimitBytes(platform: Platform, teamId: string): Promise<number> {
  const plan = await activeStorageQuota(platform.db, teamId);
  if (plan && !plan.isDefault) return plan.bytes;
  return platform.config.STORAGE_QUOTA_BYTES ?? plan?.bytes ?? FREE_PLAN.storage_limit_bytes;
}
