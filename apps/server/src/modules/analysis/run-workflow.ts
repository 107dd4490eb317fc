import type {
  ComputeStep,
  FunctionDefinition,
  ParamRef,
  PromptStep,
  QueryStep,
  RenderStep,
} from '@app/contract/analysis/functions';
import { checkListValues, type DateParamValue, type ParamValues } from '@app/contract/analysis/parameters';
import type { AnalyticsQuery, CompareInput, DateRangeInput, KeptResult } from '@app/contract/analytics/query';
import { zAnalyticsQuery } from '@app/contract/analytics/query';
import type { ChartIntent } from '@app/contract/chat/chart';
import type { ReplyPart } from '@app/contract/chat/parts';
import type { FilterItem } from '@app/contract/list';
import { AppError } from '../../platform/app-error';
import type { SignedInContext } from '../../platform/endpoint';
import type { Platform } from '../../platform/platform';
import { queryAnalytics } from '../analytics/analytics.service';
import { buildChart } from '../chat/build-chart';
import { agTablePart } from '../chat/result-parts';
import { ctrGap, detectChanges, rankRows, topMovers } from './compute-steps';

/**
 * Runs a function's workflow (issue 25) over the caller's team: every query step asks the query
 * model (the one query path; each result is kept), compute steps work on those rows, the prompt
 * step asks the model (or the offline analyst) to write from the results, and render steps turn
 * results into the reply's typed parts, in the definition's order. The queries do not depend on
 * one another, so they are all asked at once.
 */

export interface StepResult {
  result: KeptResult;
  query: AnalyticsQuery;
}

/** What the prompt step asks of a model: the instruction and the results to write from. */
export type Summarize = (step: PromptStep, inputs: StepResult[]) => Promise<string>;

const isRef = (value: unknown): value is ParamRef =>
  typeof value === 'object' && value !== null && '$param' in (value as Record<string, unknown>);

/** A parameter's value; a function naming one it does not declare is a broken definition. */
function paramOf(values: ParamValues, ref: ParamRef) {
  const value = values[ref.$param];
  if (value === undefined || value === null) {
    throw new AppError('VALIDATION_ERROR', {
      msg: 'Required parameters must be complete',
      fields: { [`inputs.${ref.$param}`]: 'Required parameters must be complete' },
    });
  }
  return value;
}

/** A list of names: a check list's `a;b`, a list, or one name. */
function namesOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String);
  if (typeof value === 'string') return checkListValues(value);
  return [String(value)];
}

function names(values: ParamValues, given: unknown): string[] {
  if (isRef(given)) return namesOf(paramOf(values, given));
  if (Array.isArray(given)) return given.flatMap((item) => names(values, item));
  return [String(given)];
}

/** One name: the first of a list parameter (a check list's first metric orders and draws). */
function nameOf(values: ParamValues, given: unknown): string {
  const [first] = names(values, given);
  if (!first) throw new AppError('VALIDATION_ERROR', { msg: 'Required parameters must be complete' });
  return first;
}

function numberOf(values: ParamValues, given: unknown): number {
  const value = isRef(given) ? paramOf(values, given) : given;
  if (typeof value !== 'number') throw new Error(`expected a number, got ${JSON.stringify(value)}`);
  return value;
}

/** The date parameter as the query model's range and comparison (a quick range stays relative). */
export function rangeOf(value: DateParamValue, fallbackCompare?: QueryStep['compare']) {
  const date_range: DateRangeInput = value.range ?? {
    start: value.startDate as string,
    end: value.endDate as string,
  };
  const compare: CompareInput | undefined =
    value.compare ??
    (value.compareStartDate && value.compareEndDate
      ? { start: value.compareStartDate, end: value.compareEndDate }
      : fallbackCompare);
  return { date_range, compare };
}

/** The query a query step asks, with the parameters and the run's own filters in it. */
export function queryOf(step: QueryStep, values: ParamValues, userFilters: FilterItem[]): AnalyticsQuery {
  const date = values[step.date] as DateParamValue | undefined;
  if (!date) throw new Error(`the date parameter ${step.date} is missing`);
  const paramFilters: FilterItem[] = step.param_filters.flatMap((filter) => {
    const value = values[filter.value.$param];
    if (value === undefined || value === null || value === '') return [];
    return [
      {
        connect_pre_filter: 'and',
        field: filter.field,
        operator: filter.operator,
        value: value as string | number,
      },
    ];
  });
  // Filters join left to right: the user's come first (their own and/or kept), and the function's
  // own are each joined by `and`, so they always hold whatever the user chose.
  const own = [...step.filters, ...paramFilters];
  const users = step.user_filters ? userFilters : [];
  return zAnalyticsQuery.parse({
    source: nameOf(values, step.source),
    metrics: [...new Set(names(values, step.metrics))],
    dimensions: step.dimensions.map((d) => nameOf(values, d)),
    filters: [...users, ...own.map((filter) => ({ ...filter, connect_pre_filter: 'and' }))],
    ...rangeOf(date, step.compare),
    order: step.order.map((o) => ({ field: nameOf(values, o.field), direction: o.direction })),
    limit: numberOf(values, step.limit),
  });
}

function compute(
  step: ComputeStep,
  input: StepResult,
  values: ParamValues,
  t: (msgid: string) => string,
): StepResult {
  const limit = 'limit' in step && step.limit !== undefined ? numberOf(values, step.limit) : undefined;
  switch (step.op) {
    case 'rank':
      return { ...input, result: rankRows(input.result, nameOf(values, step.by), step.direction, limit) };
    case 'top_movers':
      return { ...input, result: topMovers(input.result, nameOf(values, step.by), limit ?? 5) };
    case 'detect_changes':
      return {
        ...input,
        result: detectChanges(input.result, nameOf(values, step.by), numberOf(values, step.threshold_pct)),
      };
    case 'ctr_gap':
      return { ...input, result: ctrGap(input.result, t, limit) };
  }
}

/** Two distinct ranges: the comparison chart is drawn only then (spec section 5). */
function twoRanges(result: KeptResult): boolean {
  const [a, b] = result.ranges;
  return result.ranges.length === 2 && !!a && !!b && (a.start !== b.start || a.end !== b.end);
}

function chartIntent(step: RenderStep, result: KeptResult, values: ParamValues, title?: string): ChartIntent {
  const chart = step.chart;
  if (!chart) throw new Error(`render step ${step.id} draws a chart without an intent`);
  const compare = twoRanges(result);
  // A list parameter in the series draws its first value, the metric the user put first: metrics
  // of one unit can still differ a hundredfold (sessions and conversions), flattening the smaller.
  const keys = chart.series.map((entry) => (isRef(entry) ? nameOf(values, entry) : entry));
  const columns = [...new Set(keys)].flatMap((key) => {
    const column = result.columns.find((c) => c.key === key);
    return column ? [column] : [];
  });
  // One axis, one unit: the metrics drawn are those in the first one's unit (sessions and
  // conversions together; revenue stays in the table).
  const first = columns[0];
  const series = columns
    .filter((c) => first && c.type === first.type && c.unit === first.unit)
    .map((c) => c.key);
  // A compared metric and its previous value take two of the six colours.
  return {
    type: chart.type,
    x: nameOf(values, chart.x),
    series: series.slice(0, compare ? 3 : 6),
    compare,
    ...(title ? { title } : {}),
  };
}

function render(
  step: RenderStep,
  input: StepResult,
  values: ParamValues,
  t: (msgid: string) => string,
): ReplyPart[] {
  const { result, query } = input;
  const title = step.title ? t(step.title) : undefined;
  const heading: ReplyPart[] =
    title && step.as === 'table' ? [{ type: 'content', content: `### ${title}` }] : [];
  if (step.as === 'table' || step.as === 'file') {
    return [
      ...heading,
      agTablePart(result, query, t),
      { type: 'sql', statements: result.sql_runnable, result_id: result.result_id },
    ];
  }
  if (step.as === 'chart') {
    const built = buildChart(result, chartIntent(step, result, values, title), t);
    // An intent the result cannot draw (no rows, one range for a comparison) leaves the table alone.
    if (!built.ok) return [];
    return [
      {
        type: 'ag_chart',
        options: built.options,
        result_id: result.result_id,
        query,
        ranges: result.ranges,
        freshness: result.freshness,
      },
    ];
  }
  return [];
}

export async function runWorkflow(
  platform: Platform,
  ctx: SignedInContext,
  definition: FunctionDefinition,
  values: ParamValues,
  userFilters: FilterItem[],
  summarize: Summarize,
): Promise<ReplyPart[]> {
  const asked = new Map<string, Promise<StepResult>>();
  for (const step of definition.steps) {
    if (step.type !== 'query') continue;
    const query = queryOf(step, values, userFilters);
    const pending = queryAnalytics(platform, ctx, query).then((result) => ({ result, query }));
    // Awaited in order below; a rejection seen there is the run's error, not an unhandled one.
    pending.catch(() => undefined);
    asked.set(step.id, pending);
  }
  const results = new Map<string, StepResult>();
  const texts = new Map<string, string>();
  const resultOf = async (id: string): Promise<StepResult> => {
    const done = results.get(id);
    if (done) return done;
    const pending = asked.get(id);
    if (!pending) throw new Error(`step ${id} has no result`);
    const result = await pending;
    results.set(id, result);
    return result;
  };
  const parts: ReplyPart[] = [];
  for (const step of definition.steps) {
    switch (step.type) {
      case 'query':
        await resultOf(step.id);
        break;
      case 'compute':
        results.set(step.id, compute(step, await resultOf(step.input), values, ctx.t));
        break;
      case 'prompt':
        texts.set(step.id, await summarize(step, await Promise.all(step.inputs.map(resultOf))));
        break;
      case 'render':
        if (step.as === 'markdown') {
          const text = texts.get(step.input);
          if (text) parts.push({ type: 'content', content: text });
          break;
        }
        parts.push(...render(step, await resultOf(step.input), values, ctx.t));
        break;
    }
  }
  return parts;
}
