import { addDays, type Day } from '@app/contract/analytics/date-ranges';
import type { AnalyticsStore } from '../../platform/analytics-store';
import { DEMO, generateDemo } from './demo-data';

/**
 * The last day the demo holds, or null when there is no demo yet or it was made by an earlier
 * generator (before `_demo` recorded its version, or an older one): such a demo is made again.
 */
async function demoEnd(store: AnalyticsStore): Promise<Day | null> {
  const result = await store
    .read(
      { kind: 'demo' },
      'select (select max(complete_through)::varchar from _freshness), (select max(version) from _demo)',
      [],
    )
    .catch(() => null);
  const [end, version] = result?.rows[0] ?? [];
  return typeof end === 'string' && Number(version) === DEMO.version ? end : null;
}

/**
 * Makes sure the demo covers the two years that end yesterday (UTC): on first start, and each day
 * after (a job). A given day's figures never change, so answers stay the same as the window moves.
 */
export async function ensureDemo(store: AnalyticsStore, today: Day): Promise<void> {
  const end = addDays(today, -1);
  const isCurrent = async () => (await demoEnd(store)) === end;
  if (await isCurrent()) return;
  // Shared by several instances: the first to take the lock builds it, the others find it built.
  await store.rebuildDemo((connection) => generateDemo(connection, end), { isCurrent });
}
