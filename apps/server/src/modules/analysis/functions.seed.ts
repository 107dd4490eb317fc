import { isDeepStrictEqual } from 'node:util';
import { zFunctionDefinition } from '@app/contract/analysis/functions';
import type { Db } from '../../platform/db';
import { insertMissingPrices } from '../credits/prices.service';
import { BUILT_IN_ANALYSIS } from './built-in-functions';
import { insertVersion, latestVersionRow } from './functions.repo';

/** What one run of a built-in analysis costs until an admin sets it (the analysis area's price). */
export const SEEDED_ANALYSIS_PRICE = 5;

/**
 * The built-in functions on every start: a function not yet stored gets version 1; one whose
 * definition in this release differs from its latest stored version gets a new version, made the
 * one in use (runs keep naming the version they used). An unchanged one is left alone, so a
 * restart makes no version. Each gets a price row of its own, once.
 */
export async function seedFunctions(db: Db): Promise<void> {
  for (const builtIn of BUILT_IN_ANALYSIS) {
    const definition = zFunctionDefinition.parse(builtIn);
    const latest = await latestVersionRow(db, definition.key);
    if (latest && isDeepStrictEqual(latest.definition, JSON.parse(JSON.stringify(definition)))) continue;
    await db.transaction((tx) =>
      insertVersion(tx, {
        key: definition.key,
        area: 'analysis',
        version: (latest?.version ?? 0) + 1,
        definition,
        builtIn: true,
        createdBy: null,
      }),
    );
  }
  await insertMissingPrices(
    db,
    [],
    BUILT_IN_ANALYSIS.map((fn) => ({ functionKey: fn.key, credits: SEEDED_ANALYSIS_PRICE })),
  );
}
