import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DuckDBInstance } from '@duckdb/node-api';
import ExcelJS from 'exceljs';
import type { ObjectStore } from '../../platform/storage';

const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** What a dataset may be made from. */
export const DATASET_MIMES = ['text/csv', 'text/tab-separated-values', 'text/plain', XLSX_MIME];

export interface StagedFile {
  /** A CSV on local disk that DuckDB reads (random name, inside our own temporary folder). */
  csv: string;
  remove: () => Promise<void>;
}

function csvCell(value: unknown): string {
  let text: string;
  if (value === null || value === undefined) text = '';
  else if (value instanceof Date) text = value.toISOString().slice(0, 10);
  else if (typeof value === 'object' && 'result' in value)
    return csvCell((value as { result: unknown }).result);
  else if (typeof value === 'object' && 'text' in value) text = String((value as { text: unknown }).text);
  else if (typeof value === 'object' && 'richText' in value)
    text = (value as { richText: { text: string }[] }).richText.map((part) => part.text).join('');
  else text = String(value);
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The first worksheet of an XLSX as CSV lines, read as a stream (never the whole workbook). */
async function* xlsxAsCsv(body: Readable): AsyncGenerator<string> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(body, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
  });
  for await (const sheet of reader) {
    for await (const row of sheet) {
      const values = (row as ExcelJS.Row).values as unknown[];
      // exceljs puts column A at index 1.
      yield `${values.slice(1).map(csvCell).join(',')}\n`;
    }
    return;
  }
}

/**
 * Copies a stored file to a temporary CSV DuckDB can read, streaming: a CSV as it is, an XLSX's
 * first sheet converted row by row. The caller removes it.
 */
export async function stageFile(
  store: ObjectStore,
  file: { storageKey: string; mime: string },
): Promise<StagedFile> {
  const dir = path.join(tmpdir(), 'app-datasets');
  await mkdir(dir, { recursive: true });
  const csv = path.join(dir, `${randomBytes(12).toString('hex')}.csv`);
  const { body } = await store.get(file.storageKey);
  try {
    const source = file.mime === XLSX_MIME ? Readable.from(xlsxAsCsv(body)) : body;
    await pipeline(source, createWriteStream(csv));
  } catch (error) {
    await rm(csv, { force: true });
    throw error;
  }
  return { csv, remove: () => rm(csv, { force: true }) };
}

/**
 * The `read_csv` call over a staged file: every column as text named c0, c1, ... (so no header
 * text ever appears in SQL), the delimiter sniffed. The path is ours (random hex under tmpdir).
 */
export function readCsvSql(csv: string, options: { header: boolean }): string {
  if (!/^[\w/.\\:-]+$/.test(csv)) throw new Error('unexpected staging path');
  return `read_csv('${csv}', header = ${options.header}, all_varchar = true, null_padding = true, ignore_errors = false, sample_size = 20480)`;
}

/** The header and the first `limit` rows of a staged CSV, as text. */
export async function readHead(
  csv: string,
  limit: number,
): Promise<{ header: (string | null)[]; rows: (string | null)[][] }> {
  const instance = await DuckDBInstance.create(':memory:', { threads: '1', memory_limit: '256MB' });
  try {
    const connection = await instance.connect();
    const result = await connection.runAndReadAll(
      `select * from ${readCsvSql(csv, { header: false })} limit ${limit + 1}`,
    );
    connection.closeSync();
    const all = result.getRows().map((row) => row.map((cell) => (cell === null ? null : String(cell))));
    const [header = [], ...rows] = all;
    return { header, rows };
  } finally {
    instance.closeSync();
  }
}
