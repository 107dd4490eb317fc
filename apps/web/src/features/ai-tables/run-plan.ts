import type { AiTableColumn, AiTableRow, ColumnRun } from '@app/contract/ai-tables/tables';
import type { RunCells } from './ai-tables-api';

/** What a run of an AI column will make and cost, and where a column's runs stand. */

/** The cells a run makes, counted as the server picks them (a cell never written is empty). */
export function cellsToRun(rows: AiTableRow[], columnId: string, cells: RunCells): number {
  if (typeof cells === 'object') return cells.row_ids.length;
  if (cells === 'all') return rows.length;
  return rows.filter((row) => (row.cells[columnId]?.status ?? 'empty') === cells).length;
}

/** What the cells cost before any model tokens: the estimate said before a run starts. */
export function runCost(cells: number, cellPrice: number): number {
  return cells * cellPrice;
}

/** A run that still holds its column: running, or paused and waiting to resume. */
export function isLive(run: ColumnRun): boolean {
  return run.status === 'running' || run.status === 'paused';
}

/** The run a column shows: its live one, else its newest. */
export function currentRun(runs: ColumnRun[], columnId: string): ColumnRun | undefined {
  const own = runs.filter((run) => run.column_id === columnId);
  return (
    own.find(isLive) ??
    own.reduce<ColumnRun | undefined>(
      (newest, run) => (!newest || run.creation_time > newest.creation_time ? run : newest),
      undefined,
    )
  );
}

/** Whether the table is being written now: the page then also re-reads it as a fallback. */
export function anyRunning(runs: ColumnRun[]): boolean {
  return runs.some((run) => run.status === 'running');
}

/** How far a run has gone, in percent: failed cells are finished too. */
export function runPercent(run: ColumnRun): number {
  if (run.total === 0) return 100;
  return ((run.done + run.failed) / run.total) * 100;
}

/** The row fields a prompt may name (`{{campaign}}`): the data columns' keys. */
export function rowFields(columns: AiTableColumn[]): AiTableColumn[] {
  return columns.filter((column) => column.kind === 'data');
}

/** `{{field}}` put in place of the selection of `text`, with where the caret goes after it. */
export function insertField(
  text: string,
  start: number,
  end: number,
  field: string,
): { text: string; caret: number } {
  const token = `{{${field}}}`;
  const from = Math.max(0, Math.min(start, text.length));
  const to = Math.max(from, Math.min(end, text.length));
  return { text: text.slice(0, from) + token + text.slice(to), caret: from + token.length };
}
