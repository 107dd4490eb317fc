import {
  COMPARE_LABELS,
  comparisonRange,
  type Day,
  type DayRange,
  rangeLabelOf,
  resolveRange,
  todayAt,
} from '@app/contract/analytics/date-ranges';
import type { AnalyticsQuery, Freshness, QueryResult, ResultColumn } from '@app/contract/analytics/query';
import type { AnalyticsStore, Cell, StoreTarget } from '../../platform/analytics-store';
import { AppError, validationError } from '../../platform/app-error';
import { say, type Translate } from '../../platform/say';
import { besideError, joinBeside, matchBeside } from './beside';
import { compileQuery, type PlannedFilter, type QueryPlan } from './compile-query';
import { inlineParameters, toParameter } from './inline-parameters';
import { GOOGLE_SOURCE_DEFS, type MetricDef, type SourceDef } from './sources';

export interface QueryContext {
  teamId: string;
  tzOffsetHours: number;
  /** Translates labels into the caller's language (`ctx.t`: with a count, in its plural form). */
  t: Translate;
}

interface PropertyRow {
  property: string;
  name: string;
  currency: string;
  syncedAt: number | null;
  completeThrough: Day | null;
}

async function properties(
  store: AnalyticsStore,
  target: StoreTarget,
  source: string,
): Promise<PropertyRow[]> {
  const result = await store.read(
    target,
    `select p.property, p.name, p.currency, epoch(f.synced_at)::bigint, f.complete_through::varchar
       from _properties p left join _freshness f on f.source = p.source and f.property = p.property
      where p.source = ? order by p.property`,
    [source],
  );
  return (result?.rows ?? []).map(([property, name, currency, syncedAt, completeThrough]) => ({
    property: String(property),
    name: String(name),
    currency: String(currency),
    syncedAt: typeof syncedAt === 'number' ? syncedAt : null,
    completeThrough: typeof completeThrough === 'string' ? completeThrough : null,
  }));
}

/** Columns a comparison adds beside each metric, orderable like the metric itself. */
const COMPARISON_SUFFIXES = ['_previous', '_change', '_change_pct'] as const;

/** Checks every field the query names against the source's catalogue; names the offending one. */
function plan(def: SourceDef, query: AnalyticsQuery) {
  const metrics = query.metrics.map((key, i) => {
    const metric = def.metrics.find((m) => m.key === key);
    if (!metric) {
      throw validationError({
        [`metrics.${i}`]: `${def.label} has no metric ${key}; it has ${def.metrics.map((m) => m.key).join(', ')}`,
      });
    }
    return metric;
  });
  const dimensions = query.dimensions.map((key, i) => {
    const dimension = def.dimensions.find((d) => d.key === key);
    if (!dimension) {
      throw validationError({
        [`dimensions.${i}`]: `${def.label} has no dimension ${key}; it has ${def.dimensions.map((d) => d.key).join(', ')}`,
      });
    }
    return dimension;
  });
  const filters: PlannedFilter[] = query.filters.map((item, index) => {
    const dimension = def.dimensions.find((d) => d.key === item.field);
    if (dimension) return { index, item, target: { kind: 'dimension' as const, def: dimension } };
    const metric = def.metrics.find((m) => m.key === item.field);
    if (metric) return { index, item, target: { kind: 'metric' as const, def: metric } };
    throw validationError({ [`filters.${index}.field`]: `${def.label} has no field ${item.field}` });
  });
  const orderable = new Set([...query.metrics, ...query.dimensions]);
  const comparisonColumns = new Set(query.metrics.flatMap((m) => COMPARISON_SUFFIXES.map((s) => `${m}${s}`)));
  query.order.forEach((o, i) => {
    if (orderable.has(o.field)) return;
    if (comparisonColumns.has(o.field)) {
      if (query.compare) return;
      throw validationError({ [`order.${i}.field`]: `Ordering by ${o.field} needs a comparison (compare)` });
    }
    throw validationError({
      [`order.${i}.field`]: `Order by a chosen metric or dimension, or with a comparison its _previous, _change or _change_pct, not ${o.field}`,
    });
  });
  return { metrics, dimensions, filters };
}

/**
 * Whose data a query reads and which property: the team's own when it holds the source (unless
 * the demo is asked for), else the shared demo; the property named, or the only one held.
 */
export async function resolveProperty(
  store: AnalyticsStore,
  context: Pick<QueryContext, 'teamId'>,
  def: SourceDef,
  query: Pick<AnalyticsQuery, 'origin' | 'property'>,
): Promise<{ target: StoreTarget; demo: boolean; property: PropertyRow }> {
  const teamTarget: StoreTarget = { kind: 'team', teamId: context.teamId };
  const teamProperties = query.origin === 'demo' ? [] : await properties(store, teamTarget, def.source);
  if (query.origin === 'team' && teamProperties.length === 0) {
    throw new AppError('NOT_FOUND', { msg: `No ${def.label} data is connected to this team yet` });
  }
  const demo = teamProperties.length === 0;
  const target: StoreTarget = demo ? { kind: 'demo' } : teamTarget;
  const held = demo ? await properties(store, target, def.source) : teamProperties;
  const property = query.property
    ? held.find((p) => p.property === query.property)
    : held.length === 1
      ? held[0]
      : undefined;
  if (!property) {
    throw validationError({
      property: query.property
        ? `${def.label} holds no property ${query.property}`
        : `Choose one of ${held.map((p) => p.property).join(', ')}`,
    });
  }
  return { target, demo, property };
}

/** The catalogue entry of a built-in source; a dataset's comes from its row. */
export function sourceDef(source: string): SourceDef {
  const def =
    source in GOOGLE_SOURCE_DEFS ? GOOGLE_SOURCE_DEFS[source as keyof typeof GOOGLE_SOURCE_DEFS] : null;
  if (!def) throw new AppError('NOT_FOUND', { msg: 'No such data source' });
  return def;
}

function rangeLabel(query: AnalyticsQuery, range: DayRange, t: QueryContext['t']): string {
  return typeof query.date_range === 'string'
    ? rangeLabelOf(query.date_range, (msgid, values) => say(t, msgid, values))
    : `${range.start} – ${range.end}`;
}

/**
 * Runs one query of the query model: the current range, and with a comparison the previous one,
 * joined on the dimensions (time grains mapped through the comparison's rule) in one statement.
 * Every metric of a comparison gets its value, previous value, change and change %. The answer
 * says where its figures came from: source, demo or not, property, synced at, complete through;
 * and the SQL that ran, with its bound values and written out so it runs as shown.
 */
export async function runQuery(
  store: AnalyticsStore,
  context: QueryContext,
  query: AnalyticsQuery,
  /** Given for sources that are not built in (a dataset); the Google sources are looked up. */
  given?: SourceDef,
): Promise<QueryResult> {
  const def = given ?? sourceDef(query.source);
  const { beside } = query;
  if (!beside) return runOne(store, context, query, def, null);
  const besideDef = sourceDef(beside.source);
  const match = matchBeside(def, besideDef, query);
  const main = await runOne(store, context, query, def, null);
  // The source beside is read for the query's rows only: its figures are never cut by a limit.
  const values = main.rows
    .map((row) => row[match.dimension.key])
    .filter((value) => value !== null && value !== undefined)
    .map(String);
  let other: QueryResult;
  try {
    other = await runOne(
      store,
      context,
      {
        source: beside.source,
        origin: beside.origin,
        property: beside.property,
        metrics: beside.metrics,
        dimensions: [beside.dimension],
        filters: beside.filters,
        date_range: query.date_range,
        compare: query.compare,
        order: [],
        limit: Math.max(1, values.length),
      },
      besideDef,
      { dimension: match.besideDimension, values },
    );
  } catch (error) {
    throw besideError(error);
  }
  return joinBeside(main, other, { main: context.t(def.label), beside: context.t(besideDef.label) }, match);
}

/** One source's query: `only` keeps the current range to the given values of a dimension. */
async function runOne(
  store: AnalyticsStore,
  context: QueryContext,
  query: AnalyticsQuery,
  def: SourceDef,
  only: QueryPlan['only'],
): Promise<QueryResult> {
  const { t } = context;
  const chosen = plan(def, query);

  const { target, demo, property } = await resolveProperty(store, context, def, query);

  const today = todayAt(context.tzOffsetHours);
  const current = resolveRange(query.date_range, today);
  const comparison = query.compare ? comparisonRange(current, query.compare) : null;

  const compiled = compileQuery({
    table: def.table,
    propertyColumn: def.propertyColumn,
    property: property.property,
    range: current,
    comparison: comparison ? { range: comparison.range, shift: comparison.shift } : null,
    dimensions: chosen.dimensions,
    metrics: chosen.metrics,
    filters: chosen.filters,
    order: query.order.map((o) => ({ key: o.field, direction: o.direction })),
    limit: query.limit + 1,
    only,
  });
  const read = await store.read(target, compiled.sql, compiled.parameters);
  const rows = (read?.rows ?? []).slice(0, query.limit);
  const truncated = (read?.rows.length ?? 0) > query.limit;

  const dimensionCount = chosen.dimensions.length;
  const ranges = [current, ...(comparison ? [comparison.range] : [])];
  const totals = await rangeTotals(store, target, def, property.property, chosen, ranges);
  const totalOf = (key: string, range: DayRange) => totals.get(`${key}:${range.start}:${range.end}`);
  /**
   * Like for like: a count of distinct people (users) is the source's own total for each range
   * when it holds one for every range compared; otherwise every side is the sum of daily counts,
   * and says so. Never a total beside a sum.
   */
  const usesTotals = (m: MetricDef) =>
    Boolean(m.dailyDistinct) && ranges.every((range) => totalOf(m.key, range) !== undefined);
  const multiDay = ranges.some((range) => range.start !== range.end);

  const columns: ResultColumn[] = chosen.dimensions.map((d) => ({
    key: d.key,
    label: t(d.label),
    type: d.type,
    unit: null,
    role: 'dimension' as const,
    metric: null,
  }));
  for (const m of chosen.metrics) {
    const sumOfDaily = Boolean(m.dailyDistinct) && multiDay && !usesTotals(m);
    const unit =
      m.type === 'money'
        ? property.currency
        : sumOfDaily
          ? t('sum of daily counts')
          : m.unit
            ? t(m.unit)
            : null;
    columns.push({ key: m.key, label: t(m.label), type: m.type, unit, role: 'value', metric: m.key });
    if (comparison) {
      columns.push(
        {
          key: `${m.key}_previous`,
          label: `${t(m.label)} (${t('previous')})`,
          type: m.type,
          unit,
          role: 'previous',
          metric: m.key,
        },
        {
          key: `${m.key}_change`,
          label: `${t(m.label)} (${t('change')})`,
          type: m.type,
          unit,
          role: 'change',
          metric: m.key,
        },
        {
          key: `${m.key}_change_pct`,
          label: `${t(m.label)} (${t('change %')})`,
          type: 'percent',
          unit: null,
          role: 'change_pct',
          metric: m.key,
        },
      );
    }
  }

  // The statement's columns come in the same order as `columns`: dimensions, then each metric
  // with (for a comparison) its previous value, change and change %.
  const out = rows.map((cells) => {
    const row: Record<string, Cell> = {};
    columns.forEach((column, i) => {
      row[column.key] = cells[i] ?? null;
    });
    for (const m of chosen.metrics) {
      if (!usesTotals(m) || dimensionCount > 0) continue;
      const value = totalOf(m.key, current) ?? null;
      row[m.key] = value;
      if (comparison) {
        const before = totalOf(m.key, comparison.range) ?? null;
        const change = value !== null && before !== null ? value - before : null;
        row[`${m.key}_previous`] = before;
        row[`${m.key}_change`] = change;
        row[`${m.key}_change_pct`] = change !== null && before ? change / before : null;
      }
    }
    return row;
  });

  const freshness: Freshness = {
    source: def.source,
    demo,
    property: property.property,
    property_name: property.name,
    synced_at: property.syncedAt,
    complete_through: property.completeThrough,
  };
  return {
    columns,
    rows: out,
    ranges: [
      { role: 'current', label: rangeLabel(query, current, t), ...current },
      ...(comparison && query.compare
        ? [
            {
              role: 'previous' as const,
              label:
                typeof query.compare === 'string'
                  ? t(COMPARE_LABELS[query.compare])
                  : `${comparison.range.start} – ${comparison.range.end}`,
              ...comparison.range,
            },
          ]
        : []),
    ],
    freshness: [freshness],
    sql: [compiled.sql],
    parameters: [compiled.parameters.map(toParameter)],
    sql_runnable: [inlineParameters(compiled.sql, compiled.parameters)],
    truncated,
  };
}

/**
 * The source's own totals of counts that do not add up over days (users), for the ranges asked,
 * when it holds them; only for a query without dimensions (the totals are the property's).
 */
async function rangeTotals(
  store: AnalyticsStore,
  target: StoreTarget,
  def: SourceDef,
  property: string,
  chosen: ReturnType<typeof plan>,
  ranges: DayRange[],
): Promise<Map<string, number>> {
  const wanted = chosen.metrics.filter((m) => m.dailyDistinct).map((m) => m.key);
  if (wanted.length === 0 || chosen.dimensions.length > 0 || chosen.filters.length > 0) return new Map();
  const found = new Map<string, number>();
  for (const range of ranges) {
    const result = await store.read(
      target,
      `select metric, value from _range_totals
        where source = ? and property = ? and start_date = cast(? as date) and end_date = cast(? as date)`,
      [def.source, property, range.start, range.end],
    );
    for (const [metric, value] of result?.rows ?? []) {
      if (typeof metric === 'string' && wanted.includes(metric) && typeof value === 'number') {
        found.set(`${metric}:${range.start}:${range.end}`, value);
      }
    }
  }
  return found;
}
