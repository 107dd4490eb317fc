import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { googleBindings } from '../../db/schema';
import type { Db } from '../../platform/db';

/**
 * Per team with an active, selected binding: seconds since its stalest binding last finished a
 * sync (since it was bound, if it never has), the most behind first.
 */
export async function syncLagByTeam(db: Db): Promise<{ teamId: string; lag: number }[]> {
  const lag = sql<number>`extract(epoch from now() - min(coalesce(${googleBindings.lastSyncAt}, ${googleBindings.boundAt})))::float8`;
  const rows = await db
    .select({ teamId: googleBindings.teamId, lag })
    .from(googleBindings)
    .where(and(eq(googleBindings.status, 'active'), isNotNull(googleBindings.selectedId)))
    .groupBy(googleBindings.teamId)
    .orderBy(sql`2 desc`);
  return rows.map((row) => ({ teamId: row.teamId, lag: Number(row.lag) }));
}
