import type { Platform } from '../../platform/platform';
import { VersionedCache } from '../../platform/versioned-cache';
import { currentFunctionRows } from './functions.repo';

type Area = 'analysis' | 'ai_table';
export type CurrentFunctionRow = Awaited<ReturnType<typeof currentFunctionRows>>[number];

/**
 * The enabled functions at the versions in use, by area: read by every chat message (the
 * functions are the assistant's tools) and every run, so kept in memory per `ai_function`
 * version, which every new version moves in its transaction (functions.repo `insertVersion`).
 */
const caches = new WeakMap<Platform, VersionedCache<Record<Area, CurrentFunctionRow[]>>>();

function cache(platform: Platform): VersionedCache<Record<Area, CurrentFunctionRow[]>> {
  let found = caches.get(platform);
  if (!found) {
    found = new VersionedCache<Record<Area, CurrentFunctionRow[]>>(
      platform.db,
      {
        key: 'ai_function',
        initial: { analysis: [], ai_table: [] },
        load: async () => {
          const [analysis, aiTable] = await Promise.all([
            currentFunctionRows(platform.db, 'analysis'),
            currentFunctionRows(platform.db, 'ai_table'),
          ]);
          return { analysis, ai_table: aiTable };
        },
      },
      platform.changes,
    );
    caches.set(platform, found);
  }
  return found;
}

/** The area's enabled functions at their versions in use, in key order. */
export async function currentFunctions(platform: Platform, area: Area): Promise<CurrentFunctionRow[]> {
  const functions = cache(platform);
  await functions.fresh();
  return functions.current[area];
}

/** One enabled function of the area at its version in use, or null. */
export async function currentFunction(
  platform: Platform,
  area: Area,
  key: string,
): Promise<CurrentFunctionRow | null> {
  return (await currentFunctions(platform, area)).find((row) => row.key === key) ?? null;
}
