import type { AiCell, ColumnRun, getAiTable } from '@app/contract/ai-tables/tables';
import type { EndpointResponse } from '@app/contract/define-endpoint';
import type { UserBasicEvent } from '@app/contract/events/subscriber';

/** A table as `getAiTable` answers it: what the page caches and shows. */
export type AiTableAnswer = EndpointResponse<typeof getAiTable>;

/** One `ai_table_run` message: a run's counts and the cells written since the last message. */
export type AiTableRunEvent = NonNullable<UserBasicEvent['ai_table_run']>;

export interface CellNews {
  row_id: string;
  column_id: string;
  cell: AiCell;
}

/** The answer with `run` in place of the kept run of the same id (a new run is added). */
export function withRun(answer: AiTableAnswer, run: ColumnRun): AiTableAnswer {
  const known = answer.runs.some((kept) => kept.id === run.id);
  return {
    ...answer,
    runs: known ? answer.runs.map((kept) => (kept.id === run.id ? run : kept)) : [run, ...answer.runs],
  };
}

/**
 * The answer with these cells written. Only the rows they touch are new objects: the grid keys
 * rows by id and redraws just the rows whose object changed, which keeps 10,000 rows smooth.
 */
export function withCells(answer: AiTableAnswer, cells: CellNews[]): AiTableAnswer {
  if (cells.length === 0) return answer;
  const byRow = new Map<string, CellNews[]>();
  for (const news of cells) byRow.set(news.row_id, [...(byRow.get(news.row_id) ?? []), news]);
  return {
    ...answer,
    rows: answer.rows.map((row) => {
      const news = byRow.get(row.id);
      if (!news) return row;
      const written = { ...row.cells };
      for (const { column_id, cell } of news) written[column_id] = cell;
      return { ...row, cells: written };
    }),
  };
}

/** A run's progress message applied to its table; a message about another table changes nothing. */
export function withRunEvent(answer: AiTableAnswer, event: AiTableRunEvent): AiTableAnswer {
  if (event.table_id !== answer.table.id) return answer;
  const { table_id: _table, cells, ...run } = event;
  return withCells(withRun(answer, run), cells);
}
