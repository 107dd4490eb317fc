import { z } from 'zod';

/**
 * Charts in replies (ARCHITECTURE section 8, Charts): a model, or the offline analyst, never writes
 * chart options. It names what to draw from a kept result, a chart intent, and the server checks
 * the intent against the result's columns and builds the AG Charts options itself. An intent that
 * cannot be drawn is refused with the reason, and the reply keeps its table.
 */

/** The six chart colours (spec section 9), in the order series take them. */
export const CHART_COLORS = ['#1677ff', '#ff4d4f', '#52c41a', '#faad14', '#722ed1', '#13c2c2'] as const;

/** At most one series per colour. */
export const MAX_CHART_SERIES = CHART_COLORS.length;

/** Bars past this many categories stop being readable: ask for the top N instead. */
export const MAX_BAR_CATEGORIES = 50;

/** Points per line past which a line chart is refused (two years of days fit). */
export const MAX_LINE_POINTS = 1000;

export const zChartIntent = z.object({
  type: z.enum(['bar', 'line']),
  /** The result column along the x axis: a dimension (a date for a line). */
  x: z.string().min(1, { message: 'Name the column for the x axis' }),
  /** Metric columns drawn, each in its own colour. */
  series: z
    .array(z.string().min(1))
    .min(1, { message: 'Name at least one metric to draw' })
    .max(MAX_CHART_SERIES, { message: `At most ${MAX_CHART_SERIES} series` }),
  /**
   * Draw each metric beside its previous-range value: only when the result compares exactly two
   * ranges, and at most half as many metrics (each value and its previous take a colour).
   */
  compare: z.boolean().optional(),
  title: z.string().max(200).optional(),
});
export type ChartIntent = z.infer<typeof zChartIntent>;

const zChartSeries = z.object({
  type: z.enum(['bar', 'line']),
  xKey: z.string(),
  yKey: z.string(),
  yName: z.string(),
  fill: z.string().optional(),
  stroke: z.string().optional(),
});

/**
 * What the server sends as an `ag_chart` part's options: data in display units (money in currency
 * units, percentages 0 to 100), one category axis, one number axis titled with the unit. The web
 * adds the theme, the locale and the number formatting when it draws them.
 */
export const zChartOptions = z.object({
  title: z.object({ text: z.string() }).optional(),
  subtitle: z.object({ text: z.string() }).optional(),
  data: z.array(z.record(z.string(), z.union([z.string(), z.number(), z.null()]))),
  series: z.array(zChartSeries).min(1).max(MAX_CHART_SERIES),
  axes: z.object({
    x: z.object({
      type: z.literal('category'),
      position: z.literal('bottom'),
      title: z.object({ text: z.string() }),
    }),
    y: z.object({
      type: z.literal('number'),
      position: z.literal('left'),
      title: z.object({ text: z.string() }),
    }),
  }),
  legend: z.object({ enabled: z.boolean(), position: z.literal('bottom') }),
});
export type ChartOptions = z.infer<typeof zChartOptions>;
