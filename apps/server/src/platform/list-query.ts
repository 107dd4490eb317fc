import type { FilterItem, ListFieldKind, ListFields, ListPage, ListQuery } from '@app/contract/list';
import {
  and,
  asc,
  type Column,
  count,
  desc,
  eq,
  gt,
  gte,
  ilike,
  inArray,
  lt,
  lte,
  ne,
  notIlike,
  notInArray,
  or,
  type SQL,
} from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import { validationError } from './app-error';
import type { Db, Tx } from './db';

/** What one declared field reads: a column, or an expression (`read_at is not null`). */
export type ListTarget = Column | SQL;

/**
 * A list's fields as the contract declares them, each bound to what it reads here. The map must
 * name every declared field (the compiler says so), and nothing undeclared reaches SQL.
 */
export interface BoundList {
  fields: ListFields;
  targets: Record<string, ListTarget>;
}

export function bindList<F extends ListFields>(
  fields: F,
  targets: { [K in keyof F]: ListTarget },
): BoundList {
  return { fields, targets };
}

/** A drizzle column (which knows its SQL type) rather than an expression. */
function isColumn(target: ListTarget): target is Column {
  return 'columnType' in target;
}

/**
 * What a number column can hold, read from the column itself so a field cannot be declared one
 * way and stored another: a value outside it would reach SQL and fail there.
 */
const INTEGER_LIMITS: Record<string, number> = {
  PgSmallInt: 32_767,
  PgSmallSerial: 32_767,
  PgInteger: 2_147_483_647,
  PgSerial: 2_147_483_647,
  PgBigInt53: Number.MAX_SAFE_INTEGER,
  PgBigSerial53: Number.MAX_SAFE_INTEGER,
};
const FLOAT_LIMITS: Record<string, number> = { PgReal: 3.4e38, PgDoublePrecision: Number.MAX_VALUE };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function toNumber(text: string, target: ListTarget, field: string): number {
  const n = Number(text);
  if (!text || !Number.isFinite(n)) throw validationError({ filters: `${field} takes a number` });
  const columnType = isColumn(target) ? target.columnType : '';
  const integerLimit = INTEGER_LIMITS[columnType];
  if (integerLimit !== undefined) {
    if (!Number.isInteger(n)) throw validationError({ filters: `${field} takes a whole number` });
    if (Math.abs(n) > integerLimit)
      throw validationError({
        filters: `${field} takes a number between -${integerLimit} and ${integerLimit}`,
      });
  }
  const floatLimit = FLOAT_LIMITS[columnType];
  if (floatLimit !== undefined && Math.abs(n) > floatLimit)
    throw validationError({ filters: `${field} takes a smaller number` });
  return n;
}

function convert(
  kind: ListFieldKind,
  raw: string | number | boolean,
  field: string,
  target: ListTarget,
): string | number | boolean | Date {
  const text = String(raw).trim();
  switch (kind) {
    case 'text':
      if (isColumn(target) && target.columnType === 'PgUUID' && !UUID.test(text))
        throw validationError({ filters: `${field} takes an id` });
      return text;
    case 'bool':
      if (text === 'true' || text === '1') return true;
      if (text === 'false' || text === '0') return false;
      throw validationError({ filters: `${field} takes true or false` });
    case 'number':
      return toNumber(text, target, field);
    case 'time': {
      // Seconds on the wire (spec: ranges hold start_time and end_time in seconds); 13 digits are milliseconds.
      if (!/^\d{10}$|^\d{13}$/.test(text))
        throw validationError({ filters: `${field} takes a time in seconds` });
      return new Date(text.length === 13 ? Number(text) : Number(text) * 1000);
    }
  }
}

function condition(item: FilterItem, kind: ListFieldKind, target: ListTarget): SQL | undefined {
  const value = (raw: string | number | boolean) => convert(kind, raw, item.field, target);
  // drizzle's operators take a column or an expression alike; their overloads only cannot take
  // the union of the two.
  const column = target as Column;
  const parts = () =>
    String(item.value)
      .split(';')
      .map((part) => part.trim())
      .filter(Boolean);
  switch (item.operator) {
    case 'eq':
      return eq(column, value(item.value));
    case 'ne':
      return ne(column, value(item.value));
    case 'gt':
      return gt(column, value(item.value));
    case 'gte':
      return gte(column, value(item.value));
    case 'lt':
      return lt(column, value(item.value));
    case 'lte':
      return lte(column, value(item.value));
    case 'contains':
      return ilike(column, `%${String(item.value).replace(/[\\%_]/g, '\\$&')}%`);
    case 'not_contains':
      return notIlike(column, `%${String(item.value).replace(/[\\%_]/g, '\\$&')}%`);
    case 'in': {
      const values = parts().map(value);
      return values.length ? inArray(column, values) : undefined;
    }
    case 'not_in': {
      const values = parts().map(value);
      return values.length ? notInArray(column, values) : undefined;
    }
    case 'between': {
      const [start, end] = parts();
      if (start === undefined || end === undefined) {
        throw validationError({ filters: `${item.field} takes start;end` });
      }
      return and(gte(column, value(start)), lte(column, value(end)));
    }
  }
}

/**
 * The list's WHERE: the free-text search and the emitted filter items, each joined to what came
 * before by its `connect_pre_filter`. Empty values are dropped (spec section 5).
 */
export function listWhere(
  query: ListQuery,
  list: BoundList,
  search?: (q: string) => SQL | undefined,
): SQL | undefined {
  let where: SQL | undefined;
  for (const item of query.filters ?? []) {
    if (item.value === '' || item.value === null) continue;
    const spec = list.fields[item.field];
    const target = list.targets[item.field];
    // The contract already refused these; kept so a list bound without it cannot leak a column.
    if (!spec?.filter?.includes(item.operator) || !target) {
      throw validationError({ filters: `Cannot filter ${item.field} with ${item.operator}` });
    }
    const next = condition(item, spec.kind, target);
    if (!next) continue;
    where = !where ? next : item.connect_pre_filter === 'or' ? or(where, next) : and(where, next);
  }
  const searched = query.q ? search?.(query.q) : undefined;
  return searched ? (where ? and(searched, where) : searched) : where;
}

/** `field` ascending, `-field` descending; only sortable fields; the fallback keeps pages stable. */
export function listOrder(query: ListQuery, list: BoundList, fallback: SQL[]): SQL[] {
  if (!query.sort) return fallback;
  const name = query.sort.replace(/^-/, '');
  const target = list.targets[name];
  if (!list.fields[name]?.sort || !target) throw validationError({ sort: `Cannot sort by ${name}` });
  return [query.sort.startsWith('-') ? desc(target) : asc(target), ...fallback];
}

export function pageWindow(query: ListQuery): { limit: number; offset: number } {
  return { limit: query.page_size, offset: (query.page - 1) * query.page_size };
}

/** `%q%` over several columns, with LIKE's wildcards in the search taken literally. */
export function searchColumns(q: string, columns: Column[]): SQL | undefined {
  const pattern = `%${q.replace(/[\\%_]/g, '\\$&')}%`;
  return or(...columns.map((column) => ilike(column, pattern)));
}

/** A wire timestamp: whole Unix seconds. */
export function toSeconds(date: Date): number {
  return Math.floor(date.getTime() / 1000);
}

/** `toSeconds` for a time that may be unset (a nullable column): null stays null. */
export function toSecondsOrNull(date: Date | null | undefined): number | null {
  return date ? toSeconds(date) : null;
}

/**
 * One page of a list and its total, from the query the repo builds (joins, WHERE) and the list's
 * order: the page and a count over the same rows run side by side. Every list's repo function
 * ends here. `build` is called per use because drizzle's dynamic builders change in place;
 * `countFrom` may leave out joins that only add columns, so the count stays cheap.
 */
export async function listPage<T extends PgSelect>(
  db: Db | Tx,
  query: ListQuery,
  build: () => T,
  order: SQL[],
  countFrom: () => PgSelect = build,
): Promise<{ rows: Awaited<T>; total: number }> {
  const { limit, offset } = pageWindow(query);
  const [rows, [total]] = await Promise.all([
    build()
      .orderBy(...order)
      .limit(limit)
      .offset(offset) as unknown as Promise<Awaited<T>>,
    db.select({ value: count() }).from(countFrom().as('listed')),
  ]);
  return { rows, total: total?.value ?? 0 };
}

/** A page of wire items in the shape every list endpoint answers. */
export function toListPage<Row, Item>(
  query: ListQuery,
  page: { rows: Row[]; total: number },
  toItem: (row: Row) => Item,
): ListPage<Item> {
  return { items: page.rows.map(toItem), total: page.total, page: query.page, page_size: query.page_size };
}
