import { z } from 'zod';
import { zAnalyticsQuery, zCell, zFreshness, zResultRange } from '../analytics/query';
import { zChartOptions } from './chart';

/**
 * A reply is a list of typed parts (spec section 3, Media reply and Table data; ARCHITECTURE
 * section 8, Chat). Every part that shows figures names the kept result they came from, its
 * ranges and freshness, so each figure can be traced to the query that produced it.
 */

/** Where a data part's figures came from: the kept result, the query that made it, its ranges, freshness. */
const zSourced = {
  result_id: z.string(),
  query: zAnalyticsQuery,
  ranges: z.array(zResultRange),
  freshness: z.array(zFreshness),
};

export const zContentPart = z.object({ type: z.literal('content'), content: z.string() });

export const zTablePart = z.object({
  type: z.literal('table'),
  /** A markdown table. */
  table: z.string(),
  result_id: z.string().nullable(),
});

/** Spec: columnDefs (headerName, field, cellDataType text/number/date, range, children). */
export interface AgColumnDef {
  headerName: string;
  field?: string;
  cellDataType?: 'text' | 'number' | 'date';
  /** Which range a comparison's column belongs to (its label). */
  range?: string;
  children?: AgColumnDef[];
}
/** Named in the global registry: a recursive schema is an OpenAPI component it can refer to. */
export const zAgColumnDef: z.ZodType<AgColumnDef> = z
  .lazy(() =>
    z.object({
      headerName: z.string(),
      field: z.string().optional(),
      cellDataType: z.enum(['text', 'number', 'date']).optional(),
      range: z.string().optional(),
      children: z.array(zAgColumnDef).optional(),
    }),
  )
  .meta({ id: 'AgColumnDef' });

export const zAgTablePart = z.object({
  type: z.literal('ag_table'),
  columnDefs: z.array(zAgColumnDef),
  rowData: z.array(z.record(z.string(), zCell)),
  truncated: z.boolean(),
  ...zSourced,
});

export const zAgChartPart = z.object({ type: z.literal('ag_chart'), options: zChartOptions, ...zSourced });

export const zFilePart = z.object({
  type: z.literal('file'),
  file_id: z.string(),
  name: z.string(),
  ext: z.string(),
  size: z.number().int(),
});

/** The SQL behind a reply's figures, runnable as shown. */
export const zSqlPart = z.object({
  type: z.literal('sql'),
  statements: z.array(z.string()),
  /** The kept result it made; null for a model's own SQL, which keeps no result. */
  result_id: z.string().nullable(),
});

export const zReplyPart = z.discriminatedUnion('type', [
  zContentPart,
  zTablePart,
  zAgTablePart,
  zAgChartPart,
  zFilePart,
  zSqlPart,
]);
export type ReplyPart = z.infer<typeof zReplyPart>;
