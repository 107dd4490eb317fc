import {
  type AiColumnConfig,
  type AiTableSource,
  addAiColumn,
  type CellValue,
  controlAiColumnRun,
  createAiTable,
  deleteAiTable,
  editAiCell,
  exportAiTable,
  getAiTable,
  listAiModels,
  listAiTables,
  runAiColumn,
  updateAiColumn,
} from '@app/contract/ai-tables/tables';
import { listDatasets } from '@app/contract/analytics/datasets';
import type { EndpointBody } from '@app/contract/define-endpoint';
import { queryOptions } from '@tanstack/react-query';
import { aiTableKey, aiTablesKey } from '../../lib/ai-tables/ai-table-key';
import { callApi, openDownload } from '../../lib/api/client';

/** The AI tables' calls (issue 25) and their cache keys. */

export const tablesQuery = () =>
  queryOptions({
    queryKey: [...aiTablesKey, 'list'],
    queryFn: ({ signal }) => callApi(listAiTables, { signal }),
  });

/** One table whole; the `user_basic` stream writes run progress into this same entry. */
export const tableQuery = (id: string) =>
  queryOptions({
    queryKey: aiTableKey(id),
    queryFn: ({ signal }) => callApi(getAiTable, { params: { id }, signal }),
  });

/** The models an AI column can be written by (the admin's providers, and the offline writer). */
export const modelsQuery = () =>
  queryOptions({
    queryKey: [...aiTablesKey, 'models'],
    queryFn: ({ signal }) => callApi(listAiModels, { signal }),
  });

/** The team's datasets a table can be made from. */
export const datasetsQuery = () =>
  queryOptions({
    queryKey: [...aiTablesKey, 'datasets'],
    queryFn: ({ signal }) => callApi(listDatasets, { signal }),
  });

export type RunCells = EndpointBody<typeof runAiColumn>['cells'];
export type RunAction = 'pause' | 'resume' | 'cancel';
export type ColumnInput = AiColumnConfig & { name: string };

/** Form calls are silent: the form shows the refusal under its fields. */
export const makeTable = (name: string, source: AiTableSource) =>
  callApi(createAiTable, { body: { name, source }, silent: true });

export const removeTable = (id: string) => callApi(deleteAiTable, { params: { id } });

export const addColumn = (id: string, body: ColumnInput) =>
  callApi(addAiColumn, { params: { id }, body, silent: true });

export const changeColumn = (id: string, columnId: string, body: ColumnInput) =>
  callApi(updateAiColumn, { params: { id, column_id: columnId }, body, silent: true });

export const startColumnRun = (id: string, columnId: string, cells: RunCells) =>
  callApi(runAiColumn, { params: { id, column_id: columnId }, body: { cells } });

export const controlRun = (id: string, runId: string, action: RunAction) =>
  callApi(controlAiColumnRun, { params: { id, run_id: runId, action } });

export const writeCell = (id: string, rowId: string, columnId: string, value: CellValue) =>
  callApi(editAiCell, { params: { id, row_id: rowId, column_id: columnId }, body: { value } });

/** The table as a file in the generated-file store, downloaded in a new window. */
export async function exportTable(id: string, format: 'csv' | 'xlsx'): Promise<void> {
  const answer = await callApi(exportAiTable, { params: { id }, body: { format } });
  openDownload(answer.file_path);
}
