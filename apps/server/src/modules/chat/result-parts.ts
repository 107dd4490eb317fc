import type { AnalyticsQuery, KeptResult, ResultColumn } from '@app/contract/analytics/query';
import type { AgColumnDef, ReplyPart } from '@app/contract/chat/parts';
import { say } from '../../platform/say';
import { shownHeading, shownValue } from '../analytics/shown-values';

type Translate = (msgid: string) => string;

/**
 * A kept result as a reply's tables (spec section 3, Table data): the `ag_table` the grid shows
 * and the markdown `table` a report or an export keeps. Figures are in the unit their heading
 * says (money in currency units, ratios in percent, as charts and exports show them), and a
 * comparison groups each metric's value, previous value, change and change % under the metric,
 * each column naming the range it belongs to.
 */

/** What a comparison column is called under its metric's group. */
function subHeading(column: ResultColumn, result: KeptResult, t: Translate): string {
  const current = result.ranges.find((range) => range.role === 'current');
  const previous = result.ranges.find((range) => range.role === 'previous');
  if (column.role === 'value') return current?.label ?? column.label;
  if (column.role === 'previous') return previous?.label ?? t('Previous');
  if (column.role === 'change') return t('Change');
  return t('Change %');
}

const cellType = (column: ResultColumn): AgColumnDef['cellDataType'] =>
  column.type === 'text' ? 'text' : column.type === 'date' ? 'date' : 'number';

export function agTablePart(
  result: KeptResult,
  query: AnalyticsQuery,
  t: Translate = (msgid) => msgid,
): ReplyPart {
  const compared = result.columns.some((column) => column.role === 'previous');
  const current = result.ranges.find((range) => range.role === 'current');
  const previous = result.ranges.find((range) => range.role === 'previous');
  const leaf = (column: ResultColumn, headerName: string): AgColumnDef => ({
    headerName,
    field: column.key,
    cellDataType: cellType(column),
    ...(column.role === 'value' && current && compared ? { range: current.label } : {}),
    ...(column.role === 'previous' && previous ? { range: previous.label } : {}),
  });
  const columnDefs: AgColumnDef[] = [];
  const grouped = new Map<string, AgColumnDef>();
  for (const column of result.columns) {
    if (column.role === 'dimension' || !compared || column.metric === null) {
      columnDefs.push(leaf(column, shownHeading(column)));
      continue;
    }
    let group = grouped.get(column.metric);
    if (!group) {
      const value = result.columns.find((c) => c.metric === column.metric && c.role === 'value') ?? column;
      group = { headerName: shownHeading(value), children: [] };
      grouped.set(column.metric, group);
      columnDefs.push(group);
    }
    group.children?.push(leaf(column, subHeading(column, result, t)));
  }
  return {
    type: 'ag_table',
    columnDefs,
    rowData: result.rows.map((row) =>
      Object.fromEntries(result.columns.map((column) => [column.key, shownValue(column, row[column.key])])),
    ),
    truncated: result.truncated,
    result_id: result.result_id,
    query,
    ranges: result.ranges,
    freshness: result.freshness,
  };
}

/** A markdown cell: pipes and line breaks would end it, so they are escaped. */
export const markdownCell = (value: string) =>
  value.replace(/\\/g, '\\\\').replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');

/** The result as a markdown table (numbers grouped by thousands as the reader writes them). */
export function markdownTablePart(
  result: KeptResult,
  t: Translate = (msgid) => msgid,
  locale = 'en-US',
): ReplyPart {
  const numbers = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
  const heading = (column: ResultColumn) => {
    const base =
      column.role === 'dimension' || column.role === 'value'
        ? column.label
        : say(t, '{{metric}}, {{what}}', { metric: column.label, what: subHeading(column, result, t) });
    return shownHeading(column, base);
  };
  const lines = [
    `| ${result.columns.map((column) => markdownCell(heading(column))).join(' | ')} |`,
    `| ${result.columns.map((column) => (column.type === 'text' || column.type === 'date' ? '---' : '---:')).join(' | ')} |`,
    ...result.rows.map(
      (row) =>
        `| ${result.columns
          .map((column) => {
            const value = shownValue(column, row[column.key]);
            return value === null
              ? ''
              : markdownCell(typeof value === 'number' ? numbers.format(value) : value);
          })
          .join(' | ')} |`,
    ),
  ];
  return { type: 'table', table: lines.join('\n'), result_id: result.result_id };
}
