import type { DayRange, DayShift } from '@app/contract/analytics/date-ranges';
import { isCalendarDay } from '@app/contract/analytics/query';
import { type FilterItem, MAX_FILTER_NUMBER } from '@app/contract/list';
import { Kysely, type RawBuilder, sql } from 'kysely';
import { DuckDbDialect } from 'kysely-duckdb';
import { validationError } from '../../platform/app-error';
import type { DimensionDef, MetricDef } from './sources';

/**
 * Compiles a query of the query model to one SQL statement with every value bound (`?`), never
 * written into the text: the table, columns and metric expressions are the catalogue's constants;
 * what the caller gave (property, dates, filter values, the limit) travels as parameters.
 *
 * With a comparison, both ranges are aggregated in the same statement and joined on the
 * dimensions (a time grain mapped by the comparison's rule), so the change and change % are
 * computed, ordered and cut by the database over every group, never over a capped read.
 *
 * Text dimensions compare without regard to case (`eq`, `ne`, `in`, `not_in`, `contains`,
 * `not_contains`): "mobile" finds "Mobile" and "MOBILE", as people type them. A negative filter
 * keeps rows where the dimension is not set.
 */

export interface CompiledQuery {
  sql: string;
  parameters: readonly unknown[];
}

export interface PlannedFilter {
  /** The item's place in the query's `filters`, for naming it in a refusal. */
  index: number;
  item: FilterItem;
  target: { kind: 'dimension'; def: DimensionDef } | { kind: 'metric'; def: MetricDef };
}

export interface QueryPlan {
  table: string;
  propertyColumn: string;
  property: string;
  range: DayRange;
  comparison: { range: DayRange; shift: DayShift } | null;
  dimensions: DimensionDef[];
  metrics: MetricDef[];
  filters: PlannedFilter[];
  /** Keys of dimensions or metrics, or with a comparison `<metric>_previous|_change|_change_pct`. */
  order: { key: string; direction: 'asc' | 'desc' }[];
  /** Rows to fetch (one more than asked, to tell whether the answer was cut). */
  limit: number;
  /**
   * Only these values of one dimension, compared exactly, in the current range (a source read
   * beside another query, for that query's rows); the previous range is joined to them as usual.
   */
  only?: { dimension: DimensionDef; values: string[] } | null;
}

type Row = Record<string, unknown>;
type Schema = Record<string, Row>;
type Condition = RawBuilder<unknown>;

// Compiling needs only the dialect's query compiler: no database is opened through this.
const compiler = new Kysely<Schema>({ dialect: new DuckDbDialect({ database: undefined as never }) });

const TIME_GRAINS = new Set(['date', 'week', 'month', 'year']);

function parts(item: FilterItem): string[] {
  return String(item.value)
    .split(';')
    .map((part) => part.trim())
    .filter(Boolean);
}

function numberValue(raw: string | number | boolean, at: string, field: string): number {
  const n = typeof raw === 'number' ? raw : Number(String(raw).trim());
  if (typeof raw === 'boolean' || String(raw).trim() === '' || !Number.isFinite(n)) {
    throw validationError({ [at]: `${field} takes a number` });
  }
  if (Math.abs(n) > MAX_FILTER_NUMBER) {
    throw validationError({
      [at]: `${field} takes a number from -${MAX_FILTER_NUMBER} to ${MAX_FILTER_NUMBER}`,
    });
  }
  return n;
}

function dayValue(raw: string | number | boolean, at: string, field: string): string {
  const text = String(raw).trim();
  if (!isCalendarDay(text)) throw validationError({ [at]: `${field} takes a calendar date (YYYY-MM-DD)` });
  return text;
}

/** One filter item as a boolean expression over `target` (a column, a grain or an aggregate). */
function condition(
  filter: PlannedFilter,
  target: Condition,
  kind: 'text' | 'date' | 'number',
  scale = 1,
): Condition | null {
  const { item, index } = filter;
  const at = `filters.${index}.value`;
  const value = (raw: string | number | boolean): Condition =>
    kind === 'number'
      ? sql`${stored(numberValue(raw, at, item.field), scale)}`
      : kind === 'date'
        ? sql`cast(${dayValue(raw, at, item.field)} as date)`
        : sql`lower(${String(raw)})`;
  // Text compares without regard to case: both sides lower-cased.
  const subject = kind === 'text' ? sql`lower(${target})` : target;
  const list = () => {
    const values = parts(item);
    return values.length ? sql.join(values.map(value)) : null;
  };
  const pattern = () => `%${String(item.value).replace(/[\\%_]/g, '\\$&')}%`;
  switch (item.operator) {
    case 'eq':
      return sql`${subject} = ${value(item.value)}`;
    case 'ne':
      return sql`${subject} is distinct from ${value(item.value)}`;
    case 'gt':
      return sql`${subject} > ${value(item.value)}`;
    case 'gte':
      return sql`${subject} >= ${value(item.value)}`;
    case 'lt':
      return sql`${subject} < ${value(item.value)}`;
    case 'lte':
      return sql`${subject} <= ${value(item.value)}`;
    case 'contains':
    case 'not_contains': {
      if (kind !== 'text') {
        throw validationError({ [`filters.${index}.operator`]: `${item.field} cannot be searched as text` });
      }
      // ILIKE's wildcards in the value are taken literally.
      return item.operator === 'contains'
        ? sql`${target} ilike ${pattern()} escape '\\'`
        : sql`(${target} is null or ${target} not ilike ${pattern()} escape '\\')`;
    }
    case 'in': {
      const values = list();
      return values ? sql`${subject} in (${values})` : null;
    }
    case 'not_in': {
      const values = list();
      return values ? sql`(${target} is null or ${subject} not in (${values}))` : null;
    }
    case 'between': {
      const [start, end] = parts(item);
      if (start === undefined || end === undefined)
        throw validationError({ [at]: `${item.field} takes start;end` });
      return sql`(${subject} >= ${value(start)} and ${subject} <= ${value(end)})`;
    }
  }
}

/** Joins conditions left to right by their items' `connect_pre_filter` (spec section 3). */
function combine(conditions: { filter: PlannedFilter; expression: Condition }[]): Condition | null {
  let joined: Condition | null = null;
  for (const { filter, expression } of conditions) {
    joined = !joined
      ? expression
      : filter.item.connect_pre_filter === 'or'
        ? sql`(${joined} or ${expression})`
        : sql`(${joined} and ${expression})`;
  }
  return joined;
}

function filterExpression(filter: PlannedFilter): Condition | null {
  const { target } = filter;
  return target.kind === 'dimension'
    ? condition(filter, sql.raw(target.def.sql), target.def.type)
    : condition(filter, sql.raw(target.def.sql), 'number', METRIC_FILTER_SCALE[target.def.type] ?? 1);
}

/**
 * A metric filter's value is in the unit the figure is shown in (the filter builder and a model
 * read the shown figures): money in currency units while the store sums cents, percentages 0 to
 * 100 while a ratio is 0 to 1. "Cost over 100" is over 100 dollars, "CTR below 2" below 2%.
 */
/** The shown figure in the store's unit; cents are whole (19.99 is 1999, not 1998.9999…). */
const stored = (shown: number, scale: number) =>
  scale === 100 ? Math.round(shown * 100) : scale === 1 ? shown : shown * scale;

const METRIC_FILTER_SCALE: Partial<Record<string, number>> = { money: 100, percent: 0.01 };

/**
 * Where each filter goes. Dimension filters are row conditions (WHERE), metric filters group
 * conditions (HAVING); read left to right, `a or m` (a dimension filter or a metric one) cannot be
 * split between the two without changing its meaning. Such a filter is answered whole after
 * grouping when every dimension it names is one the query groups by; otherwise it is refused,
 * naming the `or` that cannot be answered, never silently read as `and`.
 */
function placeFilters(plan: QueryPlan): { where: Condition | null; having: Condition | null } {
  const made = plan.filters
    .filter((f) => String(f.item.value) !== '')
    .flatMap((filter) => {
      const expression = filterExpression(filter);
      return expression ? [{ filter, expression }] : [];
    });
  const seen = new Set<string>();
  let mixedOr: PlannedFilter | null = null;
  for (const { filter } of made) {
    seen.add(filter.target.kind);
    if (filter.item.connect_pre_filter === 'or' && seen.size > 1 && !mixedOr) mixedOr = filter;
  }
  if (!mixedOr) {
    return {
      where: combine(made.filter((m) => m.filter.target.kind === 'dimension')),
      having: combine(made.filter((m) => m.filter.target.kind === 'metric')),
    };
  }
  const grouped = new Set(plan.dimensions.map((d) => d.key));
  const ungrouped = made.find(
    (m) => m.filter.target.kind === 'dimension' && !grouped.has(m.filter.item.field),
  );
  if (ungrouped) {
    throw validationError({
      [`filters.${mixedOr.index}.connect_pre_filter`]: `"or" joins a metric filter with a filter on ${ungrouped.filter.item.field}, which the query does not group by: add ${ungrouped.filter.item.field} as a dimension, or join them with "and"`,
    });
  }
  return { where: null, having: combine(made) };
}

/** `only`'s condition: the dimension equal to one of the values (none: no row). */
function onlyWhere(only: NonNullable<QueryPlan['only']>): RawBuilder<boolean> {
  const { dimension, values } = only;
  if (values.length === 0) return sql<boolean>`false`;
  const listed = values.map((value) =>
    dimension.type === 'date' ? sql`cast(${dayValue(value, 'only', dimension.key)} as date)` : sql`${value}`,
  );
  return sql<boolean>`${sql.raw(dimension.sql)} in (${sql.join(listed)})`;
}

/** The rows of one range: grouped by the dimensions, with the metrics, after the filters. */
function aggregate(
  plan: QueryPlan,
  range: DayRange,
  placed: ReturnType<typeof placeFilters>,
  only: QueryPlan['only'] = null,
) {
  const dimensionSql = plan.dimensions.map((d) => sql.raw(d.sql));
  const onlyCondition = only ? onlyWhere(only) : null;
  return compiler
    .selectFrom(sql.table(plan.table).as('s'))
    .select(plan.dimensions.map((d) => sql.raw(d.sql).as(d.key)))
    .select(plan.metrics.map((m) => sql.raw(m.sql).as(m.key)))
    .where(sql.ref(`s.${plan.propertyColumn}`), '=', plan.property)
    .where(sql.ref('s.date'), '>=', sql`cast(${range.start} as date)`)
    .where(sql.ref('s.date'), '<=', sql`cast(${range.end} as date)`)
    .$if(placed.where !== null, (q) => q.where(placed.where as RawBuilder<boolean>))
    .$if(onlyCondition !== null, (q) => q.where(onlyCondition as RawBuilder<boolean>))
    .$if(dimensionSql.length > 0, (q) => q.groupBy(dimensionSql))
    .$if(placed.having !== null, (q) => q.having(placed.having as RawBuilder<boolean>));
}

/** The ORDER BY: the caller's order, then every dimension not yet ordered, so ties come back alike every time. */
function orderBy(plan: QueryPlan): RawBuilder<unknown>[] {
  const ordered = new Set(plan.order.map((o) => o.key));
  return [
    ...plan.order.map(
      (o) => sql`${sql.ref(o.key)} ${sql.raw(o.direction === 'asc' ? 'asc' : 'desc')} nulls last`,
    ),
    ...plan.dimensions.filter((d) => !ordered.has(d.key)).map((d) => sql`${sql.ref(d.key)} asc nulls last`),
  ];
}

/** `day` (a date expression) moved by the comparison's shift. */
function shifted(day: RawBuilder<unknown>, shift: DayShift): RawBuilder<unknown> {
  const interval =
    shift.unit === 'year'
      ? sql`to_years(${shift.amount})`
      : shift.unit === 'month'
        ? sql`to_months(${shift.amount})`
        : sql`to_days(${shift.amount})`;
  return sql`cast(${day} + ${interval} as date)`;
}

/** How a current row finds its previous row: each dimension equal, a time grain through the shift. */
function joinCondition(plan: QueryPlan, shift: DayShift): RawBuilder<unknown> {
  if (plan.dimensions.length === 0) return sql`true`;
  return sql.join(
    plan.dimensions.map((d) => {
      const current = sql.ref(`cur.${d.key}`);
      const previous = sql.ref(`prev.${d.key}`);
      if (!TIME_GRAINS.has(d.key)) return sql`${previous} is not distinct from ${current}`;
      const moved = shifted(current, shift);
      const mapped = d.key === 'date' ? moved : sql`cast(date_trunc(${d.key}, ${moved}) as date)`;
      return sql`${previous} = ${mapped}`;
    }),
    sql` and `,
  );
}

export function compileQuery(plan: QueryPlan): CompiledQuery {
  const placed = placeFilters(plan);
  const order = orderBy(plan);
  if (!plan.comparison) {
    const compiled = aggregate(plan, plan.range, placed, plan.only ?? null)
      .$call((q) => order.reduce((ordered, o) => ordered.orderBy(o), q))
      .limit(plan.limit)
      .compile();
    return { sql: compiled.sql, parameters: compiled.parameters };
  }
  const { range, shift } = plan.comparison;
  const columns = [
    ...plan.dimensions.map((d) => sql`${sql.ref(`cur.${d.key}`)}`.as(d.key)),
    ...plan.metrics.flatMap((m) => {
      const current = sql.ref(`cur.${m.key}`);
      const previous = sql.ref(`prev.${m.key}`);
      return [
        sql`${current}`.as(m.key),
        sql`${previous}`.as(`${m.key}_previous`),
        sql`${current} - ${previous}`.as(`${m.key}_change`),
        sql`(${current} - ${previous}) / nullif(${previous}, 0)`.as(`${m.key}_change_pct`),
      ];
    }),
  ];
  const compiled = compiler
    .with('cur', () => aggregate(plan, plan.range, placed, plan.only ?? null))
    .with('prev', () => aggregate(plan, range, placed))
    .selectFrom('cur')
    .leftJoin('prev', (join) => join.on(joinCondition(plan, shift) as RawBuilder<boolean>))
    .select(columns)
    .$call((q) => order.reduce((ordered, o) => ordered.orderBy(o), q))
    .limit(plan.limit)
    .compile();
  return { sql: compiled.sql, parameters: compiled.parameters };
}
