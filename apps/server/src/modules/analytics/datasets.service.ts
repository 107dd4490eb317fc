import type { Dataset, DatasetColumn } from '@app/contract/analytics/datasets';
import { AppError, validationError } from '../../platform/app-error';
import type { SignedInContext } from '../../platform/endpoint';
import { toSeconds } from '../../platform/list-query';
import type { Platform } from '../../platform/platform';
import { findVisibleFile } from '../storage/storage-files.service';
import { DATASET_MIMES, readCsvSql, readHead, stageFile } from './dataset-file';
import { castExpression, inferColumns } from './dataset-infer';
import { dropDatasetTable, writeDatasetTable } from './dataset-store';
import {
  type DatasetRow,
  deleteDatasetRow,
  findDataset,
  findTeamDataset,
  findTeamUpload,
  insertDataset,
  teamDatasets,
  updateDataset,
} from './datasets.repo';
import { datasetSourceDef, RESERVED_DATASET_KEYS, type SourceDef } from './sources';
import { STORE_TABLES } from './store-schema';

// What other modules may use of this module's queries (they never import its repositories).
export { findTeamDataset } from './datasets.repo';

export const DATASET_IMPORT_JOB = 'analytics.dataset-import';
const PREVIEW_ROWS = 20;
/** Rows read to infer types: enough to see past a few blank or odd first rows. */
const SAMPLE_ROWS = 500;

export function datasetTable(id: string): string {
  if (!/^[0-9a-f-]{36}$/.test(id)) throw new Error('invalid dataset id');
  return `ds_${id.replace(/-/g, '_')}`;
}

export function datasetSource(id: string): `dataset:${string}` {
  return `dataset:${id}`;
}

export function toDataset(row: DatasetRow): Dataset {
  return {
    id: row.id,
    name: row.name,
    file_id: row.fileId,
    status: row.status as Dataset['status'],
    progress: row.progress,
    error: row.error,
    row_count: row.rowCount,
    columns: row.columns as DatasetColumn[],
    created_at: toSeconds(row.createdAt),
    updated_at: toSeconds(row.updatedAt),
  };
}

async function mustFindUpload(platform: Platform, ctx: SignedInContext, fileId: string) {
  const file = await findVisibleFile(platform, ctx, fileId);
  if (!file) throw validationError({ file_id: 'File not found' });
  if (!DATASET_MIMES.includes(file.mime))
    throw validationError({ file_id: 'A dataset is made from a CSV or XLSX file' });
  return file;
}

export async function previewDataset(platform: Platform, ctx: SignedInContext, fileId: string) {
  const file = await mustFindUpload(platform, ctx, fileId);
  const staged = await stageFile(platform.files, file);
  try {
    const { header, rows } = await readHead(staged.csv, SAMPLE_ROWS).catch(() => {
      throw validationError({ file_id: 'The file could not be read as a table' });
    });
    return { file_name: file.name, columns: inferColumns(header, rows), rows: rows.slice(0, PREVIEW_ROWS) };
  } finally {
    await staged.remove();
  }
}

function checkColumns(columns: DatasetColumn[]) {
  const keys = new Set<string>();
  columns.forEach((column, i) => {
    if (keys.has(column.key)) throw validationError({ [`columns.${i}.key`]: `${column.key} is used twice` });
    if (RESERVED_DATASET_KEYS.has(column.key))
      throw validationError({
        [`columns.${i}.key`]: `${column.key} is kept for the store; choose another name`,
      });
    keys.add(column.key);
  });
  const dates = columns.filter((column) => column.type === 'date');
  // Queries ask for a date range: one date column is the dataset's time axis.
  if (dates.length === 0) throw validationError({ columns: 'Choose the column that holds the date' });
}

export async function importDataset(
  platform: Platform,
  ctx: SignedInContext,
  input: {
    file_id: string;
    name: string;
    columns: DatasetColumn[];
    mode: 'create' | 'replace' | 'append';
    dataset_id?: string;
  },
) {
  const file = await mustFindUpload(platform, ctx, input.file_id);
  checkColumns(input.columns);
  let row: DatasetRow;
  if (input.mode === 'create') {
    row = await insertDataset(platform.db, {
      teamId: ctx.team.id,
      name: input.name,
      fileId: file.id,
      columns: input.columns,
      createdBy: ctx.user.id,
    });
  } else {
    if (!input.dataset_id)
      throw validationError({ dataset_id: 'Choose the dataset to replace or append to' });
    const existing = await findTeamDataset(platform.db, ctx.team.id, input.dataset_id);
    if (!existing) throw new AppError('NOT_FOUND', { msg: 'Dataset not found' });
    if (existing.status === 'importing')
      throw new AppError('CONFLICT', { msg: 'This dataset is still importing' });
    if (input.mode === 'append') {
      const same = (a: DatasetRow['columns'], b: DatasetColumn[]) =>
        a.length === b.length &&
        a.every((column, i) => column.key === b[i]?.key && column.type === b[i]?.type);
      if (!same(existing.columns, input.columns))
        throw validationError({
          columns: 'Appended rows need the same columns (names and types) as the dataset',
        });
    }
    const updated = await updateDataset(platform.db, existing.id, {
      name: input.name,
      fileId: file.id,
      columns: input.columns,
      status: 'importing',
      progress: 0,
      error: null,
    });
    if (!updated) throw new AppError('NOT_FOUND', { msg: 'Dataset not found' });
    row = updated;
  }
  await platform.jobs.send(DATASET_IMPORT_JOB, { datasetId: row.id, mode: input.mode });
  return { dataset: toDataset(row) };
}

/**
 * The import job: stages the file, then in the team's store writer creates (or appends to) the
 * dataset's table with every column cast from text by its type, and records the dataset as a
 * source with its freshness. DuckDB reads the CSV itself, so memory does not grow with the file.
 */
export async function runDatasetImport(
  platform: Platform,
  datasetId: string,
  mode: 'create' | 'replace' | 'append',
) {
  const dataset = await findDataset(platform.db, datasetId);
  if (!dataset?.fileId) return;
  const fail = async (message: string) => {
    await updateDataset(platform.db, datasetId, { status: 'failed', error: message, progress: 100 });
  };
  const file = await findTeamUpload(platform.db, dataset.teamId, dataset.fileId);
  if (!file) return fail('The file is no longer there');
  await updateDataset(platform.db, datasetId, { progress: 10 });
  const staged = await stageFile(platform.files, file);
  try {
    await updateDataset(platform.db, datasetId, { progress: 40 });
    const { header } = await readHead(staged.csv, 0);
    const columns = dataset.columns as DatasetColumn[];
    if (columns.some((column) => column.index >= header.length))
      return fail('The file has fewer columns than the dataset expects');
    const table = datasetTable(dataset.id);
    const dateColumn = columns.find((column) => column.type === 'date');
    if (!dateColumn) return fail('No date column');
    const names = header.map((_, i) => `'c${i}'`).join(', ');
    const read = readCsvSql(staged.csv, { header: true }).replace(/\)$/, `, names = [${names}])`);
    const select = [
      `'${dataset.id}' as property`,
      `${castExpression(dateColumn)} as date`,
      ...columns
        .filter((column) => column !== dateColumn)
        .map((column) => `${castExpression(column)} as c_${column.key}`),
    ].join(', ');
    const source = datasetSource(dataset.id);
    const rows = await platform.analytics.write(
      dataset.teamId,
      (connection) =>
        writeDatasetTable(connection, {
          table,
          select,
          read,
          mode,
          source,
          datasetId: dataset.id,
          name: dataset.name,
        }),
      { schema: STORE_TABLES },
    );
    await updateDataset(platform.db, datasetId, {
      status: 'ready',
      progress: 100,
      rowCount: rows,
      error: null,
    });
  } catch (error) {
    await fail(error instanceof Error ? error.message.slice(0, 500) : 'The import failed');
  } finally {
    await staged.remove();
  }
}

export async function listDatasets(platform: Platform, ctx: SignedInContext) {
  return { items: (await teamDatasets(platform.db, ctx.team.id)).map(toDataset) };
}

export async function getDataset(platform: Platform, ctx: SignedInContext, id: string) {
  const row = await findTeamDataset(platform.db, ctx.team.id, id);
  if (!row) throw new AppError('NOT_FOUND', { msg: 'Dataset not found' });
  return { dataset: toDataset(row) };
}

export async function deleteDataset(platform: Platform, ctx: SignedInContext, id: string) {
  const row = await findTeamDataset(platform.db, ctx.team.id, id);
  if (!row) throw new AppError('NOT_FOUND', { msg: 'Dataset not found' });
  const table = datasetTable(row.id);
  const source = datasetSource(row.id);
  await platform.analytics.write(
    row.teamId,
    (connection) => dropDatasetTable(connection, { table, source }),
    { schema: STORE_TABLES },
  );
  await deleteDatasetRow(platform.db, row.id);
  return { deleted: true as const };
}

/** The query model's definition of a team's ready dataset (`dataset:<id>`). */
export async function readyDatasetDef(
  platform: Platform,
  teamId: string,
  source: string,
): Promise<SourceDef> {
  const id = source.slice('dataset:'.length);
  const row = /^[0-9a-f-]{36}$/.test(id) ? await findTeamDataset(platform.db, teamId, id) : null;
  if (!row) throw new AppError('NOT_FOUND', { msg: 'No such data source' });
  if (row.status !== 'ready')
    throw new AppError('CONFLICT', { msg: `The dataset ${row.name} is not ready yet` });
  return datasetSourceDef({
    id: row.id,
    name: row.name,
    table: datasetTable(row.id),
    columns: row.columns as DatasetColumn[],
  });
}
