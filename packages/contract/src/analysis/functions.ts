import { z } from 'zod';
import { zFieldKey, zSourceRef } from '../analytics/query';
import { zChartIntent } from '../chat/chart';
import { zFilterItem } from '../list';
import { zCompareMode, zInputParameter } from './parameters';

/**
 * AI functions as data (ARCHITECTURE section 8, Functions): the unit of AI work a user runs and
 * pays for, stored in tables, not code. A definition names the function in the four languages,
 * declares its input parameters (spec section 3), the sources it needs, and a workflow of typed
 * steps: query the store through the query model, compute over the result, prompt a model, and
 * render what the user sees. Every change is a new version; a run records the version it used.
 */

/** `analysis.<name>` or `ai_table.<name>`. */
export const zAiFunctionKey = z.string().regex(/^(analysis|ai_table)\.[a-z0-9_]{1,40}$/, {
  message: 'A function key: analysis.<name> or ai_table.<name>',
});

export const zLocalizedText = z.object({
  en_US: z.string().min(1),
  zh_CN: z.string().min(1),
  zh_HK: z.string().min(1),
  fr_FR: z.string().min(1),
});
export type LocalizedText = z.infer<typeof zLocalizedText>;

/** A place in a step that takes a parameter's value instead of a fixed one. */
export const zParamRef = z.object({ $param: z.string().regex(/^[a-z][a-z0-9_]{0,39}$/) });
export type ParamRef = z.infer<typeof zParamRef>;
const orParam = <T extends z.ZodType>(schema: T) => z.union([schema, zParamRef]);

const zStepId = z.string().regex(/^[a-z][a-z0-9_]{0,39}$/);

/**
 * Query the store with the query model. The date parameter gives `date_range` and `compare`;
 * `user_filters` appends the filter builder's items of the run; a `$param` anywhere takes a value.
 */
export const zQueryStep = z.object({
  type: z.literal('query'),
  id: zStepId,
  source: orParam(zSourceRef),
  metrics: orParam(z.array(orParam(zFieldKey)).min(1)),
  dimensions: z.array(orParam(zFieldKey)).max(4).default([]),
  filters: z.array(zFilterItem).max(30).default([]),
  /** Filter items built from parameters (`{ field, operator, value: { $param } }`), dropped when blank. */
  param_filters: z
    .array(z.object({ field: zFieldKey, operator: zFilterItem.shape.operator, value: zParamRef }))
    .max(10)
    .default([]),
  user_filters: z.boolean().default(false),
  /** The date parameter's key. */
  date: z.string(),
  /** A comparison the function always makes, when the date parameter does not choose one. */
  compare: zCompareMode.optional(),
  order: z
    .array(z.object({ field: orParam(zFieldKey), direction: z.enum(['asc', 'desc']) }))
    .max(4)
    .default([]),
  limit: orParam(z.number().int().min(1).max(10_000)).default(100),
});

/**
 * Compute over a query's result: rank it, keep the largest rises and falls between the two
 * ranges, keep the rows whose change passes a threshold, or find search queries whose CTR is
 * below what their position earns elsewhere. Comparing periods is the query step's `compare`
 * (the query model's value, previous, change and change %), not a second computation.
 */
export const zComputeStep = z.discriminatedUnion('op', [
  z.object({
    type: z.literal('compute'),
    id: zStepId,
    input: zStepId,
    op: z.literal('rank'),
    by: orParam(zFieldKey),
    direction: z.enum(['asc', 'desc']).default('desc'),
    limit: orParam(z.number().int().min(1).max(10_000)).optional(),
  }),
  z.object({
    type: z.literal('compute'),
    id: zStepId,
    input: zStepId,
    op: z.literal('top_movers'),
    by: orParam(zFieldKey),
    limit: orParam(z.number().int().min(1).max(100)),
  }),
  z.object({
    type: z.literal('compute'),
    id: zStepId,
    input: zStepId,
    op: z.literal('detect_changes'),
    by: orParam(zFieldKey),
    threshold_pct: orParam(z.number().min(0).max(10_000)),
  }),
  z.object({
    type: z.literal('compute'),
    id: zStepId,
    input: zStepId,
    op: z.literal('ctr_gap'),
    limit: orParam(z.number().int().min(1).max(10_000)).optional(),
  }),
]);

/** Prompt a model (or the offline analyst) with results; it answers in the reader's language. */
export const zPromptStep = z.object({
  type: z.literal('prompt'),
  id: zStepId,
  inputs: z.array(zStepId).min(1),
  instruction: z.string().min(1).max(4000),
  output: z.literal('markdown'),
});

/** What the user sees, in order: a step's result as a table, a chart (from an intent), markdown or a file. */
export const zRenderStep = z.object({
  type: z.literal('render'),
  id: zStepId,
  input: zStepId,
  as: z.enum(['table', 'chart', 'markdown', 'file']),
  chart: zChartIntent
    .extend({ x: orParam(z.string()), series: z.array(orParam(z.string())).min(1).max(6) })
    .optional(),
  /** The heading shown above the part (English; translated for the reader). */
  title: z.string().max(200).optional(),
  file: z.enum(['csv', 'xlsx']).optional(),
});

export const zWorkflowStep = z.union([zQueryStep, zComputeStep, zPromptStep, zRenderStep]);
export type WorkflowStep = z.infer<typeof zWorkflowStep>;
export type QueryStep = z.infer<typeof zQueryStep>;
export type ComputeStep = z.infer<typeof zComputeStep>;
export type PromptStep = z.infer<typeof zPromptStep>;
export type RenderStep = z.infer<typeof zRenderStep>;

export const FUNCTION_SOURCES = ['ga', 'gsc', 'gads', 'file'] as const;

export const zFunctionDefinition = z.object({
  key: zAiFunctionKey,
  name: zLocalizedText,
  description: zLocalizedText,
  /** English texts; labels, placeholders and option names are translated through the catalogue. */
  parameters: z.array(zInputParameter).max(30),
  sources: z.array(z.enum(FUNCTION_SOURCES)).min(1),
  steps: z.array(zWorkflowStep).min(1).max(40),
  /**
   * Words a chat question uses to ask for this function, in any language ("wasted spend", "浪费"):
   * the offline assistant offers the function when a question holds one (a real model reads the
   * description). Matched case-insensitively.
   */
  chat_phrases: z.array(z.string().trim().min(2).max(60)).max(30).optional(),
});
export type FunctionDefinition = z.infer<typeof zFunctionDefinition>;
