import type { FilterItem, FilterOperator, ListQuery } from '@app/contract/list';
import {
  and,
  asc,
  type Column,
  desc,
  eq,
  gt,
  gte,
  ilike,
  inArray,
  lt,
  lte,
  ne,
  or,
  type SQL,
} from 'drizzle-orm';
import { validationError } from './app-error';

export type FieldKind = 'text' | 'number' | 'bool' | 'time';

/** A list field the client may filter or sort on; nothing else reaches SQL. */
export interface ListField {
  column: Column;
  kind: FieldKind;
  filter?: FilterOperator[];
  sort?: boolean;
}

export type ListFields = Record<string, ListField>;

function convert(
  kind: FieldKind,
  raw: string | number | boolean,
  field: string,
): string | number | boolean | Date {
  const text = String(raw).trim();
  switch (kind) {
    case 'text':
      return text;
    case 'bool':
      if (text === 'true' || text === '1') return true;
      if (text === 'false' || text === '0') return false;
      throw validationError({ filters: `${field} takes true or false` });
    case 'number': {
      const n = Number(text);
      if (!text || !Number.isFinite(n)) throw validationError({ filters: `${field} takes a number` });
      return n;
    }
    case 'time': {
      // Seconds on the wire (spec: ranges hold start_time and end_time in seconds); 13 digits are milliseconds.
      if (!/^\d{10}$|^\d{13}$/.test(text))
        throw validationError({ filters: `${field} takes a time in seconds` });
      return new Date(text.length === 13 ? Number(text) : Number(text) * 1000);
    }
  }
}

function condition(item: FilterItem, spec: ListField): SQL | undefined {
  const column = spec.column;
  const value = (raw: string | number | boolean) => convert(spec.kind, raw, item.field);
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
    case 'in': {
      const values = parts().map(value);
      return values.length ? inArray(column, values) : undefined;
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
  fields: ListFields,
  search?: (q: string) => SQL | undefined,
): SQL | undefined {
  let where: SQL | undefined;
  for (const item of query.filters ?? []) {
    if (item.value === '' || item.value === null) continue;
    const spec = fields[item.field];
    if (!spec?.filter?.includes(item.operator)) {
      throw validationError({ filters: `Cannot filter ${item.field} with ${item.operator}` });
    }
    const next = condition(item, spec);
    if (!next) continue;
    where = !where ? next : item.connect_pre_filter === 'or' ? or(where, next) : and(where, next);
  }
  const searched = query.q ? search?.(query.q) : undefined;
  return searched ? (where ? and(searched, where) : searched) : where;
}

/** `field` ascending, `-field` descending; only sortable fields; the fallback keeps pages stable. */
export function listOrder(query: ListQuery, fields: ListFields, fallback: SQL[]): SQL[] {
  if (!query.sort) return fallback;
  const name = query.sort.replace(/^-/, '');
  const spec = fields[name];
  if (!spec?.sort) throw validationError({ sort: `Cannot sort by ${name}` });
  return [query.sort.startsWith('-') ? desc(spec.column) : asc(spec.column), ...fallback];
}

export function pageWindow(query: ListQuery): { limit: number; offset: number } {
  return { limit: query.page_size, offset: (query.page - 1) * query.page_size };
}

/** `%q%` over several columns, with LIKE's wildcards in the search taken literally. */
export function searchColumns(q: string, columns: Column[]): SQL | undefined {
  const pattern = `%${q.replace(/[\\%_]/g, '\\$&')}%`;
  return or(...columns.map((column) => ilike(column, pattern)));
}

export function toSeconds(date: Date): number {
  return Math.floor(date.getTime() / 1000);
}

export interface ListPage<Item> {
  items: Item[];
  total: number;
  page: number;
  page_size: number;
}

/**
 * Answers a list: the page and the total run side by side (two queries, whatever the page size),
 * and the rows become wire items. Every admin list goes through here.
 */
export async function pagedList<Row, Item>(
  query: ListQuery,
  fetchPage: (window: { limit: number; offset: number }) => Promise<Row[]>,
  countAll: () => Promise<{ value: number }[]>,
  toItem: (row: Row) => Item,
): Promise<ListPage<Item>> {
  const [rows, [total]] = await Promise.all([fetchPage(pageWindow(query)), countAll()]);
  return { items: rows.map(toItem), total: total?.value ?? 0, page: query.page, page_size: query.page_size };
}
