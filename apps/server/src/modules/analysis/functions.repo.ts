import { and, desc, eq } from 'drizzle-orm';
import { aiFunctions, aiFunctionVersions } from '../../db/schema';
import type { Db, Tx } from '../../platform/db';
import { bumpVersion } from '../../platform/versions';

type Queryable = Db | Tx;

/** The functions of an area at the versions in use, enabled ones only, in key order. */
export async function currentFunctionRows(db: Queryable, area: 'analysis' | 'ai_table') {
  return db
    .select({
      key: aiFunctions.key,
      version: aiFunctionVersions.version,
      definition: aiFunctionVersions.definition,
    })
    .from(aiFunctions)
    .innerJoin(
      aiFunctionVersions,
      and(
        eq(aiFunctionVersions.functionKey, aiFunctions.key),
        eq(aiFunctionVersions.version, aiFunctions.currentVersion),
      ),
    )
    .where(and(eq(aiFunctions.area, area), eq(aiFunctions.enabled, true)))
    .orderBy(aiFunctions.key);
}

/** The latest version of a function (whatever is in use), or null when it does not exist. */
export async function latestVersionRow(db: Queryable, key: string) {
  const [row] = await db
    .select()
    .from(aiFunctionVersions)
    .where(eq(aiFunctionVersions.functionKey, key))
    .orderBy(desc(aiFunctionVersions.version))
    .limit(1);
  return row ?? null;
}

/**
 * A new version of a function, made the one in use: the function row is created with version 1,
 * or its current version moves to the new one. Earlier versions stay as they were.
 */
export async function insertVersion(
  tx: Tx,
  input: {
    key: string;
    area: 'analysis' | 'ai_table';
    version: number;
    definition: unknown;
    builtIn: boolean;
    createdBy: string | null;
  },
) {
  await tx
    .insert(aiFunctions)
    .values({ key: input.key, area: input.area, currentVersion: input.version, builtIn: input.builtIn })
    .onConflictDoUpdate({
      target: aiFunctions.key,
      set: { currentVersion: input.version, updatedAt: new Date() },
    });
  await tx
    .insert(aiFunctionVersions)
    .values({
      functionKey: input.key,
      version: input.version,
      definition: input.definition,
      createdBy: input.createdBy,
    })
    // Two instances starting together seed the same version: the second finds it written.
    .onConflictDoNothing();
  // The functions in use are kept in memory by this version (current-functions.ts).
  await bumpVersion(tx, 'ai_function');
}
