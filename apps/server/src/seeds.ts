import { versions } from './db/schema';
import { seedFunctions } from './modules/analysis/functions.seed';
import { type SeededAdmin, seedSuperAdmin } from './modules/auth/admin.seed';
import { seedPlans } from './modules/billing/plans.seed';
import { seedPrices } from './modules/credits/prices.service';
import { seedI18n } from './modules/i18n/i18n.seed';
import { seedRoles } from './modules/permissions/roles.seed';
import type { Platform } from './platform/platform';

/**
 * Every module's seeds, run in order. It sits beside `modules.ts` because, like it, it composes
 * modules: `db/` is below them and imports none.
 * Idempotent: safe on every start; only adds what is missing.
 */
export async function runSeeds(platform: Platform): Promise<{ admin: SeededAdmin | null }> {
  await platform.db
    .insert(versions)
    .values([{ key: 'translation' }, { key: 'permission' }, { key: 'tag_help' }])
    .onConflictDoNothing();
  await seedRoles(platform.db);
  await seedI18n(platform.db);
  await seedPlans(platform.db, platform.config.REGION);
  await seedPrices(platform.db);
  await seedFunctions(platform.db);
  platform.translator.invalidate();
  platform.access.invalidate();
  const admin = await seedSuperAdmin(platform);
  return { admin };
}
