import { z } from 'zod';

/** Page sizes offered everywhere (spec section 9); a custom size is allowed, made an absolute integer >= 2. */
export const PAGE_SIZES = [10, 20, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 500;

/** Spec section 5: "custom page size: minimum 2, made an absolute integer". */
export function normalizePageSize(size: number): number {
  if (!Number.isFinite(size)) return DEFAULT_PAGE_SIZE;
  return Math.min(MAX_PAGE_SIZE, Math.max(2, Math.trunc(Math.abs(size))));
}

export const zFilterOperator = z.enum([
  'eq',
  'ne',
  'in',
  'not_in',
  'contains',
  'not_contains',
  'gt',
  'gte',
  'lt',
  'lte',
  'between',
]);
export type FilterOperator = z.infer<typeof zFilterOperator>;

/**
 * The largest magnitude a number in a filter may have: beyond it no count, amount or id we hold
 * reaches, and a value like 1e308 would overflow the database's integer comparison (a 500).
 */
export const MAX_FILTER_NUMBER = 1e15;

/**
 * Spec section 3, "Emitted filter item". `in` values are semicolon separated; `between` is
 * `start;end` (seconds for times).
 */
export const zFilterItem = z.object({
  connect_pre_filter: z.enum(['and', 'or']).default('and'),
  field: z.string().min(1).max(64),
  operator: zFilterOperator,
  value: z.union([
    z.string().max(2000),
    z
      .number()
      .min(-MAX_FILTER_NUMBER, { message: `A number from -${MAX_FILTER_NUMBER} to ${MAX_FILTER_NUMBER}` })
      .max(MAX_FILTER_NUMBER, { message: `A number from -${MAX_FILTER_NUMBER} to ${MAX_FILTER_NUMBER}` }),
    z.boolean(),
  ]),
});
export type FilterItem = z.infer<typeof zFilterItem>;

const zFilters = z
  .string()
  .max(10_000)
  .transform((text, ctx) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'filters must be JSON' });
      return z.NEVER;
    }
  })
  .pipe(z.array(zFilterItem).max(30));

/** ARCHITECTURE section 5, list query: page, page_size, sort (`field` or `-field`), filters, q. */
export const zListQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  page_size: z.coerce.number().default(DEFAULT_PAGE_SIZE).transform(normalizePageSize),
  sort: z
    .string()
    .regex(/^-?[a-z_]{1,64}$/, { message: 'sort is a field name, with - for descending' })
    .optional(),
  filters: zFilters.optional(),
  q: z.string().trim().max(200).optional(),
});
export type ListQuery = z.output<typeof zListQuery>;

/**
 * What the web client sends: page and size as numbers, `filters` as the JSON text of its items
 * (the wire form `zListQuery` parses back into `ListQuery`).
 */
export type ListQueryInput = Omit<ListQuery, 'filters'> & { filters?: string };

/** One page of a list, as every list endpoint answers it. */
export interface ListPage<Item> {
  items: Item[];
  total: number;
  page: number;
  page_size: number;
}

export const LIST_FIELD_KINDS = ['text', 'number', 'bool', 'time'] as const;
export type ListFieldKind = (typeof LIST_FIELD_KINDS)[number];

/**
 * A field a list may be filtered or sorted by: what it holds (times are seconds on the wire) and
 * the operators it takes. Declared once per list in its contract file: the contract refuses any
 * other filter or sort, the server maps each field to one column, the web derives its filter drawer.
 */
export interface ListField {
  kind: ListFieldKind;
  filter?: readonly FilterOperator[];
  sort?: boolean;
}
export type ListFields = Record<string, ListField>;

export function defineListFields<const F extends ListFields>(fields: F): F {
  return fields;
}

/** The names of the fields that take filters (the keys a filter drawer may offer). */
export type FilterableField<F extends ListFields> = {
  [K in keyof F]: F[K]['filter'] extends readonly FilterOperator[] ? K : never;
}[keyof F] &
  string;

/**
 * The list query of one list: `zListQuery` (plus any parameters of its own), with filters and
 * sort held to the list's declared fields.
 */
export function zListQueryOf<const Extra extends z.ZodRawShape = Record<never, never>>(
  fields: ListFields,
  extra?: Extra,
) {
  return zListQuery
    .extend(extra ?? ({} as Extra))
    .superRefine((value, ctx) => holdToFields(fields, value as ListQuery, ctx));
}

function holdToFields(fields: ListFields, query: ListQuery, ctx: z.RefinementCtx): void {
  for (const item of query.filters ?? []) {
    if (!fields[item.field]?.filter?.includes(item.operator)) {
      ctx.addIssue({
        code: 'custom',
        path: ['filters'],
        message: `Cannot filter ${item.field} with ${item.operator}`,
      });
    }
  }
  const sorted = query.sort?.replace(/^-/, '');
  if (sorted && !fields[sorted]?.sort) {
    ctx.addIssue({ code: 'custom', path: ['sort'], message: `Cannot sort by ${sorted}` });
  }
}

export function zListResponse<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    page_size: z.number().int(),
  });
}
