import type { AnalyticsQuery, QueryResult } from '@app/contract/analytics/query';
import { and, eq } from 'drizzle-orm';
import { queryResults } from '../../db/schema';
import type { Db } from '../../platform/db';

export async function insertQueryResult(
  db: Db,
  row: { teamId: string; userId: string | null; query: AnalyticsQuery; result: QueryResult },
): Promise<string> {
  const [made] = await db
    .insert(queryResults)
    .values({
      teamId: row.teamId,
      userId: row.userId,
      source: row.query.source,
      query: row.query,
      result: row.result,
    })
    .returning({ id: queryResults.id });
  if (!made) throw new Error('query result was not kept');
  return made.id;
}

/** A kept result of `teamId`; another team's reads as none. */
export async function findQueryResult(db: Db, teamId: string, id: string) {
  const [row] = await db
    .select()
    .from(queryResults)
    .where(and(eq(queryResults.id, id), eq(queryResults.teamId, teamId)));
  return row ?? null;
}
