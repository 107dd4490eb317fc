import {
  AI_TABLE_MAX_ROWS,
  type AiColumnConfig,
  type AiTable,
  type AiTableColumn,
  type AiTableSource,
  type CellValue,
} from '@app/contract/ai-tables/tables';
import { zAdPreview } from '@app/contract/analysis/ad-copy';
import type { DatasetColumn } from '@app/contract/analytics/datasets';
import type { KeptResult, ResultColumn } from '@app/contract/analytics/query';
import { AppError } from '../../platform/app-error';
import type { SignedInContext } from '../../platform/endpoint';
import { toSeconds } from '../../platform/list-query';
import type { Platform } from '../../platform/platform';
import { getKeptResult } from '../analytics/analytics.service';
import { datasetTable, findTeamDataset } from '../analytics/datasets.service';
import { resultCsv, resultXlsx } from '../analytics/export-result';
import { shownHeading, shownValue } from '../analytics/shown-values';
import { datasetColumnReads } from '../analytics/sources';
import { activeModel, offeredModel, offeredModels } from '../chat/assistant/providers';
import { planFunctionKeys } from '../credits/credits.service';
import { currentPrices } from '../credits/price-table';
import { storeGeneratedForDownload } from '../storage/generated-files';
import {
  type ColumnRow,
  columnCells,
  deleteTableRow,
  findAiColumn,
  findRun,
  findTableRow,
  findTeamTable,
  insertAiColumn,
  insertRunWithCells,
  insertTableWithRows,
  listTeamTables,
  liveRunOfColumn,
  liveRunsOfTable,
  type TableRow,
  tableCells,
  tableColumns,
  tableRows,
  tableRuns,
  updateAiColumnRow,
  upsertHandCell,
} from './ai-tables.repo';
import { checkAd } from './cell-writer';
import { AI_TABLE_FUNCTION, configOf, controlRun, dispatchRun, toCell, toColumnRun } from './column-runs';

/**
 * AI tables (issue 25): made from a kept result or a dataset (rows copied, up to 10,000), with AI
 * columns added, run, edited and exported. Everything is the current team's: another team's
 * table is as missing as a wrong id.
 */

export const TABLE_NOT_FOUND = 'No such AI table';
type Cell = string | number | null;

function toTable(row: TableRow): AiTable {
  return {
    id: row.id,
    name: row.name,
    source: row.source as AiTableSource,
    source_label: row.sourceLabel,
    row_count: row.rowCount,
    truncated: row.truncated,
    creation_time: toSeconds(row.createdAt),
  };
}

function toColumn(row: ColumnRow): AiTableColumn {
  return {
    id: row.id,
    key: row.key,
    name: row.name,
    kind: row.kind as AiTableColumn['kind'],
    type: row.type as AiTableColumn['type'],
    ai: row.kind === 'ai' ? { ...configOf(row), prompt_version: row.promptVersion } : null,
  };
}

async function mustFindTable(platform: Platform, ctx: SignedInContext, id: string) {
  const table = await findTeamTable(platform.db, ctx.team.id, id);
  if (!table) throw new AppError('NOT_FOUND', { msg: TABLE_NOT_FOUND });
  return table;
}

interface Copied {
  label: string;
  columns: { key: string; name: string; type: 'text' | 'number' }[];
  rows: Record<string, Cell>[];
  truncated: boolean;
}

/** A kept result's rows as shown (money in currency units, ratios in per cent), headings with units. */
function fromResult(kept: KeptResult): Copied {
  const columns = kept.columns.map((column: ResultColumn) => ({
    key: column.key,
    name: shownHeading(column),
    type: column.type === 'text' || column.type === 'date' ? ('text' as const) : ('number' as const),
  }));
  const rows = kept.rows
    .slice(0, AI_TABLE_MAX_ROWS)
    .map((row) =>
      Object.fromEntries(kept.columns.map((column) => [column.key, shownValue(column, row[column.key])])),
    );
  const fresh = kept.freshness[0];
  const current = kept.ranges.find((range) => range.role === 'current');
  const label = [fresh ? `${fresh.property_name}${fresh.demo ? ' (Demo)' : ''}` : null, current?.label]
    .filter(Boolean)
    .join(' · ');
  return { label, columns, rows, truncated: kept.truncated || kept.rows.length > AI_TABLE_MAX_ROWS };
}

async function fromDataset(platform: Platform, ctx: SignedInContext, id: string): Promise<Copied> {
  const dataset = /^[0-9a-f-]{36}$/.test(id) ? await findTeamDataset(platform.db, ctx.team.id, id) : null;
  if (!dataset)
    throw new AppError('VALIDATION_ERROR', { fields: { 'source.dataset_id': 'No such dataset' } });
  if (dataset.status !== 'ready') {
    throw new AppError('VALIDATION_ERROR', {
      fields: { 'source.dataset_id': 'The dataset is not ready yet' },
    });
  }
  const defs = dataset.columns as DatasetColumn[];
  const read = await platform.analytics.read(
    { kind: 'team', teamId: ctx.team.id },
    `select ${datasetColumnReads(defs).join(', ')} from "${datasetTable(dataset.id)}" limit ${AI_TABLE_MAX_ROWS + 1}`,
    [],
  );
  const all = read?.rows ?? [];
  return {
    label: dataset.name,
    columns: defs.map((c) => ({
      key: c.key,
      name: c.name,
      type: c.type === 'text' || c.type === 'date' ? 'text' : 'number',
    })),
    rows: all.slice(0, AI_TABLE_MAX_ROWS).map((row) =>
      Object.fromEntries(
        defs.map((c, i) => {
          const value = row[i];
          return [
            c.key,
            typeof value === 'number' || typeof value === 'string'
              ? value
              : value === null
                ? null
                : String(value),
          ];
        }),
      ),
    ),
    truncated: all.length > AI_TABLE_MAX_ROWS,
  };
}

export async function createTable(
  platform: Platform,
  ctx: SignedInContext,
  input: { name: string; source: AiTableSource },
) {
  const copied =
    input.source.kind === 'result'
      ? fromResult(
          (
            await getKeptResult(platform, ctx, input.source.result_id).catch(() => {
              throw new AppError('VALIDATION_ERROR', { fields: { 'source.result_id': 'No such result' } });
            })
          ).result,
        )
      : await fromDataset(platform, ctx, input.source.dataset_id);
  const table = await insertTableWithRows(platform.db, {
    teamId: ctx.team.id,
    userId: ctx.user.id,
    name: input.name,
    source: input.source,
    sourceLabel: copied.label,
    truncated: copied.truncated,
    columns: copied.columns,
    rows: copied.rows,
  });
  return toTable(table);
}

/** The team's tables, and whether its plan runs AI columns (so the page can say so before a run). */
export async function listTables(platform: Platform, ctx: SignedInContext) {
  const [rows, allowedKeys, price] = await Promise.all([
    listTeamTables(platform.db, ctx.team.id),
    planFunctionKeys(platform.db, ctx.team.id),
    currentPrices(platform).then((prices) => prices.functions.get(AI_TABLE_FUNCTION)),
  ]);
  return {
    items: rows.map(toTable),
    allowed: allowedKeys.has(AI_TABLE_FUNCTION),
    cell_price: price?.credits ?? 0,
  };
}

export async function getTable(platform: Platform, ctx: SignedInContext, id: string) {
  const table = await mustFindTable(platform, ctx, id);
  const [columns, rows, cells, runs, price] = await Promise.all([
    tableColumns(platform.db, id),
    tableRows(platform.db, id),
    tableCells(platform.db, id),
    tableRuns(platform.db, id),
    currentPrices(platform).then((prices) => prices.functions.get(AI_TABLE_FUNCTION)),
  ]);
  const byRow = new Map<string, Record<string, ReturnType<typeof toCell>>>();
  for (const cell of cells) {
    const of = byRow.get(cell.rowId) ?? {};
    of[cell.columnId] = toCell(cell);
    byRow.set(cell.rowId, of);
  }
  return {
    table: toTable(table),
    columns: columns.map(toColumn),
    rows: rows.map((row) => ({
      id: row.id,
      data: row.data as Record<string, Cell>,
      cells: byRow.get(row.id) ?? {},
    })),
    runs: runs.map(toColumnRun),
    cell_price: price?.credits ?? 0,
  };
}

export async function deleteTable(platform: Platform, ctx: SignedInContext, id: string) {
  const table = await mustFindTable(platform, ctx, id);
  for (const run of await liveRunsOfTable(platform.db, table.id)) await controlRun(platform, run, 'cancel');
  await deleteTableRow(platform.db, table.id);
  return { deleted: true };
}

function checkLabels(config: AiColumnConfig) {
  if (config.output === 'label' && (config.labels ?? []).length < 2) {
    throw new AppError('VALIDATION_ERROR', { fields: { labels: 'Give at least two labels to choose from' } });
  }
}

/** The models a column can be written by, and the assistant's (what writes a column without one). */
export async function listModels(platform: Platform) {
  const [items, active] = await Promise.all([offeredModels(platform), activeModel(platform)]);
  return { items, default_model: active.id };
}

/**
 * The model a run records and is written by: the column's own (still offered), or the
 * assistant's at the start.
 */
async function runModel(platform: Platform, columnModel: string | null): Promise<string> {
  if (!columnModel) return (await activeModel(platform)).id;
  return (await checkModel(platform, columnModel)) ?? columnModel;
}

/** A chosen model must be one offered now; null (the assistant's) always is. */
async function checkModel(platform: Platform, model: string | null | undefined): Promise<string | null> {
  if (!model) return null;
  if (!(await offeredModel(platform, model))) {
    throw new AppError('VALIDATION_ERROR', {
      fields: { model: 'This model is not offered on this server: choose one of the list' },
    });
  }
  return model;
}

export async function addColumn(
  platform: Platform,
  ctx: SignedInContext,
  id: string,
  input: AiColumnConfig & { name: string },
) {
  const table = await mustFindTable(platform, ctx, id);
  checkLabels(input);
  const model = await checkModel(platform, input.model);
  const column = await insertAiColumn(platform.db, table.id, {
    name: input.name,
    type: input.output === 'number' ? 'number' : 'text',
    prompt: input.prompt,
    output: input.output,
    labels: input.output === 'label' ? (input.labels ?? []) : null,
    model,
  });
  return toColumn(column);
}

async function mustFindAiColumn(platform: Platform, tableId: string, columnId: string) {
  const column = await findAiColumn(platform.db, tableId, columnId);
  if (!column) throw new AppError('NOT_FOUND', { msg: 'No such AI column' });
  return column;
}

export async function updateColumn(
  platform: Platform,
  ctx: SignedInContext,
  id: string,
  columnId: string,
  input: AiColumnConfig & { name: string },
) {
  const table = await mustFindTable(platform, ctx, id);
  checkLabels(input);
  const column = await mustFindAiColumn(platform, table.id, columnId);
  // The model kept is not checked again unless it changes: a column keeps its model's name while
  // its provider is away, and its run says the model is missing.
  const model =
    (input.model ?? null) === column.model ? column.model : await checkModel(platform, input.model);
  const changed =
    column.prompt !== input.prompt ||
    column.model !== model ||
    column.output !== input.output ||
    JSON.stringify(column.labels ?? null) !==
      JSON.stringify(input.output === 'label' ? (input.labels ?? []) : null);
  const updated = await updateAiColumnRow(platform.db, column.id, {
    name: input.name,
    prompt: input.prompt,
    output: input.output,
    type: input.output === 'number' ? 'number' : 'text',
    labels: input.output === 'label' ? (input.labels ?? []) : null,
    model,
    // A new prompt (or model) is a new version: kept values say which one made them.
    promptVersion: changed ? column.promptVersion + 1 : column.promptVersion,
  });
  if (!updated) throw new AppError('NOT_FOUND', { msg: 'No such AI column' });
  return toColumn(updated);
}

export async function startRun(
  platform: Platform,
  ctx: SignedInContext,
  id: string,
  columnId: string,
  scope: 'empty' | 'failed' | 'all' | { row_ids: string[] },
) {
  const table = await mustFindTable(platform, ctx, id);
  const column = await mustFindAiColumn(platform, table.id, columnId);
  if (await liveRunOfColumn(platform.db, column.id)) {
    throw new AppError('CONFLICT', {
      msg: 'This column is already running: pause, resume or cancel that run first',
    });
  }
  const [rows, cells, model] = await Promise.all([
    tableRows(platform.db, table.id),
    columnCells(platform.db, column.id),
    runModel(platform, column.model),
  ]);
  const status = new Map(cells.map((cell) => [cell.rowId, cell.status]));
  const chosen = typeof scope === 'object' ? new Set(scope.row_ids) : null;
  const targets = rows
    .map((row) => row.id)
    .filter((rowId) => {
      const now = status.get(rowId) ?? 'empty';
      if (chosen) return chosen.has(rowId);
      if (scope === 'empty') return now === 'empty';
      if (scope === 'failed') return now === 'failed';
      return true;
    });
  if (chosen && targets.length !== chosen.size) {
    throw new AppError('VALIDATION_ERROR', {
      fields: { 'cells.row_ids': 'Some rows are not in this table' },
    });
  }
  const run = await insertRunWithCells(
    platform.db,
    { tableId: table.id, columnId: column.id, teamId: ctx.team.id, userId: ctx.user.id, model },
    targets,
  );
  if (targets.length > 0) await dispatchRun(platform, run.id);
  return toColumnRun(run);
}

export async function controlColumnRun(
  platform: Platform,
  ctx: SignedInContext,
  id: string,
  runId: string,
  action: 'pause' | 'resume' | 'cancel',
) {
  const table = await mustFindTable(platform, ctx, id);
  const run = await findRun(platform.db, runId);
  if (!run || run.tableId !== table.id) throw new AppError('NOT_FOUND', { msg: 'No such run' });
  const changed = await controlRun(platform, run, action);
  if (!changed) throw new AppError('NOT_FOUND', { msg: 'No such run' });
  return toColumnRun(changed);
}

export async function editCell(
  platform: Platform,
  ctx: SignedInContext,
  id: string,
  rowId: string,
  columnId: string,
  value: CellValue,
) {
  const table = await mustFindTable(platform, ctx, id);
  const column = await mustFindAiColumn(platform, table.id, columnId);
  if (!(await findTableRow(platform.db, table.id, rowId)))
    throw new AppError('NOT_FOUND', { msg: 'No such row' });
  const config = configOf(column);
  if (value !== null) {
    if (config.output === 'ad_copy') {
      const ad = zAdPreview.safeParse(value);
      if (!ad.success)
        throw new AppError('VALIDATION_ERROR', {
          fields: { value: 'Ad copy: display URL, paths, headlines and descriptions' },
        });
      try {
        checkAd(ad.data);
      } catch (error) {
        throw new AppError('VALIDATION_ERROR', { fields: { value: (error as Error).message } });
      }
    } else if (config.output === 'number' && typeof value !== 'number') {
      throw new AppError('VALIDATION_ERROR', { fields: { value: 'A number' } });
    } else if (config.output === 'label' && !(config.labels ?? []).includes(String(value))) {
      throw new AppError('VALIDATION_ERROR', { fields: { value: 'One of the labels' } });
    } else if (config.output === 'text' && typeof value !== 'string') {
      throw new AppError('VALIDATION_ERROR', { fields: { value: 'Text' } });
    }
  }
  const cell = await upsertHandCell(platform.db, { rowId, columnId, tableId: table.id, value });
  return toCell(cell);
}

/** How an AI cell reads in an export: ad copy as its pieces, one per line. */
function exportedCell(value: unknown): Cell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'object') {
    const ad = value as {
      displayUrl?: string;
      paths?: string[];
      headlines?: string[];
      descriptions?: string[];
    };
    return [
      ...(ad.headlines ?? []),
      ...(ad.descriptions ?? []),
      [ad.displayUrl, ...(ad.paths ?? [])].filter(Boolean).join('/'),
    ].join('\n');
  }
  return value as Cell;
}

export async function exportTable(
  platform: Platform,
  ctx: SignedInContext,
  id: string,
  format: 'csv' | 'xlsx',
) {
  const { table, columns, rows } = await getTable(platform, ctx, id);
  // The table as a result of its own, written by the same CSV and XLSX writers as every result.
  const result: KeptResult = {
    result_id: table.id,
    columns: columns.map((column) => ({
      key: column.id,
      label: column.name,
      type: column.type === 'number' ? 'number' : 'text',
      unit: null,
      role: column.kind === 'data' ? 'dimension' : 'value',
      metric: null,
    })),
    rows: rows.map((row) =>
      Object.fromEntries(
        columns.map((column) => [
          column.id,
          column.kind === 'data' ? (row.data[column.key] ?? null) : exportedCell(row.cells[column.id]?.value),
        ]),
      ),
    ),
    ranges: [],
    freshness: [],
    sql: [],
    parameters: [],
    sql_runnable: [],
    truncated: table.truncated,
  };
  const body = format === 'csv' ? Buffer.from(resultCsv(result), 'utf8') : await resultXlsx(result, ctx.t);
  return storeGeneratedForDownload(platform, ctx, { name: table.name, ext: format, body });
}
