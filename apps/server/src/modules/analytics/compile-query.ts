import type { FilterItem } from '@app/contract/list';
import { type Expression, type ExpressionBuilder, Kysely, type RawBuilder, type SqlBool, sql } from 'kysely';
import { DuckDbDialect } from 'kysely-duckdb';
import { validationError } from '../../platform/app-error';
import type { DayRange } from './date-ranges';
import type { DimensionDef, MetricDef } from './sources';

/**
 * Compiles one range of a query to SQL with every value bound (`?`), never written into the text:
 * the table, columns and metric expressions are the catalogue's constants; what the caller gave
 * (property, dates, filter values, the limit) travels as parameters.
 */

export interface CompiledQuery {
  sql: string;
  parameters: readonly unknown[];
}

export interface QueryPlan {
  table: string;
  propertyColumn: string;
  property: string;
  range: DayRange;
  dimensions: DimensionDef[];
  metrics: MetricDef[];
  /** Dimension filters (WHERE) and metric filters (HAVING), already checked against the catalogue. */
  filters: {
    item: FilterItem;
    target: { kind: 'dimension'; def: DimensionDef } | { kind: 'metric'; def: MetricDef };
  }[];
  order: { key: string; direction: 'asc' | 'desc' }[];
  /** Rows to fetch (one more than asked, to tell whether the answer was cut). */
  limit: number;
}

type Row = Record<string, unknown>;
type Schema = Record<string, Row>;

// Compiling needs only the dialect's query compiler: no database is opened through this.
const compiler = new Kysely<Schema>({ dialect: new DuckDbDialect({ database: undefined as never }) });

function parts(item: FilterItem): string[] {
  return String(item.value)
    .split(';')
    .map((part) => part.trim())
    .filter(Boolean);
}

function numberValue(raw: string | number | boolean, field: string): number {
  const n = typeof raw === 'number' ? raw : Number(String(raw).trim());
  if (!Number.isFinite(n)) throw validationError({ filters: `${field} takes a number` });
  return n;
}

function dayValue(raw: string | number | boolean, field: string): string {
  const text = String(raw).trim();
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text))
    throw validationError({ filters: `${field} takes a date (YYYY-MM-DD)` });
  return text;
}

/** One filter item as a boolean expression over `target` (a column or an aggregate). */
function condition(
  eb: ExpressionBuilder<Schema, 's'>,
  target: RawBuilder<unknown>,
  item: FilterItem,
  kind: 'text' | 'date' | 'number',
): Expression<SqlBool> | null {
  const value = (raw: string | number | boolean) =>
    kind === 'number'
      ? numberValue(raw, item.field)
      : kind === 'date'
        ? dayValue(raw, item.field)
        : String(raw);
  const typed = (raw: string | number | boolean) =>
    kind === 'date' ? sql`cast(${value(raw)} as date)` : sql`${value(raw)}`;
  switch (item.operator) {
    case 'eq':
      return eb(target, '=', typed(item.value));
    case 'ne':
      return eb(target, '<>', typed(item.value));
    case 'gt':
      return eb(target, '>', typed(item.value));
    case 'gte':
      return eb(target, '>=', typed(item.value));
    case 'lt':
      return eb(target, '<', typed(item.value));
    case 'lte':
      return eb(target, '<=', typed(item.value));
    case 'contains': {
      if (kind !== 'text') throw validationError({ filters: `${item.field} cannot be searched as text` });
      // ILIKE's wildcards in the value are taken literally.
      const pattern = `%${String(item.value).replace(/[\\%_]/g, '\\$&')}%`;
      return sql<SqlBool>`${target} ilike ${pattern} escape '\\'`;
    }
    case 'in': {
      const values = parts(item);
      return values.length ? eb(target, 'in', values.map(typed)) : null;
    }
    case 'between': {
      const [start, end] = parts(item);
      if (start === undefined || end === undefined)
        throw validationError({ filters: `${item.field} takes start;end` });
      return eb.and([eb(target, '>=', typed(start)), eb(target, '<=', typed(end))]);
    }
  }
}

/** Joins filter items left to right by their `connect_pre_filter` (spec section 3). */
function combine(
  eb: ExpressionBuilder<Schema, 's'>,
  conditions: { item: FilterItem; expression: Expression<SqlBool> }[],
): Expression<SqlBool> | null {
  let joined: Expression<SqlBool> | null = null;
  for (const { item, expression } of conditions) {
    joined = !joined
      ? expression
      : item.connect_pre_filter === 'or'
        ? eb.or([joined, expression])
        : eb.and([joined, expression]);
  }
  return joined;
}

export function compileRange(plan: QueryPlan): CompiledQuery {
  const dimensionSql = plan.dimensions.map((d) => sql.raw(d.sql));
  const query = compiler
    .selectFrom(sql.table(plan.table).as('s'))
    .select(plan.dimensions.map((d) => sql.raw(d.sql).as(d.key)))
    .select(plan.metrics.map((m) => sql.raw(m.sql).as(m.key)))
    .where(sql.ref(`s.${plan.propertyColumn}`), '=', plan.property)
    .where(sql.ref('s.date'), '>=', sql`cast(${plan.range.start} as date)`)
    .where(sql.ref('s.date'), '<=', sql`cast(${plan.range.end} as date)`)
    .where((eb) => {
      const made = plan.filters
        .filter((f) => f.target.kind === 'dimension' && String(f.item.value) !== '')
        .flatMap((f) => {
          if (f.target.kind !== 'dimension') return [];
          const expression = condition(eb, sql.raw(f.target.def.sql), f.item, f.target.def.type);
          return expression ? [{ item: f.item, expression }] : [];
        });
      return combine(eb, made) ?? sql<SqlBool>`true`;
    })
    .$if(dimensionSql.length > 0, (q) => q.groupBy(dimensionSql))
    .having((eb) => {
      const made = plan.filters
        .filter((f) => f.target.kind === 'metric' && String(f.item.value) !== '')
        .flatMap((f) => {
          if (f.target.kind !== 'metric') return [];
          const expression = condition(eb, sql.raw(f.target.def.sql), f.item, 'number');
          return expression ? [{ item: f.item, expression }] : [];
        });
      return combine(eb, made) ?? sql<SqlBool>`true`;
    })
    .$call((q) =>
      plan.order.reduce(
        (ordered, o) =>
          ordered.orderBy(
            sql`${sql.ref(o.key)} ${sql.raw(o.direction === 'asc' ? 'asc' : 'desc')} nulls last`,
          ),
        q,
      ),
    )
    .limit(plan.limit);
  const compiled = query.compile();
  return { sql: compiled.sql, parameters: compiled.parameters };
}
