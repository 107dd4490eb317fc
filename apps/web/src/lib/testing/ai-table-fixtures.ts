import type { AiCell, AiTable, AiTableColumn, AiTableRow, ColumnRun } from '@app/contract/ai-tables/tables';
import type { AiTableAnswer } from '../ai-tables/table-cache';

/** Contract-valid AI tables for tests; each test overrides what it is about. */

export const AI_T0 = 1_795_000_000;

export function aiTableFixture(over: Partial<AiTable> = {}): AiTable {
  return {
    id: 'tbl-1',
    name: 'Campaign keywords',
    source: { kind: 'dataset', dataset_id: 'ds-1' },
    source_label: 'Keywords.csv',
    row_count: 2,
    truncated: false,
    creation_time: AI_T0,
    ...over,
  };
}

export const DATA_COLUMNS: AiTableColumn[] = [
  { id: 'c-campaign', key: 'campaign', name: 'Campaign', kind: 'data', type: 'text', ai: null },
  { id: 'c-keyword', key: 'keyword', name: 'Keyword', kind: 'data', type: 'text', ai: null },
  { id: 'c-clicks', key: 'clicks', name: 'Clicks', kind: 'data', type: 'number', ai: null },
];

export function aiColumnFixture(over: Partial<AiTableColumn> = {}): AiTableColumn {
  return {
    id: 'col-ad',
    key: 'ai_1',
    name: 'Ad copy',
    kind: 'ai',
    type: 'text',
    ai: { prompt: 'Write an ad for {{keyword}}', output: 'ad_copy', prompt_version: 1 },
    ...over,
  };
}

export function cellFixture(over: Partial<AiCell> = {}): AiCell {
  return { status: 'empty', value: null, error: null, prompt_version: null, ...over };
}

export function rowFixture(
  id: string,
  data: AiTableRow['data'],
  cells: AiTableRow['cells'] = {},
): AiTableRow {
  return { id, data, cells };
}

export function runFixture(over: Partial<ColumnRun> = {}): ColumnRun {
  return {
    id: 'run-1',
    column_id: 'col-ad',
    status: 'running',
    total: 2,
    done: 0,
    failed: 0,
    credits: 0,
    model: 'offline',
    creation_time: AI_T0,
    ...over,
  };
}

export function aiTableAnswerFixture(over: Partial<AiTableAnswer> = {}): AiTableAnswer {
  return {
    table: aiTableFixture(),
    columns: [...DATA_COLUMNS, aiColumnFixture()],
    rows: [
      rowFixture('r1', { campaign: 'Spring', keyword: 'running shoes', clicks: 120 }),
      rowFixture('r2', { campaign: 'Spring', keyword: 'trail shoes', clicks: 80 }),
    ],
    runs: [],
    cell_price: 2,
    ...over,
  };
}
