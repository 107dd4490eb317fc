import type { QueryResult, ResultColumn } from '@app/contract/analytics/query';
import {
  CHART_COLORS,
  type ChartIntent,
  type ChartOptions,
  MAX_BAR_CATEGORIES,
  MAX_CHART_SERIES,
  MAX_LINE_POINTS,
  zChartIntent,
} from '@app/contract/chat/chart';
import { say, type Translate } from '../../platform/say';
import { shownUnit, shownValue } from '../analytics/shown-values';

/** A drawn value is a number or a gap. */
const numberOrNull = (value: string | number | null) => {
  const n = typeof value === 'number' ? value : Number(value ?? Number.NaN);
  return Number.isFinite(n) ? n : null;
};

/** A chart the server built, or why the intent cannot be drawn (the reply keeps its table). */
export type BuiltChart = { ok: true; options: ChartOptions } | { ok: false; reason: string };

const METRIC_TYPES = new Set<ResultColumn['type']>(['number', 'percent', 'money']);

/**
 * Builds the AG Charts options for `intent` over `result`, or refuses it naming why: the x column
 * must be one of the result's dimensions (a date for a line), each series one of its metric
 * values, all in one unit (one axis, honestly scaled), and a comparison needs exactly two ranges
 * with each metric's previous value present. Nothing the intent says reaches the options except
 * column keys the result has; labels, units and colours come from the result and the product.
 */
export function buildChart(result: QueryResult, input: unknown, t: Translate = (msgid) => msgid): BuiltChart {
  const refuse = (msgid: string, values: Record<string, string | number> = {}): BuiltChart => ({
    ok: false,
    reason: say(t, msgid, values),
  });
  const parsed = zChartIntent.safeParse(input);
  if (!parsed.success) return refuse(parsed.error.issues[0]?.message ?? 'Not a chart intent');
  const intent: ChartIntent = parsed.data;
  const columns = new Map(result.columns.map((column) => [column.key, column]));

  const x = columns.get(intent.x);
  if (!x) return refuse('The result has no column {{column}}', { column: intent.x });
  if (x.role !== 'dimension')
    return refuse('{{column}} is a figure, not something to draw along the x axis', { column: x.label });
  if (intent.type === 'line' && x.type !== 'date') {
    return refuse('A line needs dates along the x axis; {{column}} is not a date (draw bars instead)', {
      column: x.label,
    });
  }
  if (new Set(intent.series).size !== intent.series.length) return refuse('A series is named twice');
  const metrics: ResultColumn[] = [];
  for (const key of intent.series) {
    const column = columns.get(key);
    if (!column) return refuse('The result has no column {{column}}', { column: key });
    if (column.role !== 'value' || !METRIC_TYPES.has(column.type)) {
      return refuse('{{column}} is not a figure of the range to draw', { column: column.label });
    }
    metrics.push(column);
  }
  const units = new Set(metrics.map((column) => `${column.type}:${shownUnit(column) ?? ''}`));
  if (units.size > 1) {
    return refuse('{{columns}} are in different units: draw them in separate charts', {
      columns: metrics.map((column) => column.label).join(', '),
    });
  }

  const current = result.ranges.find((range) => range.role === 'current');
  const previous = result.ranges.find((range) => range.role === 'previous');
  let previousOf = new Map<string, ResultColumn>();
  if (intent.compare) {
    const distinct = new Set(result.ranges.map((range) => `${range.start}:${range.end}`));
    if (!current || !previous || distinct.size !== 2) {
      return refuse('A comparison chart needs a result that compares exactly two ranges');
    }
    if (metrics.length * 2 > MAX_CHART_SERIES) {
      return refuse('A comparison draws at most {{count}} metrics, each beside its previous value', {
        count: MAX_CHART_SERIES / 2,
        defaultValue_one: 'A comparison draws at most {{count}} metric, beside its previous value',
      });
    }
    previousOf = new Map(
      result.columns
        .filter((column) => column.role === 'previous' && column.metric !== null)
        .map((column) => [column.metric as string, column]),
    );
    for (const metric of metrics) {
      if (!previousOf.has(metric.metric ?? '')) {
        return refuse('The result has no previous value of {{column}}', { column: metric.label });
      }
    }
  }

  const rows = [...result.rows];
  if (intent.type === 'bar' && rows.length > MAX_BAR_CATEGORIES) {
    return refuse('{{count}} bars are too many to read: ask for the top {{most}} or fewer', {
      count: rows.length,
      most: MAX_BAR_CATEGORIES,
      defaultValue_one: '{{count}} bar is too many to read: ask for the top {{most}} or fewer',
    });
  }
  if (intent.type === 'line' && rows.length > MAX_LINE_POINTS) {
    return refuse('{{count}} points are too many for one line: use a coarser time grain', {
      count: rows.length,
      defaultValue_one: '{{count}} point is too many for one line: use a coarser time grain',
    });
  }
  if (rows.length === 0) return refuse('The result has no rows to draw');
  // A line reads left to right in time, whatever order the table was asked in.
  if (intent.type === 'line')
    rows.sort((a, b) => String(a[x.key] ?? '').localeCompare(String(b[x.key] ?? '')));

  const drawnSeries = metrics.flatMap((metric) => {
    const before = previousOf.get(metric.metric ?? '');
    return before
      ? [
          { column: metric, name: `${metric.label} (${current?.label ?? ''})` },
          { column: before, name: `${metric.label} (${previous?.label ?? ''})` },
        ]
      : [{ column: metric, name: metric.label }];
  });
  const data = rows.map((row) => {
    const point: Record<string, string | number | null> = { [x.key]: row[x.key] ?? null };
    for (const { column } of drawnSeries)
      point[column.key] = numberOrNull(shownValue(column, row[column.key]));
    return point;
  });
  const unit = shownUnit(metrics[0] as ResultColumn);
  const yTitle =
    metrics.length === 1 ? (metrics[0] as ResultColumn).label : metrics.map((m) => m.label).join(', ');
  const sources = result.freshness.map((f) =>
    f.demo ? say(t, '{{name}} (Demo)', { name: f.property_name }) : f.property_name,
  );

  return {
    ok: true,
    options: {
      title: {
        text:
          intent.title?.trim() ||
          say(t, '{{metrics}} by {{dimension}}', { metrics: yTitle, dimension: x.label }),
      },
      subtitle: {
        text: [
          sources.join(', '),
          current && previous
            ? say(t, '{{current}} vs {{previous}}', { current: current.label, previous: previous.label })
            : (current?.label ?? ''),
        ]
          .filter(Boolean)
          .join(' · '),
      },
      data,
      series: drawnSeries.map(({ column, name }, i) => {
        const colour = CHART_COLORS[i % CHART_COLORS.length] as string;
        return intent.type === 'bar'
          ? { type: 'bar' as const, xKey: x.key, yKey: column.key, yName: name, fill: colour }
          : {
              type: 'line' as const,
              xKey: x.key,
              yKey: column.key,
              yName: name,
              stroke: colour,
              fill: colour,
            };
      }),
      axes: {
        x: { type: 'category', position: 'bottom', title: { text: x.label } },
        y: { type: 'number', position: 'left', title: { text: unit ? `${yTitle} (${unit})` : yTitle } },
      },
      legend: { enabled: drawnSeries.length > 1, position: 'bottom' },
    },
  };
}
