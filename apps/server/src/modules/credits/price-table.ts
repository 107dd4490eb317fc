import type { Platform } from '../../platform/platform';
import { VersionedCache } from '../../platform/versioned-cache';
import {
  type FunctionPriceRow,
  listFunctionPrices,
  listModelPrices,
  type ModelPriceRow,
} from './prices.repo';

/** The price table by model and by function key. */
export interface PriceTable {
  models: ReadonlyMap<string, ModelPriceRow>;
  functions: ReadonlyMap<string, FunctionPriceRow>;
}

/**
 * Read on every metered call (a chat message twice: the hold's estimate and the settlement), so
 * kept in memory per `price` version: every write of a price moves the version in its transaction
 * (prices.repo), and every instance hears of it on the change feed. The settlement of a call
 * prices it from this table as it is then, as it always did from the rows.
 */
const caches = new WeakMap<Platform, VersionedCache<PriceTable>>();

export function priceCache(platform: Platform): VersionedCache<PriceTable> {
  let found = caches.get(platform);
  if (!found) {
    found = new VersionedCache<PriceTable>(
      platform.db,
      {
        key: 'price',
        initial: { models: new Map(), functions: new Map() },
        load: async () => {
          const [models, functions] = await Promise.all([
            listModelPrices(platform.db),
            listFunctionPrices(platform.db),
          ]);
          return {
            models: new Map(models.map((row) => [row.model, row])),
            functions: new Map(functions.map((row) => [row.functionKey, row])),
          };
        },
      },
      platform.changes,
    );
    caches.set(platform, found);
  }
  return found;
}

/** The price table as it is now. */
export async function currentPrices(platform: Platform): Promise<PriceTable> {
  const cache = priceCache(platform);
  await cache.fresh();
  return cache.current;
}
