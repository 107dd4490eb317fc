import { and, count, desc, eq, getTableColumns, or } from 'drizzle-orm';
import { analysisRuns, users } from '../../db/schema';
import type { Db } from '../../platform/db';

export type RunRow = typeof analysisRuns.$inferSelect;

/** Whose runs a caller sees: their own in the team, and those shared in the team. */
const visible = (teamId: string, userId: string) =>
  and(eq(analysisRuns.teamId, teamId), or(eq(analysisRuns.userId, userId), eq(analysisRuns.shared, true)));

const withUser = { run: analysisRuns, userName: users.name };

export async function insertRun(db: Db, row: typeof analysisRuns.$inferInsert): Promise<void> {
  await db.insert(analysisRuns).values(row);
}

export async function finishRun(
  db: Db,
  id: string,
  fields: Pick<RunRow, 'status' | 'parts' | 'model' | 'credits' | 'error'>,
): Promise<void> {
  await db
    .update(analysisRuns)
    .set({ ...fields, finishedAt: new Date() })
    .where(eq(analysisRuns.id, id));
}

export async function deleteRun(db: Db, id: string): Promise<void> {
  await db.delete(analysisRuns).where(eq(analysisRuns.id, id));
}

/** A run the caller may see (theirs, or shared in their team), with its author's name; else null. */
export async function findVisibleRun(db: Db, teamId: string, userId: string, id: string) {
  const [row] = await db
    .select(withUser)
    .from(analysisRuns)
    .innerJoin(users, eq(users.id, analysisRuns.userId))
    .where(and(visible(teamId, userId), eq(analysisRuns.id, id)));
  return row ?? null;
}

/** The history, newest first, without the parts (they can be large). */
export async function listVisibleRuns(
  db: Db,
  teamId: string,
  userId: string,
  query: { function_key?: string; page: number; page_size: number },
) {
  const where = and(
    visible(teamId, userId),
    query.function_key ? eq(analysisRuns.functionKey, query.function_key) : undefined,
  );
  const { parts: _parts, ...summary } = getTableColumns(analysisRuns);
  const [rows, [total]] = await Promise.all([
    db
      .select({ run: summary, userName: users.name })
      .from(analysisRuns)
      .innerJoin(users, eq(users.id, analysisRuns.userId))
      .where(where)
      .orderBy(desc(analysisRuns.createdAt), desc(analysisRuns.id))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    db.select({ n: count() }).from(analysisRuns).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Shares or unshares one of the user's own runs; null when it is not theirs. */
export async function setRunShared(db: Db, teamId: string, userId: string, id: string, shared: boolean) {
  const [row] = await db
    .update(analysisRuns)
    .set({ shared })
    .where(and(eq(analysisRuns.teamId, teamId), eq(analysisRuns.userId, userId), eq(analysisRuns.id, id)))
    .returning();
  return row ?? null;
}
