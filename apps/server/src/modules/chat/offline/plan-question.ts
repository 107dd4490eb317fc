import type { Day } from '@app/contract/analytics/date-ranges';
import {
  type AnalyticsQueryInput,
  besideKey,
  type GoogleSource,
  type SourceRef,
} from '@app/contract/analytics/query';
import type { ChartIntent } from '@app/contract/chat/chart';
import type { FilterItem } from '@app/contract/list';
import { GOOGLE_SOURCE_DEFS, type SourceDef } from '../../analytics/sources';
import type { OfferedFunction } from '../assistant/function-tools';
import { type QuestionReading, readQuestion } from './read-question';

/**
 * From a reading to the query model's queries (the same tool calls a real model makes): which
 * source each metric is read from, the dimensions and filters each source has, the range (the
 * last 30 days when none is said, and the reply says so), the comparison, the order and limit of
 * a top N, and the chart that shows it. A question with no metric that follows one is read as a
 * change of the one before ("and for mobile?"). What cannot be answered is refused with why.
 */

export interface PlannedQuery {
  query: AnalyticsQueryInput;
  chart: ChartIntent | null;
}

export type Plan =
  | {
      kind: 'query';
      queries: PlannedQuery[];
      reading: QuestionReading;
      /** The range used because none was said, or null. */
      defaultRange: 'last_30_days' | 'last_365_days' | null;
    }
  | {
      /** A question that asks for one of the team's functions ("wasted spend last month"). */
      kind: 'function';
      tool: string;
      name: string;
      inputs: Record<string, unknown>;
      reading: QuestionReading;
    }
  | {
      kind: 'refuse';
      reason: 'no_metric' | 'no_source' | 'unknown_value';
      reading: QuestionReading;
      detail?: string;
    };

export interface PlanContext {
  today: Day;
  /** Earlier questions of the chat, oldest first (for follow-ups). */
  earlier: string[];
  /** The source picked in the composer, if any. */
  picked: SourceRef | null;
  /** The picked dataset's catalogue (for a dataset source). */
  dataset: SourceDef | null;
  /** Brand words to match in queries and keywords (the team's brand name; the demo's store). */
  brandTerms: string[];
  /** The stored value of `dimension` in `source` that `text` names, or null when there is none. */
  lookup: (source: SourceRef, dimension: string, text: string) => Promise<string | null>;
  /** The functions offered as tools, which a question may ask for by their phrases. */
  functions?: OfferedFunction[];
}

/** Dimensions that mean the same thing in another source. */
const SAME_DIMENSION: Record<string, string[]> = {
  page: ['landing_page'],
  landing_page: ['page'],
  query: ['keyword'],
  keyword: ['query'],
};

const TIME_GRAINS = new Set(['date', 'week', 'month', 'year']);

/** A reading merged onto the one before: what the new one says replaces what the old one said. */
function merge(before: QuestionReading, now: QuestionReading): QuestionReading {
  const newRange = now.range !== null;
  const changedDimensions = new Set(now.values.map((v) => v.dimension));
  return {
    ...before,
    sources: now.sources.length ? now.sources : before.sources,
    metrics: before.metrics,
    dimensions: now.dimensions.length ? now.dimensions : before.dimensions,
    values: [...before.values.filter((v) => !changedDimensions.has(v.dimension)), ...now.values],
    brand: now.brand ?? before.brand,
    range: newRange ? now.range : before.range,
    compare: now.compare ?? (newRange ? null : before.compare),
    top: now.top ?? before.top,
    followUp: true,
    unread: now.unread,
    chinese: now.chinese,
  };
}

/** The question read in the light of the chat: a follow-up takes the question it follows. */
export function readInChat(question: string, earlier: string[], today: Day): QuestionReading {
  const now = readQuestion(question, today);
  if (now.metrics.length > 0 || earlier.length === 0) return now;
  // A follow-up changes something the analyst can read; words it cannot read are a new question.
  const changes =
    now.values.length > 0 ||
    now.dimensions.length > 0 ||
    now.range !== null ||
    now.compare !== null ||
    now.top !== null ||
    now.brand !== null ||
    now.sources.length > 0;
  if (now.unread.length > 0 || !(changes || now.followUp)) return now;
  const before = readInChat(earlier[earlier.length - 1] ?? '', earlier.slice(0, -1), today);
  if (before.metrics.length === 0) return now;
  return merge(before, now);
}

/** The source each metric is read from. */
function chooseSources(reading: QuestionReading, picked: SourceRef | null): Map<SourceRef, string[]> | null {
  const bySource = new Map<SourceRef, string[]>();
  const add = (source: SourceRef, key: string) =>
    bySource.set(source, [...(bySource.get(source) ?? []), key]);
  const hinted = reading.dimensions.flatMap((d) => (d.sources.length === 1 ? d.sources : []));
  for (const metric of reading.metrics) {
    // The source named nearest before the metric ("Search Console clicks beside GA4 sessions").
    const named = [...reading.sources]
      .filter((s) => metric.sources.includes(s.source))
      .sort((a, b) => {
        const before = (s: { at: number }) =>
          s.at <= metric.at ? metric.at - s.at : 10_000 + s.at - metric.at;
        return before(a) - before(b);
      })[0]?.source;
    const pickedGoogle =
      picked && metric.sources.includes(picked as GoogleSource) ? (picked as GoogleSource) : null;
    const hint = hinted.find((source) => metric.sources.includes(source));
    const source = named ?? pickedGoogle ?? hint ?? metric.sources[0];
    if (!source) return null;
    add(source, metric.key);
  }
  return bySource;
}

function dimensionIn(def: SourceDef, key: string): string | null {
  if (def.dimensions.some((d) => d.key === key)) return key;
  return (SAME_DIMENSION[key] ?? []).find((other) => def.dimensions.some((d) => d.key === other)) ?? null;
}

/** The chart a result of this shape reads best as: a line over time, bars over categories. */
function chartFor(dimensions: string[], metrics: string[], compare: boolean): ChartIntent | null {
  const [x] = dimensions;
  if (!x || dimensions.length > 1) return null;
  const series = metrics.slice(0, compare ? 3 : 6);
  if (TIME_GRAINS.has(x)) return { type: 'line', x, series };
  return { type: 'bar', x, series, ...(compare ? { compare: true } : {}) };
}

/** Plans the queries for `question`, or refuses naming why. */
export async function planQuestion(question: string, context: PlanContext): Promise<Plan> {
  const reading = readInChat(question, context.earlier, context.today);
  const dataset = context.picked?.startsWith('dataset:') ? context.dataset : null;
  if (dataset) return planDataset(question, reading, dataset);
  const asked = functionAsked(question, context.today, context.functions ?? []);
  if (asked) return asked;
  if (reading.metrics.length === 0) return { kind: 'refuse', reason: 'no_metric', reading };
  const bySource = chooseSources(reading, context.picked);
  if (!bySource || bySource.size === 0) return { kind: 'refuse', reason: 'no_source', reading };

  const range = reading.range ?? 'last_30_days';
  const queries: PlannedQuery[] = [];
  for (const [source, metrics] of bySource) {
    const def = GOOGLE_SOURCE_DEFS[source as GoogleSource];
    const dimensions = [
      ...new Set(
        reading.dimensions.map((d) => dimensionIn(def, d.key)).filter((k): k is string => k !== null),
      ),
    ].slice(0, 4);
    const filters: FilterItem[] = [];
    for (const value of reading.values) {
      const dimension = dimensionIn(def, value.dimension);
      if (!dimension) continue;
      const stored = await context.lookup(source, dimension, value.value);
      if (stored === null) {
        return { kind: 'refuse', reason: 'unknown_value', reading, detail: `${value.value} (${def.label})` };
      }
      filters.push({
        connect_pre_filter: 'and',
        field: dimension,
        operator: value.exclude ? 'ne' : 'eq',
        value: stored,
      });
    }
    if (reading.brand && context.brandTerms.length > 0) {
      const field = dimensionIn(def, 'query');
      if (field) {
        context.brandTerms.forEach((term, index) => {
          filters.push({
            // "brand only": any of the brand's words; "excluding brand": none of them.
            connect_pre_filter: reading.brand?.exclude || index === 0 ? 'and' : 'or',
            field,
            operator: reading.brand?.exclude ? 'not_contains' : 'contains',
            value: term,
          });
        });
      }
    }
    const first = metrics[0] as string;
    const grain = dimensions.find((d) => TIME_GRAINS.has(d));
    const order =
      reading.top !== null
        ? [{ field: first, direction: reading.top.direction }]
        : grain
          ? [{ field: grain, direction: 'asc' as const }]
          : dimensions.length
            ? [{ field: first, direction: 'desc' as const }]
            : [];
    const query: AnalyticsQueryInput = {
      source,
      metrics,
      dimensions,
      filters,
      date_range: range,
      ...(reading.compare ? { compare: reading.compare } : {}),
      order,
      limit: reading.top?.n ?? (grain ? 1000 : 100),
    };
    queries.push({ query, chart: chartFor(dimensions, metrics, reading.compare !== null) });
  }
  return {
    kind: 'query',
    queries: besideOf(queries, reading.compare !== null) ?? queries,
    reading,
    defaultRange: reading.range === null ? 'last_30_days' : null,
  };
}

/**
 * Two sources asked about per the same page or period ("Search Console clicks beside GA4 sessions
 * per page") read as one table: the second source beside the first, on the rows of the first.
 */
function besideOf(queries: PlannedQuery[], compare: boolean): PlannedQuery[] | null {
  const [first, second] = queries;
  if (queries.length !== 2 || !first || !second) return null;
  const [dimension] = first.query.dimensions ?? [];
  const [besideDimension] = second.query.dimensions ?? [];
  if (first.query.dimensions?.length !== 1 || second.query.dimensions?.length !== 1) return null;
  const joinAs = (source: SourceRef, key: string | undefined) =>
    GOOGLE_SOURCE_DEFS[source as GoogleSource]?.dimensions.find((d) => d.key === key)?.joinAs;
  const shared = joinAs(first.query.source, dimension);
  if (!shared || shared !== joinAs(second.query.source, besideDimension) || !besideDimension) return null;
  const query: AnalyticsQueryInput = {
    ...first.query,
    beside: {
      source: second.query.source as GoogleSource,
      metrics: second.query.metrics,
      filters: second.query.filters ?? [],
      dimension: besideDimension,
    },
  };
  const series = [...first.query.metrics, ...second.query.metrics.map(besideKey)];
  return [{ query, chart: chartFor([dimension as string], series, compare) }];
}

/**
 * The function a question asks for by one of its phrases (the longest phrase wins), with the
 * inputs the question says: its range and comparison fill the date parameter, and the metrics or
 * dimensions it names fill the option lists that offer them. The rest keep their defaults.
 */
export function functionAsked(question: string, today: Day, functions: OfferedFunction[]): Plan | null {
  const text = question.toLowerCase();
  let best: { offer: OfferedFunction; length: number } | null = null;
  for (const offer of functions) {
    for (const phrase of offer.phrases) {
      if (text.includes(phrase) && phrase.length > (best?.length ?? 0))
        best = { offer, length: phrase.length };
    }
  }
  if (!best) return null;
  const { offer } = best;
  // The question alone (not a follow-up's merge): a function is asked for by its own words.
  const reading = readQuestion(question, today);
  const inputs: Record<string, unknown> = {};
  if (offer.date && reading.range !== null) {
    const range = reading.range;
    const compare = offer.date.compare ? reading.compare : null;
    inputs[offer.date.key] = {
      ...(typeof range === 'string' ? { range } : { startDate: range.start, endDate: range.end }),
      ...(compare === null
        ? {}
        : typeof compare === 'string'
          ? { compare }
          : { compareStartDate: compare.start, compareEndDate: compare.end }),
    };
  }
  // A choice of source: the one the question names, else the first that has its first metric.
  const isSource = (value: string) => value in GOOGLE_SOURCE_DEFS;
  const sourceChoice = offer.choices.find((c) => !c.multiple && c.values.every(isSource));
  const source = sourceChoice
    ? ([...reading.sources.map((s) => s.source), ...(reading.metrics[0]?.sources ?? [])].find((s) =>
        sourceChoice.values.includes(s),
      ) ?? sourceChoice.fallback)
    : null;
  if (sourceChoice && source) inputs[sourceChoice.key] = source;
  const def = source && isSource(source) ? GOOGLE_SOURCE_DEFS[source as GoogleSource] : null;
  const fieldOf = (key: string) =>
    !def || def.metrics.some((m) => m.key === key) || def.dimensions.some((d) => d.key === key);
  const named = [...reading.metrics, ...reading.dimensions].map((field) => field.key);
  for (const choice of offer.choices) {
    if (choice === sourceChoice) continue;
    const chosen = named.filter((key) => choice.values.includes(key) && fieldOf(key));
    if (chosen.length > 0) {
      inputs[choice.key] = choice.multiple ? [...new Set(chosen)].join(';') : chosen[0];
    } else if (!choice.multiple && choice.fallback && !fieldOf(choice.fallback)) {
      // The default belongs to another source ("channel" for Search Console): the first that fits.
      const fits = choice.values.find(fieldOf);
      if (fits) inputs[choice.key] = fits;
    }
  }
  return { kind: 'function', tool: offer.tool, name: offer.name, inputs, reading };
}

/** A dataset's own columns named in the question, by their names or keys. */
function planDataset(question: string, reading: QuestionReading, def: SourceDef): Plan {
  const text = question.toLowerCase();
  const named = (label: string, key: string) =>
    text.includes(label.toLowerCase()) || text.includes(key.replace(/_/g, ' ')) || text.includes(key);
  const metrics = def.metrics.filter((m) => m.key !== 'rows' && named(m.label, m.key)).map((m) => m.key);
  if (/\brows\b|行数|多少行|记录数/.test(text)) metrics.push('rows');
  if (metrics.length === 0) return { kind: 'refuse', reason: 'no_metric', reading };
  const dimensions = [
    ...reading.dimensions.filter((d) => TIME_GRAINS.has(d.key)).map((d) => d.key),
    ...def.dimensions.filter((d) => !TIME_GRAINS.has(d.key) && named(d.label, d.key)).map((d) => d.key),
  ].slice(0, 4);
  const grain = dimensions.find((d) => TIME_GRAINS.has(d));
  const first = metrics[0] as string;
  const query: AnalyticsQueryInput = {
    source: def.source,
    metrics,
    dimensions,
    date_range: reading.range ?? 'last_365_days',
    ...(reading.compare ? { compare: reading.compare } : {}),
    order:
      reading.top !== null
        ? [{ field: first, direction: reading.top.direction }]
        : grain
          ? [{ field: grain, direction: 'asc' }]
          : dimensions.length
            ? [{ field: first, direction: 'desc' }]
            : [],
    limit: reading.top?.n ?? (grain ? 1000 : 100),
  };
  return {
    kind: 'query',
    queries: [{ query, chart: chartFor(dimensions, metrics, reading.compare !== null) }],
    reading,
    // A file's rows may be a year old: without a range, its last year.
    defaultRange: reading.range === null ? 'last_365_days' : null,
  };
}
