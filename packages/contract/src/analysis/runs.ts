import { z } from 'zod';
import { zReplyPart } from '../chat/parts';
import { zSeconds } from '../common';
import { defineEndpoint } from '../define-endpoint';
import { normalizePageSize, zFilterItem } from '../list';
import { zFilterOption } from './filter-options';
import { zAiFunctionKey } from './functions';
import { zInputParameter, zParamValue } from './parameters';

/**
 * The analysis runner (`/ai-table/analysis`, issue 25): pick a function, fill its form, run it.
 * A run is metered (its function's price plus a model's tokens), kept with the version and the
 * inputs it used, and answers the same typed parts a chat reply has (grid, chart, markdown,
 * SQL), each naming the kept result its figures came from.
 */

const tags = ['analysis'];

/** A function as the form needs it, in the reader's language. */
export const zAnalysisFunction = z.object({
  key: z.string(),
  version: z.number().int(),
  name: z.string(),
  description: z.string(),
  sources: z.array(z.string()),
  parameters: z.array(zInputParameter),
  /** What the filter builder offers: the fields of the function's first query's source. */
  filters: z.array(zFilterOption),
  /** Credits one run costs before any model tokens. */
  price: z.number().int(),
  /** The team's plan allows it (`plan_functions`); a run of a function not allowed is refused. */
  allowed: z.boolean(),
});
export type AnalysisFunction = z.infer<typeof zAnalysisFunction>;

export const listAnalysisFunctions = defineEndpoint({
  method: 'GET',
  path: '/api/analysis/functions',
  permission: 'signed_in',
  summary: 'The analysis functions, each with its parameters, filters, price and whether the plan allows it',
  tags,
  response: z.object({ items: z.array(zAnalysisFunction) }),
});

export const RUN_STATUSES = ['running', 'succeeded', 'failed'] as const;
export const zRunStatus = z.enum(RUN_STATUSES);

export const zRunSummary = z.object({
  id: z.string(),
  function_key: z.string(),
  function_name: z.string(),
  /** The version of the function the run used. */
  version: z.number().int(),
  inputs: z.record(z.string(), zParamValue),
  filters: z.array(zFilterItem),
  status: zRunStatus,
  /** Credits it cost once settled; null while running or when it failed (nothing is charged). */
  credits: z.number().int().nullable(),
  /** The model that wrote its summary ("offline" for the offline analyst). */
  model: z.string().nullable(),
  error: z.string().nullable(),
  /** Shared with the team: every member sees it in their history. */
  shared: z.boolean(),
  mine: z.boolean(),
  user_name: z.string(),
  creation_time: zSeconds,
  finish_time: zSeconds.nullable(),
});
export type RunSummary = z.infer<typeof zRunSummary>;

export const zAnalysisRun = zRunSummary.extend({ parts: z.array(zReplyPart) });
export type AnalysisRun = z.infer<typeof zAnalysisRun>;

export const zRunIdParams = z.object({ id: z.string().trim().min(1).max(64) });

export const runAnalysis = defineEndpoint({
  method: 'POST',
  path: '/api/analysis/runs',
  permission: 'signed_in',
  summary: 'Run an analysis function with its inputs and filters (metered; the run is kept)',
  tags,
  body: z.object({
    function_key: zAiFunctionKey,
    inputs: z.record(z.string(), zParamValue).default({}),
    filters: z.array(zFilterItem).max(30).default([]),
  }),
  response: z.object({
    run: zAnalysisRun,
    /** Present when the answer came from the function cache (0 credits): how old the kept result is. */
    cached: z.object({ age_seconds: z.number().int().nonnegative() }).optional(),
  }),
});

export const listAnalysisRuns = defineEndpoint({
  method: 'GET',
  path: '/api/analysis/runs',
  permission: 'signed_in',
  summary: 'My runs and those shared in the current team, newest first',
  tags,
  query: z.object({
    function_key: z.string().max(60).optional(),
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    /** Spec section 5: a custom size is made an absolute integer of at least 2 (1 becomes 2). */
    page_size: z.coerce.number().default(20).transform(normalizePageSize),
  }),
  response: z.object({ items: z.array(zRunSummary), total: z.number().int() }),
});

export const getAnalysisRun = defineEndpoint({
  method: 'GET',
  path: '/api/analysis/runs/{id}',
  permission: 'signed_in',
  summary: 'One run (mine, or shared in the team) with its parts',
  tags,
  params: zRunIdParams,
  response: z.object({ run: zAnalysisRun }),
});

export const shareAnalysisRun = defineEndpoint({
  method: 'PUT',
  path: '/api/analysis/runs/{id}/share',
  permission: 'signed_in',
  summary: 'Share my run with the team, or stop sharing it',
  tags,
  params: zRunIdParams,
  body: z.object({ shared: z.boolean() }),
  response: z.object({ run: zRunSummary }),
});

export const sendRunToChat = defineEndpoint({
  method: 'POST',
  path: '/api/analysis/runs/{id}/chat',
  permission: 'signed_in',
  summary: 'Start a chat holding the run: its inputs as the question, its parts as the answer',
  tags,
  params: zRunIdParams,
  response: z.object({ chat_id: z.string() }),
});
