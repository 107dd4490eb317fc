import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db';

/** When the newest applied migration was written (drizzle records each with its journal time). */
export async function newestAppliedMigration(db: Db): Promise<number> {
  const result = (await db.execute(
    sql`select max(created_at)::text as applied from drizzle.__drizzle_migrations`,
  )) as unknown as { rows?: { applied: string | null }[] } | { applied: string | null }[];
  // node-postgres answers a result with `rows`; some drivers answer the rows themselves.
  const row = Array.isArray(result) ? result[0] : result.rows?.[0];
  return Number(row?.applied ?? 0);
}
