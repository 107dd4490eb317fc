import type { AnalyticsQuery, Freshness, QueryResult, ResultColumn } from '@app/contract/analytics/query';
import type { AnalyticsStore, Cell, StoreTarget } from '../../platform/analytics-store';
import { AppError, validationError } from '../../platform/app-error';
import { compileRange, type QueryPlan } from './compile-query';
import {
  COMPARE_LABELS,
  comparisonRange,
  type Day,
  type DayRange,
  RANGE_LABELS,
  resolveRange,
  todayAt,
} from './date-ranges';
import { GOOGLE_SOURCE_DEFS, type SourceDef } from './sources';

export interface QueryContext {
  teamId: string;
  tzOffsetHours: number;
  /** Translates labels into the caller's language. */
  t: (msgid: string) => string;
}

/** Rows a comparison reads for the previous range: enough to match any page of current rows. */
const PREVIOUS_ROWS = 50_000;

const GRAIN_TRUNC: Record<string, (day: Day) => Day> = {
  date: (day) => day,
  week: (day) => {
    const date = new Date(`${day}T00:00:00Z`);
    // ISO weeks start on Monday, as DuckDB's date_trunc('week') does.
    const back = (date.getUTCDay() + 6) % 7;
    return new Date(date.getTime() - back * 86_400_000).toISOString().slice(0, 10);
  },
  month: (day) => `${day.slice(0, 7)}-01`,
  year: (day) => `${day.slice(0, 4)}-01-01`,
};

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

function sourceDef(source: string): SourceDef {
  const def =
    source in GOOGLE_SOURCE_DEFS ? GOOGLE_SOURCE_DEFS[source as keyof typeof GOOGLE_SOURCE_DEFS] : null;
  if (!def) throw new AppError('NOT_FOUND', { msg: 'No such data source' });
  return def;
}

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
  const filters = query.filters.map((item, i) => {
    const dimension = def.dimensions.find((d) => d.key === item.field);
    if (dimension) return { item, target: { kind: 'dimension' as const, def: dimension } };
    const metric = def.metrics.find((m) => m.key === item.field);
    if (metric) return { item, target: { kind: 'metric' as const, def: metric } };
    throw validationError({ [`filters.${i}.field`]: `${def.label} has no field ${item.field}` });
  });
  const selected = new Set([...query.metrics, ...query.dimensions]);
  query.order.forEach((o, i) => {
    if (!selected.has(o.field)) {
      throw validationError({
        [`order.${i}.field`]: `Order by a chosen metric or dimension, not ${o.field}`,
      });
    }
  });
  return { metrics, dimensions, filters };
}

function rangeLabel(query: AnalyticsQuery, range: DayRange, t: QueryContext['t']): string {
  return typeof query.date_range === 'string'
    ? t(RANGE_LABELS[query.date_range])
    : `${range.start} – ${range.end}`;
}

/**
 * Runs one query of the query model: the current range, and with a comparison the previous one,
 * joined on the dimensions (time grains mapped through the comparison's rule). Every metric of a
 * comparison gets its value, previous value, change and change %. The answer says where its
 * figures came from: source, demo or not, property, synced at, complete through.
 */
export async function runQuery(
  store: AnalyticsStore,
  context: QueryContext,
  query: AnalyticsQuery,
  /** Given for sources that are not built in (a dataset); the Google sources are looked up. */
  given?: SourceDef,
): Promise<QueryResult> {
  const { t } = context;
  const def = given ?? sourceDef(query.source);
  const chosen = plan(def, query);

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

  const today = todayAt(context.tzOffsetHours);
  const current = resolveRange(query.date_range, today);
  const comparison = query.compare ? comparisonRange(current, query.compare) : null;

  const basePlan: Omit<QueryPlan, 'range' | 'limit'> = {
    table: def.table,
    propertyColumn: def.propertyColumn,
    property: property.property,
    dimensions: chosen.dimensions,
    metrics: chosen.metrics,
    filters: chosen.filters,
    order: query.order.map((o) => ({ key: o.field, direction: o.direction })),
  };
  const compiled = compileRange({ ...basePlan, range: current, limit: query.limit + 1 });
  const previousCompiled = comparison
    ? compileRange({ ...basePlan, order: [], range: comparison.range, limit: PREVIOUS_ROWS })
    : null;
  const [currentRows, previousRows] = await Promise.all([
    store.read(target, compiled.sql, compiled.parameters),
    previousCompiled ? store.read(target, previousCompiled.sql, previousCompiled.parameters) : null,
  ]);
  const rows = (currentRows?.rows ?? []).slice(0, query.limit);
  const truncated = (currentRows?.rows.length ?? 0) > query.limit;

  const dimensionCount = chosen.dimensions.length;
  const keyOf = (cells: Cell[]) => JSON.stringify(cells.slice(0, dimensionCount));
  const previousByKey = new Map((previousRows?.rows ?? []).map((cells) => [keyOf(cells), cells]));
  // A current row's dimensions as the previous range holds them: time grains mapped by the rule.
  const mappedKey = (cells: Cell[]) =>
    JSON.stringify(
      chosen.dimensions.map((d, i) => {
        const cell = cells[i] ?? null;
        const trunc = GRAIN_TRUNC[d.key];
        return comparison && trunc && typeof cell === 'string' ? trunc(comparison.map(cell)) : cell;
      }),
    );

  const totals = await rangeTotals(store, target, def, property.property, chosen, [
    current,
    ...(comparison ? [comparison.range] : []),
  ]);
  const multiDay = (range: DayRange) => range.start !== range.end;

  const columns: ResultColumn[] = [
    ...chosen.dimensions.map((d) => ({
      key: d.key,
      label: t(d.label),
      type: d.type,
      unit: null,
      role: 'dimension' as const,
      metric: null,
    })),
  ];
  for (const m of chosen.metrics) {
    const sumOfDaily =
      m.dailyDistinct &&
      (dimensionCount > 0 || !totals.has(`${m.key}:${current.start}:${current.end}`)) &&
      multiDay(current);
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

  const metricValue = (cells: Cell[] | undefined, index: number, range: DayRange, key: string): Cell => {
    if (!cells) return null;
    const total = dimensionCount === 0 ? totals.get(`${key}:${range.start}:${range.end}`) : undefined;
    return total ?? cells[dimensionCount + index] ?? null;
  };

  const out = rows.map((cells) => {
    const row: Record<string, Cell> = {};
    chosen.dimensions.forEach((d, i) => {
      row[d.key] = cells[i] ?? null;
    });
    const previous = comparison ? previousByKey.get(mappedKey(cells)) : undefined;
    chosen.metrics.forEach((m, i) => {
      const value = metricValue(cells, i, current, m.key);
      row[m.key] = value;
      if (comparison) {
        const before = metricValue(
          previous ?? (dimensionCount === 0 ? previousRows?.rows[0] : undefined),
          i,
          comparison.range,
          m.key,
        );
        row[`${m.key}_previous`] = before;
        const change = typeof value === 'number' && typeof before === 'number' ? value - before : null;
        row[`${m.key}_change`] = change;
        row[`${m.key}_change_pct`] =
          change !== null && typeof before === 'number' && before !== 0 ? change / before : null;
      }
    });
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
    sql: [compiled.sql, ...(previousCompiled ? [previousCompiled.sql] : [])],
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
