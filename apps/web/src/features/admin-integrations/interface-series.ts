import type { ExternalApi, InterfaceStat } from '@app/contract/connectors/admin-interfaces';

export type InterfaceMetric = 'calls' | 'errors' | 'avg_latency_ms' | 'quota_used';

export interface ChartRow {
  /** Bucket start, milliseconds (AG Charts' time axis reads Dates or ms). */
  at: number;
  [api: string]: number | null;
}

export interface ChartSeries {
  api: ExternalApi;
  /** The row field holding this API's values (AG Charts reads a dotted key as a nested path). */
  key: string;
  label: string;
}

/** `analytics_data.run_report` -> `analytics_data__run_report`. */
export function seriesKey(api: ExternalApi): string {
  return api.replace(/\./g, '__');
}

export interface ChartPeriod {
  from: number;
  to: number;
  bucket: 'hour' | 'day';
}

const BUCKET_SECONDS = { hour: 3600, day: 86_400 } as const;

/**
 * The time series of every API called in the period, one row per bucket from the period's start
 * to its end (UTC hours or days, as the server buckets), holding each API's value of `metric`.
 * Counts are 0 in a bucket without a call, so the line spans the whole period; latency is left
 * blank there (no call took no time), so its line breaks instead of dropping to 0.
 */
export function chartData(
  items: readonly InterfaceStat[],
  metric: InterfaceMetric,
  label: (item: InterfaceStat) => string,
  period: ChartPeriod,
): { rows: ChartRow[]; series: ChartSeries[] } {
  const used = items.filter((item) => item.calls > 0);
  const step = BUCKET_SECONDS[period.bucket];
  const buckets = new Map<number, ChartRow>();
  for (let at = Math.floor(period.from / step) * step; at <= period.to; at += step) {
    buckets.set(at, { at: at * 1000 });
  }
  for (const item of used) {
    for (const point of item.series) {
      const row = buckets.get(point.at) ?? { at: point.at * 1000 };
      row[seriesKey(item.api)] = point[metric];
      buckets.set(point.at, row);
    }
  }
  const rows = [...buckets.entries()].sort(([a], [b]) => a - b).map(([, row]) => row);
  if (metric !== 'avg_latency_ms') {
    for (const row of rows) for (const item of used) row[seriesKey(item.api)] ??= 0;
  }
  return {
    rows,
    series: used.map((item) => ({ api: item.api, key: seriesKey(item.api), label: label(item) })),
  };
}
