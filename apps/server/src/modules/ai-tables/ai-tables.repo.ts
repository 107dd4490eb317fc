import { and, asc, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import { aiColumnRuns, aiTableCells, aiTableColumns, aiTableRows, aiTables } from '../../db/schema';
import type { Db, Tx } from '../../platform/db';

type Queryable = Db | Tx;

export type TableRow = typeof aiTables.$inferSelect;
export type ColumnRow = typeof aiTableColumns.$inferSelect;
export type RunRow = typeof aiColumnRuns.$inferSelect;
export type CellRow = typeof aiTableCells.$inferSelect;

export async function findTeamTable(db: Queryable, teamId: string, id: string) {
  const [row] = await db
    .select()
    .from(aiTables)
    .where(and(eq(aiTables.teamId, teamId), eq(aiTables.id, id)));
  return row ?? null;
}

export function listTeamTables(db: Queryable, teamId: string) {
  return db.select().from(aiTables).where(eq(aiTables.teamId, teamId)).orderBy(desc(aiTables.createdAt));
}

export function tableColumns(db: Queryable, tableId: string) {
  return db
    .select()
    .from(aiTableColumns)
    .where(eq(aiTableColumns.tableId, tableId))
    .orderBy(asc(aiTableColumns.position));
}

export function tableRows(db: Queryable, tableId: string) {
  return db
    .select({ id: aiTableRows.id, data: aiTableRows.data })
    .from(aiTableRows)
    .where(eq(aiTableRows.tableId, tableId))
    .orderBy(asc(aiTableRows.position));
}

export function tableCells(db: Queryable, tableId: string) {
  return db.select().from(aiTableCells).where(eq(aiTableCells.tableId, tableId));
}

export function tableRuns(db: Queryable, tableId: string) {
  return db
    .select()
    .from(aiColumnRuns)
    .where(eq(aiColumnRuns.tableId, tableId))
    .orderBy(desc(aiColumnRuns.createdAt));
}

export async function findRun(db: Queryable, id: string) {
  const [row] = await db.select().from(aiColumnRuns).where(eq(aiColumnRuns.id, id));
  return row ?? null;
}

export async function updateRun(db: Queryable, id: string, change: Partial<RunRow>) {
  const [row] = await db.update(aiColumnRuns).set(change).where(eq(aiColumnRuns.id, id)).returning();
  return row ?? null;
}

/** Adds to a run's counts in one statement (workers of one run never lose each other's counts). */
export async function countRun(
  db: Queryable,
  id: string,
  add: { done: number; failed: number; credits: number },
) {
  const [row] = await db
    .update(aiColumnRuns)
    .set({
      done: sql`${aiColumnRuns.done} + ${add.done}`,
      failed: sql`${aiColumnRuns.failed} + ${add.failed}`,
      credits: sql`${aiColumnRuns.credits} + ${add.credits}`,
      heartbeatAt: new Date(),
    })
    .where(eq(aiColumnRuns.id, id))
    .returning();
  return row ?? null;
}

/**
 * The next queued cells of a run, claimed for this worker: marked running in one statement, rows
 * another worker holds skipped, so two workers never write the same cell at once.
 */
export async function claimCells(db: Db, runId: string, limit: number): Promise<string[]> {
  const result = await db.execute(sql`
    UPDATE ai_table_cells c SET status = 'running', updated_at = now()
      FROM (
        SELECT row_id, column_id FROM ai_table_cells
         WHERE run_id = ${runId} AND status = 'queued'
         ORDER BY row_id
         LIMIT ${limit}
         FOR UPDATE SKIP LOCKED
      ) picked
     WHERE c.row_id = picked.row_id AND c.column_id = picked.column_id
    RETURNING c.row_id`);
  // Both drivers answer `{ rows }`.
  return (result as unknown as { rows: { row_id: string }[] }).rows.map((row) => row.row_id);
}

export async function setCell(
  db: Queryable,
  key: { rowId: string; columnId: string },
  change: Partial<CellRow>,
) {
  const [row] = await db
    .update(aiTableCells)
    .set({ ...change, updatedAt: new Date() })
    .where(and(eq(aiTableCells.rowId, key.rowId), eq(aiTableCells.columnId, key.columnId)))
    .returning();
  return row ?? null;
}

/** Cells of a run a lost worker left running go back to the queue. */
export async function requeueRunning(db: Queryable, runId: string) {
  await db
    .update(aiTableCells)
    .set({ status: 'queued', updatedAt: new Date() })
    .where(and(eq(aiTableCells.runId, runId), eq(aiTableCells.status, 'running')));
}

/** Runs whose worker has been silent since `before`: lost with their process. */
export function staleRuns(db: Queryable, before: Date) {
  return db
    .select()
    .from(aiColumnRuns)
    .where(and(eq(aiColumnRuns.status, 'running'), lt(aiColumnRuns.heartbeatAt, before)));
}

export function rowsOfIds(db: Queryable, tableId: string, ids: string[]) {
  return db
    .select({ id: aiTableRows.id, data: aiTableRows.data })
    .from(aiTableRows)
    .where(and(eq(aiTableRows.tableId, tableId), inArray(aiTableRows.id, ids)));
}

export interface KeptCell {
  rowId: string;
  status: 'done' | 'failed';
  value: unknown;
  error: string | null;
}

/** A batch of written cells kept in one statement (values, errors, the prompt version). */
export async function keepCells(db: Db, columnId: string, promptVersion: number, cells: KeptCell[]) {
  if (cells.length === 0) return [];
  const values = sql.join(
    cells.map(
      (cell) =>
        sql`(${cell.rowId}, ${cell.status}, ${cell.value === null ? null : JSON.stringify(cell.value)}::jsonb, ${cell.error})`,
    ),
    sql`, `,
  );
  const result = await db.execute(sql`
    UPDATE ai_table_cells c
       SET status = v.status, value = CASE WHEN v.status = 'done' THEN v.value ELSE c.value END,
           error = v.error, prompt_version = CASE WHEN v.status = 'done' THEN ${promptVersion}::int ELSE c.prompt_version END,
           updated_at = now()
      FROM (VALUES ${values}) AS v(row_id, status, value, error)
     WHERE c.row_id = v.row_id AND c.column_id = ${columnId}
    RETURNING c.row_id AS "rowId", c.status, c.value, c.error, c.prompt_version AS "promptVersion"`);
  return (
    result as unknown as { rows: Pick<CellRow, 'rowId' | 'status' | 'value' | 'error' | 'promptVersion'>[] }
  ).rows;
}

/**
 * A run's counts made exact from what is kept, when it ends: its cells done and failed, and the
 * credits its cells' holds were settled for (a worker lost between keeping a batch and counting
 * it would otherwise leave them short).
 */
export async function recountRun(db: Db, run: { id: string; teamId: string }) {
  await db.execute(sql`
    UPDATE ai_column_runs SET
      done = (SELECT count(*) FROM ai_table_cells WHERE run_id = ${run.id} AND status = 'done'),
      failed = (SELECT count(*) FROM ai_table_cells WHERE run_id = ${run.id} AND status = 'failed'),
      credits = (
        SELECT coalesce(sum(u.credits), 0) FROM credit_reservations r
          JOIN usage_logs u ON u.reservation_id = r.id
         WHERE r.team_id = ${run.teamId} AND r.key LIKE ${`ai_table:${run.id}:%`} AND r.status = 'settled'
      )
    WHERE id = ${run.id}`);
}
