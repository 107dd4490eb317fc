import type { KeptResult, ResultColumn } from '@app/contract/analytics/query';
import { AppError } from '../../platform/app-error';

/**
 * A workflow's compute steps (issue 25) over one kept result. Each answers a result of the same
 * shape, still naming the kept result its figures came from: ranking and the movers keep rows of
 * the query as they were; the CTR gap adds two columns computed from the same rows, each labelled
 * with how it was made. Comparing two periods is not a step of its own: it is the query's
 * `compare`, which the query model answers with each metric's previous value, change and change %.
 */

type Row = KeptResult['rows'][number];

const num = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;

function column(result: KeptResult, key: string, why: string): ResultColumn {
  const found = result.columns.find((c) => c.key === key);
  if (!found) {
    throw new AppError('VALIDATION_ERROR', {
      msg: why,
      fields: { by: `${key} is not a column of the result (${result.columns.map((c) => c.key).join(', ')})` },
    });
  }
  return found;
}

/** Rows by one column, the largest first (or smallest), empty cells last; ties keep the query's order. */
export function rankRows(
  result: KeptResult,
  by: string,
  direction: 'asc' | 'desc',
  limit?: number,
): KeptResult {
  column(result, by, 'The ranking names a column the result does not have');
  const sign = direction === 'asc' ? 1 : -1;
  const rows = result.rows
    .map((row, index) => ({ row, index }))
    .sort((a, b) => {
      const x = num(a.row[by]);
      const y = num(b.row[by]);
      if (x === null || y === null) return x === null ? (y === null ? a.index - b.index : 1) : -1;
      return x === y ? a.index - b.index : sign * (x - y);
    })
    .map(({ row }) => row);
  return { ...result, rows: limit === undefined ? rows : rows.slice(0, limit) };
}

/**
 * The largest rises then the largest falls of `by` between the two ranges: up to `limit` rows
 * whose change is above zero, largest first, then up to `limit` below zero, largest fall first.
 */
export function topMovers(result: KeptResult, by: string, limit: number): KeptResult {
  const change = `${by}_change`;
  if (!result.columns.some((c) => c.key === change)) {
    throw new AppError('VALIDATION_ERROR', {
      msg: 'Top movers compare two periods: choose a comparison',
      fields: { 'inputs.period': 'Choose a comparison (YoY, MoM or Preceding)' },
    });
  }
  const rises = rankRows(result, change, 'desc').rows.filter((row) => (num(row[change]) ?? 0) > 0);
  const falls = rankRows(result, change, 'asc').rows.filter((row) => (num(row[change]) ?? 0) < 0);
  return { ...result, rows: [...rises.slice(0, limit), ...falls.slice(0, limit)] };
}

/** Rows whose change of `by` is at least `thresholdPct` per cent either way. */
export function detectChanges(result: KeptResult, by: string, thresholdPct: number): KeptResult {
  const pct = `${by}_change_pct`;
  column(result, pct, 'Detecting changes compares two periods: choose a comparison');
  const rows = result.rows.filter((row) => {
    const value = num(row[pct]);
    return value !== null && Math.abs(value) * 100 >= thresholdPct;
  });
  return rankRows({ ...result, rows }, pct, 'desc');
}

/**
 * Search queries whose CTR is below what their position earns: the expected CTR of a position is
 * the CTR of every query of the result at that position (rounded to a whole place), clicks over
 * impressions; a query below it missed `impressions × expected − clicks` clicks (rounded). The
 * queries that missed the most come first.
 */
export function ctrGap(result: KeptResult, t: (msgid: string) => string, limit?: number): KeptResult {
  for (const key of ['clicks', 'impressions', 'position'])
    column(result, key, 'The CTR gap reads clicks, impressions and position');
  const buckets = new Map<number, { clicks: number; impressions: number }>();
  const placeOf = (row: Row) => {
    const position = num(row.position);
    return position === null ? null : Math.max(1, Math.round(position));
  };
  for (const row of result.rows) {
    const place = placeOf(row);
    const clicks = num(row.clicks);
    const impressions = num(row.impressions);
    if (place === null || clicks === null || impressions === null) continue;
    const bucket = buckets.get(place) ?? { clicks: 0, impressions: 0 };
    bucket.clicks += clicks;
    bucket.impressions += impressions;
    buckets.set(place, bucket);
  }
  const rows: Row[] = [];
  for (const row of result.rows) {
    const place = placeOf(row);
    const clicks = num(row.clicks);
    const impressions = num(row.impressions);
    const bucket = place === null ? undefined : buckets.get(place);
    if (!bucket || clicks === null || impressions === null || impressions === 0 || bucket.impressions === 0)
      continue;
    const expected = bucket.clicks / bucket.impressions;
    const missed = Math.round(impressions * expected - clicks);
    if (clicks / impressions >= expected || missed <= 0) continue;
    rows.push({ ...row, expected_ctr: expected, missed_clicks: missed });
  }
  const columns: ResultColumn[] = [
    ...result.columns,
    {
      key: 'expected_ctr',
      label: t('Expected CTR at this position'),
      type: 'percent',
      unit: null,
      role: 'value',
      metric: 'expected_ctr',
    },
    {
      key: 'missed_clicks',
      label: t('Clicks missed'),
      type: 'number',
      unit: t('impressions × expected CTR − clicks'),
      role: 'value',
      metric: 'missed_clicks',
    },
  ];
  return rankRows({ ...result, columns, rows }, 'missed_clicks', 'desc', limit);
}
