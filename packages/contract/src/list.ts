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

export const zFilterOperator = z.enum(['eq', 'ne', 'in', 'contains', 'gt', 'gte', 'lt', 'lte', 'between']);
export type FilterOperator = z.infer<typeof zFilterOperator>;

/**
 * Spec section 3, "Emitted filter item". `in` values are semicolon separated; `between` is
 * `start;end` (seconds for times).
 */
export const zFilterItem = z.object({
  connect_pre_filter: z.enum(['and', 'or']).default('and'),
  field: z.string().min(1).max(64),
  operator: zFilterOperator,
  value: z.union([z.string().max(2000), z.number(), z.boolean()]),
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

export function zListResponse<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    page_size: z.number().int(),
  });
}
