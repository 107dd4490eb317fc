import { z } from 'zod';
import { defineEndpoint } from '../define-endpoint';
import { zFilterItem } from '../list';

/**
 * The query model (ARCHITECTURE section 8): one typed query over every source, compiled by the
 * server to parameterised SQL. The chat's tools, the analysis runner and AI tables all ask
 * through it; the answer carries typed columns, the ranges compared and where the figures came
 * from and how fresh they are.
 */

/** The Google sources; an uploaded dataset is `dataset:<id>`. */
export const GOOGLE_SOURCES = ['ga', 'gsc', 'gads'] as const;
export const zGoogleSource = z.enum(GOOGLE_SOURCES);
export type GoogleSource = z.infer<typeof zGoogleSource>;

export const zSourceRef = z.union([
  zGoogleSource,
  z.string().regex(/^dataset:[A-Za-z0-9_-]{1,64}$/, { message: 'source is ga, gsc, gads or dataset:<id>' }),
]);
export type SourceRef = z.infer<typeof zSourceRef>;

/**
 * Spec section 9's quick date ranges and the ones people say. "Last N days" are the N whole days
 * ending yesterday (today is still being counted), as GA4, Google Ads and Looker Studio show them;
 * "today" and the ranges "so far" / "to date" include today. Weeks run Monday to Sunday. Today
 * follows the caller's time zone (`x-tz-offset`).
 */
export const QUICK_RANGES = [
  'today',
  'yesterday',
  'last_7_days',
  'last_30_days',
  'last_90_days',
  'last_365_days',
  'last_calendar_year',
  'this_month_so_far',
  'last_month',
  'this_quarter_so_far',
  'last_quarter',
  'this_year_to_date',
  'last_week',
] as const;
export type NamedQuickRange = (typeof QUICK_RANGES)[number];

/** "Last N days" for any N from 1 to 730: `last_N_days`. */
export const MAX_LAST_DAYS = 730;

/** N of a `last_N_days` range, or null for any other name. */
export function lastDaysOf(range: string): number | null {
  const match = /^last_([1-9]\d{0,2})_days$/.exec(range);
  const days = match ? Number(match[1]) : Number.NaN;
  return days >= 1 && days <= MAX_LAST_DAYS ? days : null;
}

const zLastDays = z.string().refine((value) => lastDaysOf(value) !== null, {
  message: `A quick range (${QUICK_RANGES.join(', ')}) or last_N_days with N from 1 to ${MAX_LAST_DAYS}`,
});

export const zQuickRange = z.union([z.enum(QUICK_RANGES), zLastDays]);
export type QuickRange = z.infer<typeof zQuickRange>;

/** A real calendar day `YYYY-MM-DD` (2026-02-30 and 9999-99-99 are not), in years 1900 to 2999. */
export function isCalendarDay(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1900 || year > 2999 || month < 1 || month > 12 || day < 1) return false;
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

export const zDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'a date is YYYY-MM-DD' })
  .refine(isCalendarDay, { message: 'not a calendar date' });

export const zExplicitRange = z
  .object({ start: zDay, end: zDay })
  .refine((range) => range.start <= range.end, { message: 'start must not be after end', path: ['end'] });
export type ExplicitRange = z.infer<typeof zExplicitRange>;

export const zDateRange = z.union([zQuickRange, zExplicitRange]);
export type DateRangeInput = z.infer<typeof zDateRange>;

/**
 * Spec section 5: YoY, MoM, Preceding; or a second explicit range. YoY: the same dates a year
 * earlier (29 February maps to 28 February); MoM: a whole calendar month maps to the previous
 * whole month, other ranges shift one month with day clamping; Preceding: the same number of days
 * immediately before.
 */
export const zCompare = z.union([z.enum(['yoy', 'mom', 'preceding']), zExplicitRange]);
export type CompareInput = z.infer<typeof zCompare>;

export const zFieldKey = z
  .string()
  .regex(/^[a-z][a-z0-9_]{0,63}$/, { message: 'a field is a lower-case name' });

/**
 * Another Google source's metrics beside a query's, row by row on the one dimension the two share
 * ("Search Console clicks beside GA4 sessions per page"): a page path, or a time grain. The query
 * must have exactly that one dimension; the source beside it is read for the same range (and
 * comparison) and only for the query's rows, so its figures are like for like and never cut.
 */
export const zBeside = z.object({
  source: zGoogleSource,
  origin: z.enum(['demo', 'team']).optional(),
  property: z.string().min(1).max(200).optional(),
  metrics: z.array(zFieldKey).min(1, { message: 'Choose at least one metric' }).max(12),
  filters: z.array(zFilterItem).max(30).default([]),
  /** The dimension of the source beside that names what the query's one dimension names. */
  dimension: zFieldKey,
});
export type Beside = z.output<typeof zBeside>;

/** The key of a metric column read from the source beside (`beside_sessions`). */
export const besideKey = (key: string) => `beside_${key}`;

export const zAnalyticsQuery = z.object({
  source: zSourceRef,
  /** Whose data: the shared demo source, or the team's own (default: the team's when it has any). */
  origin: z.enum(['demo', 'team']).optional(),
  /** The GA property, Search Console site or Ads customer (default: the only one held). */
  property: z.string().min(1).max(200).optional(),
  metrics: z.array(zFieldKey).min(1, { message: 'Choose at least one metric' }).max(12),
  /** `date`, `week`, `month`, `year` are time grains of the source's date. */
  dimensions: z.array(zFieldKey).max(4).default([]),
  /** The filter builder's emitted items (spec section 3); dimension or metric fields. */
  filters: z.array(zFilterItem).max(30).default([]),
  date_range: zDateRange,
  compare: zCompare.optional(),
  order: z
    .array(z.object({ field: zFieldKey, direction: z.enum(['asc', 'desc']).default('desc') }))
    .max(4)
    .default([]),
  limit: z.number().int().min(1).max(10_000).default(100),
  beside: zBeside.optional(),
});
export type AnalyticsQuery = z.output<typeof zAnalyticsQuery>;
export type AnalyticsQueryInput = z.input<typeof zAnalyticsQuery>;

/** How a column's values read: numbers, ratios (0..1, shown as %), money in cents, dates, text. */
export const zColumnType = z.enum(['number', 'percent', 'money', 'date', 'text']);
export type ColumnType = z.infer<typeof zColumnType>;

export const zResultColumn = z.object({
  key: z.string(),
  label: z.string(),
  type: zColumnType,
  /** `USD` for money (values are cents), `days`, or how a figure was made (`sum of daily counts`). */
  unit: z.string().nullable(),
  /** A dimension, a metric's value for the range, or with a comparison its previous value, change and change %. */
  role: z.enum(['dimension', 'value', 'previous', 'change', 'change_pct']),
  /** For metric columns: the metric's key. */
  metric: z.string().nullable(),
});
export type ResultColumn = z.infer<typeof zResultColumn>;

export const zResultRange = z.object({
  /** `current` or `previous` (the comparison). */
  role: z.enum(['current', 'previous']),
  label: z.string(),
  start: zDay,
  end: zDay,
});

/** Where the figures came from and how fresh they are (every result says it). */
export const zFreshness = z.object({
  source: z.string(),
  /** Demo data, shared by every team: labelled Demo wherever it appears. */
  demo: z.boolean(),
  property: z.string(),
  property_name: z.string(),
  /** Unix seconds of the last sync (or the demo's generation). */
  synced_at: z.number().int().nullable(),
  /** The last day the source holds complete. */
  complete_through: zDay.nullable(),
});
export type Freshness = z.infer<typeof zFreshness>;

export const zCell = z.union([z.string(), z.number(), z.null()]);

export const zQueryResult = z.object({
  columns: z.array(zResultColumn),
  rows: z.array(z.record(z.string(), zCell)),
  ranges: z.array(zResultRange),
  freshness: z.array(zFreshness),
  /** The SQL that ran, with `?` where its values were bound (never written into it to run). */
  sql: z.array(z.string()),
  /** Each statement's bound values, in the order of its `?`. */
  parameters: z.array(z.array(z.union([z.string(), z.number(), z.boolean(), z.null()]))),
  /** The same SQL with its values written in as literals: what a reply shows, runnable as shown. */
  sql_runnable: z.array(z.string()),
  /** True when `limit` cut the rows. */
  truncated: z.boolean(),
});
export type QueryResult = z.infer<typeof zQueryResult>;

/** A result as kept: the answer and the id a reply, a chart, an export or a follow-up cites. */
export const zKeptResult = zQueryResult.extend({ result_id: z.string() });
export type KeptResult = z.infer<typeof zKeptResult>;

export const runAnalyticsQuery = defineEndpoint({
  method: 'POST',
  path: '/api/analytics/query',
  permission: 'signed_in',
  openApi: { scope: 'team.analytics.read' },
  summary:
    "Runs one query of the query model over the current team's data (or the demo source); the result is kept",
  tags: ['analytics'],
  body: zAnalyticsQuery,
  response: zKeptResult,
});

/** A kept result of the caller's current team, with the query that made it. */
export const getQueryResult = defineEndpoint({
  method: 'GET',
  path: '/api/analytics/results/{id}',
  permission: 'signed_in',
  openApi: { scope: 'team.analytics.read' },
  summary: 'A kept query result, exactly as it was answered, with its query',
  tags: ['analytics'],
  params: z.object({ id: z.string().trim().min(1).max(64) }),
  response: z.object({
    result: zKeptResult,
    query: zAnalyticsQuery,
    /** Unix seconds when it was answered. */
    creation_time: z.number().int(),
  }),
});
