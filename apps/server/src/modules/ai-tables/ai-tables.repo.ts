import { and, asc, desc, eq, inArray, lt, max, sql } from 'drizzle-orm';
import { aiColumnRuns, aiTableCells, aiTableColumns, aiTableRows, aiTables, users } from '../../db/schema';
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
 * The next queued cells of a run, claimed for this worker with their rows' data: marked running in
 * one statement, cells another worker holds skipped, so two workers never write the same cell.
 */
export async function claimCells(
  db: Db,
  runId: string,
  limit: number,
): Promise<{ rowId: string; data: Record<string, string | number | null> }[]> {
  const result = await db.execute(sql`
    UPDATE ai_table_cells c SET status = 'running', updated_at = now()
      FROM (
        SELECT row_id, column_id FROM ai_table_cells
         WHERE run_id = ${runId} AND status = 'queued'
         ORDER BY row_id
         LIMIT ${limit}
         FOR UPDATE SKIP LOCKED
      ) picked, ai_table_rows r
     WHERE c.row_id = picked.row_id AND c.column_id = picked.column_id AND r.id = c.row_id
    RETURNING c.row_id AS "rowId", r.data`);
  // Both drivers answer `{ rows }`.
  return (result as unknown as { rows: { rowId: string; data: Record<string, string | number | null> }[] })
    .rows;
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

export interface NewTable {
  teamId: string;
  userId: string;
  name: string;
  source: unknown;
  sourceLabel: string;
  truncated: boolean;
  columns: { key: string; name: string; type: 'text' | 'number' }[];
  rows: Record<string, string | number | null>[];
}

/** A table with its data columns and its rows, in one transaction. */
export async function insertTableWithRows(db: Db, table: NewTable): Promise<TableRow> {
  return db.transaction(async (tx) => {
    const [made] = await tx
      .insert(aiTables)
      .values({
        teamId: table.teamId,
        userId: table.userId,
        name: table.name,
        source: table.source,
        sourceLabel: table.sourceLabel,
        rowCount: table.rows.length,
        truncated: table.truncated,
      })
      .returning();
    if (!made) throw new Error('table not written');
    if (table.columns.length > 0) {
      await tx
        .insert(aiTableColumns)
        .values(
          table.columns.map((column, position) => ({ tableId: made.id, kind: 'data', position, ...column })),
        );
    }
    // In slices: one statement's parameters are bounded.
    for (let start = 0; start < table.rows.length; start += 1000) {
      await tx
        .insert(aiTableRows)
        .values(
          table.rows
            .slice(start, start + 1000)
            .map((data, i) => ({ tableId: made.id, position: start + i, data })),
        );
    }
    return made;
  });
}

export function liveRunsOfTable(db: Queryable, tableId: string) {
  return db
    .select()
    .from(aiColumnRuns)
    .where(and(eq(aiColumnRuns.tableId, tableId), inArray(aiColumnRuns.status, ['running', 'paused'])));
}

export async function liveRunOfColumn(db: Queryable, columnId: string) {
  const [row] = await db
    .select()
    .from(aiColumnRuns)
    .where(and(eq(aiColumnRuns.columnId, columnId), inArray(aiColumnRuns.status, ['running', 'paused'])));
  return row ?? null;
}

export async function deleteTableRow(db: Queryable, id: string) {
  await db.delete(aiTables).where(eq(aiTables.id, id));
}

/** An AI column at the end of the table (its key `ai_<position>`). */
export async function insertAiColumn(
  db: Db,
  tableId: string,
  column: {
    name: string;
    type: string;
    prompt: string;
    output: string;
    labels: string[] | null;
    model: string | null;
  },
) {
  const [last] = await db
    .select({ position: max(aiTableColumns.position) })
    .from(aiTableColumns)
    .where(eq(aiTableColumns.tableId, tableId));
  const position = (last?.position ?? -1) + 1;
  const [row] = await db
    .insert(aiTableColumns)
    .values({ tableId, key: `ai_${position}`, kind: 'ai', position, ...column })
    .returning();
  if (!row) throw new Error('column not written');
  return row;
}

export async function findAiColumn(db: Queryable, tableId: string, columnId: string) {
  const [row] = await db
    .select()
    .from(aiTableColumns)
    .where(
      and(
        eq(aiTableColumns.tableId, tableId),
        eq(aiTableColumns.id, columnId),
        eq(aiTableColumns.kind, 'ai'),
      ),
    );
  return row ?? null;
}

export async function updateAiColumnRow(db: Queryable, id: string, change: Partial<ColumnRow>) {
  const [row] = await db.update(aiTableColumns).set(change).where(eq(aiTableColumns.id, id)).returning();
  return row ?? null;
}

export function columnCells(db: Queryable, columnId: string) {
  return db.select().from(aiTableCells).where(eq(aiTableCells.columnId, columnId));
}

/** A run and its cells queued (each cell row made, or put back in the queue), in one transaction. */
export async function insertRunWithCells(
  db: Db,
  run: { tableId: string; columnId: string; teamId: string; userId: string; model: string },
  rowIds: string[],
): Promise<RunRow> {
  return db.transaction(async (tx) => {
    const [made] = await tx
      .insert(aiColumnRuns)
      .values({
        ...run,
        status: rowIds.length > 0 ? 'running' : 'done',
        total: rowIds.length,
        ...(rowIds.length === 0 ? { finishedAt: new Date() } : {}),
      })
      .returning();
    if (!made) throw new Error('run not written');
    for (let start = 0; start < rowIds.length; start += 1000) {
      await tx
        .insert(aiTableCells)
        .values(
          rowIds.slice(start, start + 1000).map((rowId) => ({
            rowId,
            columnId: run.columnId,
            tableId: run.tableId,
            status: 'queued',
            runId: made.id,
          })),
        )
        .onConflictDoUpdate({
          target: [aiTableCells.rowId, aiTableCells.columnId],
          set: { status: 'queued', runId: made.id, error: null, updatedAt: new Date() },
        });
    }
    return made;
  });
}

export async function findTableRow(db: Queryable, tableId: string, rowId: string) {
  const [row] = await db
    .select({ id: aiTableRows.id })
    .from(aiTableRows)
    .where(and(eq(aiTableRows.tableId, tableId), eq(aiTableRows.id, rowId)));
  return row ?? null;
}

/** A cell written by hand: made by no prompt, so it names no prompt version. */
export async function upsertHandCell(
  db: Queryable,
  cell: { rowId: string; columnId: string; tableId: string; value: unknown },
) {
  const status = cell.value === null ? 'empty' : 'done';
  const [row] = await db
    .insert(aiTableCells)
    .values({ ...cell, status, promptVersion: null })
    .onConflictDoUpdate({
      target: [aiTableCells.rowId, aiTableCells.columnId],
      set: { status, value: cell.value, error: null, promptVersion: null, updatedAt: new Date() },
    })
    .returning();
  if (!row) throw new Error('cell not written');
  return row;
}

/** The run ends, if it is still running (a pause or cancel that came first stands). */
export async function finishRunRow(db: Queryable, id: string) {
  const [row] = await db
    .update(aiColumnRuns)
    .set({ status: 'done', finishedAt: new Date() })
    .where(and(eq(aiColumnRuns.id, id), eq(aiColumnRuns.status, 'running')))
    .returning();
  return row ?? null;
}

/** Cells a cancelled run left waiting keep what they held before: their earlier value, or nothing. */
export async function restoreWaitingCells(db: Queryable, runId: string) {
  await db
    .update(aiTableCells)
    .set({
      status: sql`case when ${aiTableCells.value} is null then 'empty' else 'done' end`,
      updatedAt: new Date(),
    })
    .where(and(eq(aiTableCells.runId, runId), eq(aiTableCells.status, 'queued')));
}

/** The language the run's starter chose (null: none chosen), for what the offline writer writes. */
export async function starterLocale(db: Queryable, userId: string): Promise<string | null> {
  const [row] = await db.select({ locale: users.locale }).from(users).where(eq(users.id, userId));
  return row?.locale ?? null;
}
