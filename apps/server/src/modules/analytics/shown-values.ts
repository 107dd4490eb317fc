import type { ResultColumn } from '@app/contract/analytics/query';

/**
 * How a result's figures are shown outside the query model's own answer (charts, reply tables,
 * exports): money in currency units rather than cents, ratios and change % as percentages, each
 * heading carrying the unit its values are in. One rule, so a chart, a table and a CSV of the
 * same result read the same numbers.
 */

/** The unit a column's shown values are in: `%` for ratios and change %, else the result's own. */
export function shownUnit(column: ResultColumn): string | null {
  if (column.type === 'percent' || column.role === 'change_pct') return '%';
  return column.unit;
}

/** A cell in the unit `shownUnit` names. */
export function shownValue(column: ResultColumn, value: unknown): string | number | null {
  if (value === null || value === undefined) return null;
  if (column.type === 'money') return Math.round(Number(value)) / 100;
  if (column.type === 'percent' || column.role === 'change_pct') return Math.round(Number(value) * 1e8) / 1e6;
  return typeof value === 'number' ? value : String(value);
}

/** A column's heading with its unit: "Revenue (USD)", "Conversion rate (%)". */
export function shownHeading(column: ResultColumn, label = column.label): string {
  const unit = shownUnit(column);
  return unit ? `${label} (${unit})` : label;
}
