import type { DatasetColumn } from '@app/contract/analytics/datasets';
import type { ColumnType, GoogleSource, SourceRef } from '@app/contract/analytics/query';

/**
 * What each Google source holds and how its metrics aggregate (ARCHITECTURE section 8). Metric
 * expressions are our own constant SQL over the table's columns, never built from input: sums
 * stay sums; ratios are recomputed from their parts (CTR = clicks / impressions, never an average
 * of CTRs); average position is weighted by impressions; money is answered in cents.
 */

export interface MetricDef {
  key: string;
  label: string;
  type: ColumnType;
  /** `USD` for money; how a figure is made when that is not obvious. */
  unit: string | null;
  /** The aggregate, over the source table aliased `s`. */
  sql: string;
  /**
   * Counts of distinct people summed over days are not the number of people in the range: such a
   * metric over more than one day is labelled a sum of daily counts unless the source's own range
   * total is at hand.
   */
  dailyDistinct?: boolean;
}

export interface DimensionDef {
  key: string;
  label: string;
  type: 'text' | 'date';
  /** The column (text dimensions) or, for time grains, the date column truncated to it. */
  sql: string;
  /**
   * What the dimension's values name when another source may be read beside it (`page`, a time
   * grain): two dimensions with the same `joinAs` hold the same values for the same thing.
   */
  joinAs?: string;
}

export interface SourceDef {
  source: SourceRef;
  label: string;
  table: string;
  /** The column naming the property, site or customer each row belongs to. */
  propertyColumn: string;
  dimensions: DimensionDef[];
  metrics: MetricDef[];
  /** The measure a value lookup weighs a dimension's values by: the source's main volume. */
  weightMetric: string;
}

const TIME_GRAINS: DimensionDef[] = [
  { key: 'date', label: 'Date', type: 'date', sql: 's.date', joinAs: 'date' },
  { key: 'week', label: 'Week', type: 'date', sql: "date_trunc('week', s.date)::date", joinAs: 'week' },
  { key: 'month', label: 'Month', type: 'date', sql: "date_trunc('month', s.date)::date", joinAs: 'month' },
  { key: 'year', label: 'Year', type: 'date', sql: "date_trunc('year', s.date)::date", joinAs: 'year' },
];

const ratio = (numerator: string, denominator: string) =>
  `sum(${numerator}) / nullif(sum(${denominator}), 0)`;

export const GA: SourceDef = {
  source: 'ga',
  label: 'Google Analytics 4',
  table: 'ga_daily',
  propertyColumn: 'property',
  weightMetric: 'sessions',
  dimensions: [
    ...TIME_GRAINS,
    { key: 'channel', label: 'Channel', type: 'text', sql: 's.channel' },
    { key: 'country', label: 'Country', type: 'text', sql: 's.country' },
    { key: 'device', label: 'Device', type: 'text', sql: 's.device' },
    // GA4's landing page is a path (without its query string), as Search Console's page path is.
    { key: 'landing_page', label: 'Landing page', type: 'text', sql: 's.landing_page', joinAs: 'page' },
    { key: 'source', label: 'Session source', type: 'text', sql: 's.source' },
    { key: 'medium', label: 'Session medium', type: 'text', sql: 's.medium' },
    // GA4's own "source / medium", written as GA4 writes it.
    {
      key: 'source_medium',
      label: 'Session source / medium',
      type: 'text',
      sql: "s.source || ' / ' || s.medium",
    },
    { key: 'campaign', label: 'Session campaign', type: 'text', sql: 's.campaign' },
  ],
  metrics: [
    { key: 'sessions', label: 'Sessions', type: 'number', unit: null, sql: 'sum(s.sessions)' },
    { key: 'users', label: 'Users', type: 'number', unit: null, sql: 'sum(s.users)', dailyDistinct: true },
    {
      key: 'new_users',
      label: 'New users',
      type: 'number',
      unit: null,
      sql: 'sum(s.new_users)',
      dailyDistinct: true,
    },
    {
      key: 'engaged_sessions',
      label: 'Engaged sessions',
      type: 'number',
      unit: null,
      sql: 'sum(s.engaged_sessions)',
    },
    {
      key: 'engagement_rate',
      label: 'Engagement rate',
      type: 'percent',
      unit: null,
      sql: ratio('s.engaged_sessions', 's.sessions'),
    },
    // GA4's bounce rate: the sessions that were not engaged, over sessions.
    {
      key: 'bounce_rate',
      label: 'Bounce rate',
      type: 'percent',
      unit: null,
      sql: 'sum(s.sessions - s.engaged_sessions) / nullif(sum(s.sessions), 0)',
    },
    // Total session seconds over the sessions they were counted for, never an average of
    // averages (rows synced before durations were kept have none and count on neither side).
    {
      key: 'average_session_duration',
      label: 'Average session duration',
      type: 'number',
      unit: 'seconds',
      sql: 'sum(s.session_duration) / nullif(sum(case when s.session_duration is not null then s.sessions end), 0)',
    },
    { key: 'conversions', label: 'Conversions', type: 'number', unit: null, sql: 'sum(s.conversions)' },
    {
      key: 'conversion_rate',
      label: 'Conversion rate',
      type: 'percent',
      unit: null,
      sql: ratio('s.conversions', 's.sessions'),
    },
    { key: 'revenue', label: 'Revenue', type: 'money', unit: 'USD', sql: 'round(sum(s.revenue) * 100)' },
    {
      key: 'revenue_per_session',
      label: 'Revenue per session',
      type: 'money',
      unit: 'USD',
      sql: `round(${ratio('s.revenue', 's.sessions')} * 100)`,
    },
  ],
};

export const GSC: SourceDef = {
  source: 'gsc',
  label: 'Google Search Console',
  table: 'gsc_daily',
  propertyColumn: 'site',
  weightMetric: 'impressions',
  dimensions: [
    ...TIME_GRAINS,
    { key: 'query', label: 'Query', type: 'text', sql: 's.query' },
    // Search Console names a page by its whole URL; its path is what GA4's landing page holds, so
    // the two can be read side by side (a domain property's hosts share their paths' rows).
    {
      key: 'page',
      label: 'Page path',
      type: 'text',
      sql: "regexp_replace(s.page, '^[A-Za-z][A-Za-z0-9+.-]*://[^/]*', '')",
      joinAs: 'page',
    },
    { key: 'country', label: 'Country', type: 'text', sql: 's.country' },
    { key: 'device', label: 'Device', type: 'text', sql: 's.device' },
  ],
  metrics: [
    { key: 'clicks', label: 'Clicks', type: 'number', unit: null, sql: 'sum(s.clicks)' },
    { key: 'impressions', label: 'Impressions', type: 'number', unit: null, sql: 'sum(s.impressions)' },
    { key: 'ctr', label: 'CTR', type: 'percent', unit: null, sql: ratio('s.clicks', 's.impressions') },
    {
      key: 'position',
      label: 'Average position',
      type: 'number',
      unit: 'weighted by impressions',
      sql: 'sum(s.position * s.impressions) / nullif(sum(s.impressions), 0)',
    },
  ],
};

/** Ads money: `cost_micros` (millionths of the currency) and `conversion_value` (currency units). */
const COST_CENTS = 'sum(s.cost_micros) / 10000.0';

export const GADS: SourceDef = {
  source: 'gads',
  label: 'Google Ads',
  table: 'gads_daily',
  propertyColumn: 'customer_id',
  weightMetric: 'impressions',
  dimensions: [
    ...TIME_GRAINS,
    { key: 'campaign', label: 'Campaign', type: 'text', sql: 's.campaign' },
    { key: 'ad_group', label: 'Ad group', type: 'text', sql: 's.ad_group' },
    { key: 'keyword', label: 'Keyword', type: 'text', sql: 's.keyword' },
    // As Google Ads writes them: DESKTOP, MOBILE, TABLET; SEARCH, SEARCH_PARTNERS, CONTENT.
    { key: 'device', label: 'Device', type: 'text', sql: 's.device' },
    { key: 'network', label: 'Network', type: 'text', sql: 's.network' },
  ],
  metrics: [
    { key: 'impressions', label: 'Impressions', type: 'number', unit: null, sql: 'sum(s.impressions)' },
    { key: 'clicks', label: 'Clicks', type: 'number', unit: null, sql: 'sum(s.clicks)' },
    { key: 'ctr', label: 'CTR', type: 'percent', unit: null, sql: ratio('s.clicks', 's.impressions') },
    { key: 'cost', label: 'Cost', type: 'money', unit: 'USD', sql: `round(${COST_CENTS})` },
    {
      key: 'cpc',
      label: 'Cost per click',
      type: 'money',
      unit: 'USD',
      sql: `round(${COST_CENTS} / nullif(sum(s.clicks), 0))`,
    },
    { key: 'conversions', label: 'Conversions', type: 'number', unit: null, sql: 'sum(s.conversions)' },
    {
      key: 'conversion_rate',
      label: 'Conversion rate',
      type: 'percent',
      unit: null,
      sql: ratio('s.conversions', 's.clicks'),
    },
    {
      key: 'cost_per_conversion',
      label: 'Cost per conversion',
      type: 'money',
      unit: 'USD',
      sql: `round(${COST_CENTS} / nullif(sum(s.conversions), 0))`,
    },
    {
      key: 'conversion_value',
      label: 'Conversion value',
      type: 'money',
      unit: 'USD',
      sql: 'round(sum(s.conversion_value) * 100)',
    },
    {
      key: 'roas',
      label: 'ROAS',
      type: 'number',
      unit: 'conversion value / cost',
      sql: `(sum(s.conversion_value) * 100) / nullif(${COST_CENTS}, 0)`,
    },
  ],
};

export const GOOGLE_SOURCE_DEFS: Record<GoogleSource, SourceDef> = { ga: GA, gsc: GSC, gads: GADS };

/** Field keys a dataset's own columns may not take: the time grains and the store's columns. */
export const RESERVED_DATASET_KEYS = new Set(['date', 'week', 'month', 'year', 'property', 'rows']);

/**
 * An imported dataset as a source: its date column is the time axis, numbers and currency are
 * summed, percentages averaged over rows (a file's percentages have no parts to recompute them
 * from, and the label says so), everything else a dimension; `rows` counts rows.
 */
/**
 * Each column of a dataset as its table keeps it, read as the file had it: the first date column
 * is the table's time axis `date`, the others `c_<key>`; dates as YYYY-MM-DD, currency (kept in
 * cents) in units. What copies a dataset's rows (AI tables) reads through this, not the keys.
 */
export function datasetColumnReads(columns: DatasetColumn[]): string[] {
  const axis = columns.find((column) => column.type === 'date');
  return columns.map((column) => {
    const kept = column === axis ? 'date' : `c_${column.key}`;
    if (column.type === 'date') return `strftime(${kept}, '%Y-%m-%d')`;
    if (column.type === 'currency') return `${kept} / 100`;
    return kept;
  });
}

export function datasetSourceDef(dataset: {
  id: string;
  name: string;
  table: string;
  columns: DatasetColumn[];
}): SourceDef {
  const own = dataset.columns.filter((column) => column.type !== 'date');
  return {
    source: `dataset:${dataset.id}`,
    label: dataset.name,
    table: dataset.table,
    propertyColumn: 'property',
    weightMetric: 'rows',
    dimensions: [
      ...TIME_GRAINS,
      ...own
        .filter((column) => column.type === 'text')
        .map((column) => ({
          key: column.key,
          label: column.name,
          type: 'text' as const,
          sql: `s.c_${column.key}`,
        })),
    ],
    metrics: [
      { key: 'rows', label: 'Rows', type: 'number', unit: null, sql: 'count(*)' },
      ...own
        .filter((column) => column.type !== 'text')
        .map((column): MetricDef => {
          if (column.type === 'percent')
            return {
              key: column.key,
              label: column.name,
              type: 'percent',
              unit: 'average of rows',
              sql: `avg(s.c_${column.key})`,
            };
          if (column.type === 'currency')
            return {
              key: column.key,
              label: column.name,
              type: 'money',
              unit: null,
              sql: `round(sum(s.c_${column.key}))`,
            };
          return {
            key: column.key,
            label: column.name,
            type: 'number',
            unit: null,
            sql: `sum(s.c_${column.key})`,
          };
        }),
    ],
  };
}
