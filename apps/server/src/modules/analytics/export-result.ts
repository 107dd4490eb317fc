import type { KeptResult, ResultColumn } from '@app/contract/analytics/query';
import ExcelJS from 'exceljs';
import type { SignedInContext } from '../../platform/endpoint';
import type { Platform } from '../../platform/platform';
import { storeGeneratedForDownload } from '../storage/generated-files';
import { getKeptResult } from './analytics.service';
import { shownHeading, shownValue } from './shown-values';

type Translate = (msgid: string) => string;

/**
 * A column's heading. An XLSX keeps ratios as ratios under a percent format, so its heading
 * needs no `%`; everything else says its unit as the other shown forms do.
 */
function xlsxHeading(column: ResultColumn): string {
  return column.type === 'percent' ? column.label : shownHeading(column);
}

/**
 * RFC 4180 with a byte order mark. A text cell a spreadsheet would run as a formula (starting
 * with =, +, - or @) is written with a leading apostrophe, so an exported campaign name can
 * never become a formula on someone's machine.
 */
export function resultCsv(result: KeptResult): string {
  const quote = (cell: string) => (/[",\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell);
  const text = (column: ResultColumn, value: unknown) => {
    const shown = shownValue(column, value);
    if (shown === null) return '';
    if (typeof shown === 'number') return String(shown);
    return quote(/^[=+\-@\t\r]/.test(shown) ? `'${shown}` : shown);
  };
  const lines = [
    result.columns.map((column) => quote(shownHeading(column))).join(','),
    ...result.rows.map((row) => result.columns.map((column) => text(column, row[column.key])).join(',')),
  ];
  return `\ufeff${lines.join('\r\n')}\r\n`;
}

const NUMBER_FORMATS: Partial<Record<ResultColumn['type'], string>> = {
  money: '#,##0.00',
  percent: '0.00%',
  number: '#,##0.##',
};

/** An XLSX of the result (typed cells) and a sheet saying where its figures came from. */
export async function resultXlsx(result: KeptResult, t: Translate): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  book.creator = 'Marketing AI Workspace';
  const sheet = book.addWorksheet(t('Result'), { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = result.columns.map((column) => ({
    header: xlsxHeading(column),
    key: column.key,
    width: Math.min(Math.max(xlsxHeading(column).length + 2, 12), 48),
    style: NUMBER_FORMATS[column.type] ? { numFmt: NUMBER_FORMATS[column.type] } : {},
  }));
  sheet.getRow(1).font = { bold: true };
  for (const row of result.rows) {
    sheet.addRow(
      Object.fromEntries(
        result.columns.map((column) => {
          const value = row[column.key];
          if (value === null || value === undefined) return [column.key, null];
          if (column.type === 'money') return [column.key, Math.round(Number(value)) / 100];
          if (column.type === 'percent' || column.type === 'number') return [column.key, Number(value)];
          if (column.type === 'date') return [column.key, new Date(`${String(value)}T00:00:00Z`)];
          return [column.key, String(value)];
        }),
      ),
    );
  }
  for (const column of result.columns) {
    if (column.type === 'date') sheet.getColumn(column.key).numFmt = 'yyyy-mm-dd';
  }
  if (result.truncated) sheet.addRow([t('More rows matched than the result kept')]);

  const about = book.addWorksheet(t('About'));
  about.columns = [
    { header: '', key: 'what', width: 24 },
    { header: '', key: 'value', width: 100 },
  ];
  const line = (what: string, value: string) => about.addRow({ what: t(what), value });
  for (const range of result.ranges)
    line(
      range.role === 'current' ? 'Range' : 'Compared with',
      `${range.label}: ${range.start} – ${range.end}`,
    );
  for (const f of result.freshness) {
    line('Source', `${f.property_name}${f.demo ? ` (${t('Demo')})` : ''} · ${f.source} · ${f.property}`);
    if (f.complete_through) line('Complete through', f.complete_through);
    if (f.synced_at) line('Synced at', new Date(f.synced_at * 1000).toISOString());
  }
  result.sql_runnable.forEach((sql) => {
    line('SQL', sql);
  });
  about.getColumn('what').font = { bold: true };
  return Buffer.from(await book.xlsx.writeBuffer());
}

/**
 * Exports a kept result of the caller's team into its storage as a generated CSV or XLSX, named
 * `filename` (or the result's id) with the format's extension, and answers a download link.
 */
export async function exportResult(
  platform: Platform,
  ctx: SignedInContext,
  id: string,
  input: { format: 'csv' | 'xlsx'; filename?: string },
) {
  const { result } = await getKeptResult(platform, ctx, id);
  const base =
    (input.filename ?? '').replace(/\.(csv|xlsx)$/i, '').trim() || `${ctx.t('Result')} ${id.slice(0, 8)}`;
  const body =
    input.format === 'csv' ? Buffer.from(resultCsv(result), 'utf8') : await resultXlsx(result, ctx.t);
  return storeGeneratedForDownload(platform, ctx, {
    name: `${base}.${input.format}`,
    ext: input.format,
    body,
  });
}
