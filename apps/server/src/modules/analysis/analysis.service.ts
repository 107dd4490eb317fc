import { randomUUID } from 'node:crypto';
import type { FilterOptionDef } from '@app/contract/analysis/filter-options';
import { type FunctionDefinition, zFunctionDefinition } from '@app/contract/analysis/functions';
import {
  checkParameterValues,
  type InputParameter,
  REQUIRED_PARAMETERS_MESSAGE,
} from '@app/contract/analysis/parameters';
import type { AnalysisFunction, AnalysisRun, RunSummary } from '@app/contract/analysis/runs';
import { COMPARE_LABELS, rangeLabelOf } from '@app/contract/analytics/date-ranges';
import type { GoogleSource } from '@app/contract/analytics/query';
import { CHAT_TITLE_MAX } from '@app/contract/chat/chats';
import type { ReplyPart } from '@app/contract/chat/parts';
import type { FilterItem } from '@app/contract/list';
import { AppError } from '../../platform/app-error';
import { mapSource } from '../../platform/cache-registry';
import type { SignedInContext } from '../../platform/endpoint';
import { toSeconds } from '../../platform/list-query';
import type { Platform } from '../../platform/platform';
import { say, type Translate } from '../../platform/say';
import { GOOGLE_SOURCE_DEFS } from '../analytics/sources';
import { activeModel } from '../chat/assistant/providers';
import { insertChat, insertExchange } from '../chat/chats.service';
import {
  callerOf,
  keepReservationAlive,
  LIVE_LEASE_SECONDS,
  NOT_IN_PLAN,
  planFunctionKeys,
  releaseCredits,
  reserveCredits,
  settleCredits,
} from '../credits/credits.service';
import { currentPrices } from '../credits/price-table';
import { costOfCall } from '../credits/prices.service';
import { currentFunction, currentFunctions } from './current-functions';
import { lookupFuncCache } from './func-cache.service';
import { runWorkflow } from './run-workflow';
import {
  deleteRun,
  findVisibleRun,
  finishRun,
  insertRun,
  listVisibleRuns,
  type RunRow,
  setRunShared,
} from './runs.repo';
import { summaryWriter } from './write-summary';

/**
 * The analysis runner (issue 25): the functions a team can run, a run metered and kept, and the
 * history. A run holds its estimate under its own id before any query (INSUFFICIENT_CREDITS or
 * FORBIDDEN answered before work), settles what it really cost (the function's price and the
 * summary's tokens at the model's price), and releases the hold if it fails. Inputs the form
 * would refuse are refused here by the same rule, naming the field, and nothing is kept.
 */

const AREA = 'analysis';
/** What a summary may use at most, for the hold (a real model's; the offline analyst uses none). */
const ESTIMATE_TOKENS = { input: 20_000, output: 1_500 };
export const RUN_NOT_FOUND = 'No such run';

/**
 * Definitions by key and version, parsed once: a version never changes (each edit is a new one),
 * and parsing the six built-ins took about 4 ms, on every chat message that offers them.
 */
const parsedDefinitions = new Map<string, FunctionDefinition>();
/** The parsed definitions on the admin's data-cache page (`function@version`). */
export const parsedDefinitionsCache = () =>
  mapSource(parsedDefinitions, {
    name: 'analysis:definitions',
    label: (key, definition) => `${key} · ${definition.steps.length} steps`,
  });
const definitionOf = (row: { key: string; version: number; definition: unknown }): FunctionDefinition => {
  const id = `${row.key}@${row.version}`;
  let definition = parsedDefinitions.get(id);
  if (!definition) {
    definition = zFunctionDefinition.parse(row.definition);
    if (parsedDefinitions.size > 1000) parsedDefinitions.clear();
    parsedDefinitions.set(id, definition);
  }
  return definition;
};

function translated(param: InputParameter, t: Translate): InputParameter {
  const data = param.input_data;
  return {
    ...param,
    alias: t(param.alias),
    name: t(param.name),
    input_data: {
      ...data,
      label: t(data.label),
      ...(data.placeholder ? { placeholder: t(data.placeholder) } : {}),
      ...(data.options
        ? { options: data.options.map((o) => ({ value: o.value, display: t(o.display) })) }
        : {}),
    },
  };
}

const FILTER_TEXT_OPERATORS = ['eq', 'ne', 'contains', 'not_contains', 'in', 'not_in'] as const;
const FILTER_NUMBER_OPERATORS = ['gt', 'gte', 'lt', 'lte', 'eq', 'ne', 'between'] as const;

/**
 * What the filter builder offers for a function: each Google source it reads, its text
 * dimensions (text operators) and its metrics (compared as the figures are shown: money in
 * currency units, percentages 0 to 100).
 */
export function filterOptions(definition: FunctionDefinition, t: Translate): FilterOptionDef[] {
  const sources = definition.sources.filter((s): s is GoogleSource => s !== 'file');
  const several = sources.length > 1;
  return sources.flatMap((source) => {
    const def = GOOGLE_SOURCE_DEFS[source];
    const prefix = several ? `${t(def.label)} · ` : '';
    const dimensions = def.dimensions.filter((d) => d.type === 'text');
    return [
      {
        category: `${prefix}${t('Dimensions')}`,
        fields: dimensions.map((d) => ({ field: d.key, name: t(d.label) })),
        operators: [...FILTER_TEXT_OPERATORS],
        filter_value_type: 'string' as const,
      },
      {
        category: `${prefix}${t('Metrics')}`,
        fields: def.metrics.map((m) => ({ field: m.key, name: t(m.label) })),
        operators: [...FILTER_NUMBER_OPERATORS],
        filter_value_type: 'float' as const,
      },
    ].filter((option) => option.fields.length > 0);
  });
}

export interface FunctionAccess {
  definition: FunctionDefinition;
  version: number;
  /** Credits a run costs (its own price, else the area's). */
  price: number;
  /** The team's plan allows it (by its key or by the area). */
  allowed: boolean;
}

/** The analysis functions in use, with their price and whether the team's plan allows each. */
export async function functionsWithAccess(platform: Platform, teamId: string): Promise<FunctionAccess[]> {
  const [rows, allowedKeys, prices] = await Promise.all([
    currentFunctions(platform, AREA),
    planFunctionKeys(platform.db, teamId),
    currentPrices(platform),
  ]);
  const priceOf = new Map([...prices.functions.values()].map((p) => [p.functionKey, p.credits]));
  return rows.map((row) => {
    const definition = definitionOf(row);
    return {
      definition,
      version: row.version,
      price: priceOf.get(definition.key) ?? priceOf.get(AREA) ?? 0,
      allowed: allowedKeys.has(definition.key) || allowedKeys.has(AREA),
    };
  });
}

export async function listFunctions(platform: Platform, ctx: SignedInContext): Promise<AnalysisFunction[]> {
  const functions = await functionsWithAccess(platform, ctx.team.id);
  return functions.map(({ definition, version, price, allowed }) => ({
    key: definition.key,
    version,
    name: definition.name[ctx.locale],
    description: definition.description[ctx.locale],
    sources: definition.sources,
    parameters: definition.parameters.map((p) => translated(p, ctx.t)),
    filters: filterOptions(definition, ctx.t),
    price,
    allowed,
  }));
}

function toSummary(
  row: Omit<RunRow, 'parts'>,
  userName: string,
  ctx: SignedInContext,
  name: string,
): RunSummary {
  return {
    id: row.id,
    function_key: row.functionKey,
    function_name: name,
    version: row.version,
    inputs: row.inputs as RunSummary['inputs'],
    filters: row.filters as FilterItem[],
    status: row.status as RunSummary['status'],
    credits: row.credits,
    model: row.model,
    error: row.error,
    shared: row.shared,
    mine: row.userId === ctx.user.id,
    user_name: userName,
    creation_time: toSeconds(row.createdAt),
    finish_time: row.finishedAt ? toSeconds(row.finishedAt) : null,
  };
}

/** Function names in the reader's language, for runs of any version. */
async function namesOf(platform: Platform, ctx: SignedInContext): Promise<Map<string, string>> {
  const rows = await currentFunctions(platform, AREA);
  return new Map(rows.map((row) => [row.key, definitionOf(row).name[ctx.locale]]));
}

export async function runFunction(
  platform: Platform,
  ctx: SignedInContext,
  body: { function_key: string; inputs: Record<string, unknown>; filters: FilterItem[] },
): Promise<AnalysisRun & { cached?: { age_seconds: number } }> {
  const row = await currentFunction(platform, AREA, body.function_key);
  // An AI-table function is not run here: only the analysis area's.
  const analysisRow = row?.key.startsWith(`${AREA}.`) ? row : null;
  if (!analysisRow) {
    throw new AppError('VALIDATION_ERROR', { fields: { function_key: 'No such analysis function' } });
  }
  const definition = definitionOf(analysisRow);
  const checked = checkParameterValues(definition.parameters, body.inputs);
  const errors = Object.entries(checked.errors);
  if (errors.length > 0) {
    // A refusal naming a number (`At least {{min}}`) is said in the reader's language here.
    const said = errors.map(([key, message]): [string, string] => [
      key,
      say(ctx.t, message, checked.errorValues[key] ?? {}),
    ]);
    throw new AppError('VALIDATION_ERROR', {
      msg: checked.incomplete ? REQUIRED_PARAMETERS_MESSAGE : said[0]?.[1],
      fields: Object.fromEntries(said.map(([key, message]) => [`inputs.${key}`, message])),
    });
  }

  const active = await activeModel(platform);
  // The function cache (issue 28 item 2), when switched on for this function: the same question
  // on the same data answers with the kept parts, for 0 credits, still only within the plan.
  const cache = await lookupFuncCache(platform, ctx, {
    functionKey: definition.key,
    version: analysisRow.version,
    inputs: checked.values,
    filters: body.filters,
    model: active.id,
  });
  if (cache?.hit) {
    const allowedKeys = await planFunctionKeys(platform.db, ctx.team.id);
    if (!allowedKeys.has(definition.key) && !allowedKeys.has(AREA)) {
      throw new AppError('FORBIDDEN', { msg: NOT_IN_PLAN });
    }
    const now = new Date();
    const kept = {
      id: randomUUID(),
      teamId: ctx.team.id,
      userId: ctx.user.id,
      functionKey: definition.key,
      version: analysisRow.version,
      inputs: checked.values,
      filters: body.filters,
      status: 'succeeded',
      parts: cache.hit.parts,
      model: cache.hit.model,
      credits: 0,
      error: null,
      createdAt: now,
      finishedAt: now,
    };
    await insertRun(platform.db, kept);
    return {
      ...toSummary({ ...kept, shared: false }, ctx.user.name, ctx, definition.name[ctx.locale]),
      parts: cache.hit.parts,
      cached: { age_seconds: cache.hit.ageSeconds },
    };
  }
  const remote = active.kind === 'remote';
  const estimate = await costOfCall(platform, {
    functionKey: definition.key,
    model: active.id,
    inputTokens: remote ? ESTIMATE_TOKENS.input : 0,
    outputTokens: remote ? ESTIMATE_TOKENS.output : 0,
  });
  const id = randomUUID();
  const reservation = await reserveCredits(platform, callerOf(ctx), {
    functionKey: definition.key,
    estimate: Math.max(1, estimate.credits),
    model: active.id,
    key: `analysis:${id}`,
    leaseSeconds: LIVE_LEASE_SECONDS,
  });
  const stopLease = keepReservationAlive(platform, reservation);
  const now = new Date();
  const base = {
    id,
    teamId: ctx.team.id,
    userId: ctx.user.id,
    functionKey: definition.key,
    version: analysisRow.version,
    inputs: checked.values,
    filters: body.filters,
    createdAt: now,
  };
  await insertRun(platform.db, { ...base, status: 'running' });

  const writer = summaryWriter(active, ctx);
  let parts: ReplyPart[];
  try {
    parts = await runWorkflow(platform, ctx, definition, checked.values, body.filters, writer.write);
  } catch (error) {
    stopLease();
    await releaseCredits(platform, reservation).catch(() => undefined);
    // Inputs the store refuses (a field the source lacks, a filter it cannot read) change nothing.
    if (error instanceof AppError && (error.code === 'VALIDATION_ERROR' || error.code === 'NOT_FOUND')) {
      await deleteRun(platform.db, id);
      throw error;
    }
    const message = error instanceof Error ? error.message : String(error);
    await finishRun(platform.db, id, {
      status: 'failed',
      parts: [],
      model: writer.model,
      credits: null,
      error: message,
    });
    throw new AppError('SERVER_ERROR', { msg: 'The analysis could not be completed; nothing was charged' });
  }
  stopLease();
  const used = writer.used();
  const cost = await costOfCall(platform, {
    functionKey: definition.key,
    model: writer.model,
    inputTokens: used.inputTokens,
    outputTokens: used.outputTokens,
  });
  const settlement = await settleCredits(platform, reservation, {
    credits: cost.credits,
    model: writer.model,
    inputTokens: used.inputTokens,
    outputTokens: used.outputTokens,
  });
  const finished = {
    status: 'succeeded',
    parts,
    model: writer.model,
    credits: settlement.charged,
    error: null,
  };
  await finishRun(platform.db, id, finished);
  // A result that could not be kept is still the answer.
  await cache?.store(parts, writer.model).catch(() => undefined);
  return {
    ...toSummary(
      { ...base, ...finished, shared: false, finishedAt: new Date() },
      ctx.user.name,
      ctx,
      definition.name[ctx.locale],
    ),
    parts,
  };
}

export async function listRuns(
  platform: Platform,
  ctx: SignedInContext,
  query: { function_key?: string; page: number; page_size: number },
) {
  const [{ rows, total }, names] = await Promise.all([
    listVisibleRuns(platform.db, ctx.team.id, ctx.user.id, query),
    namesOf(platform, ctx),
  ]);
  return {
    items: rows.map(({ run, userName }) =>
      toSummary(run, userName, ctx, names.get(run.functionKey) ?? run.functionKey),
    ),
    total,
  };
}

export async function getRun(platform: Platform, ctx: SignedInContext, id: string): Promise<AnalysisRun> {
  const [found, names] = await Promise.all([
    findVisibleRun(platform.db, ctx.team.id, ctx.user.id, id),
    namesOf(platform, ctx),
  ]);
  if (!found) throw new AppError('NOT_FOUND', { msg: RUN_NOT_FOUND });
  const { run, userName } = found;
  return {
    ...toSummary(run, userName, ctx, names.get(run.functionKey) ?? run.functionKey),
    parts: run.parts as ReplyPart[],
  };
}

export async function shareRun(platform: Platform, ctx: SignedInContext, id: string, shared: boolean) {
  const row = await setRunShared(platform.db, ctx.team.id, ctx.user.id, id, shared);
  if (!row) throw new AppError('NOT_FOUND', { msg: RUN_NOT_FOUND });
  const names = await namesOf(platform, ctx);
  return toSummary(row, ctx.user.name, ctx, names.get(row.functionKey) ?? row.functionKey);
}

/** The inputs as a line a reader follows: "Period: Last 30 days vs Same period last year; Metrics: …". */
function inputsLine(definition: FunctionDefinition, inputs: AnalysisRun['inputs'], t: Translate): string {
  return definition.parameters
    .flatMap((param) => {
      const value = inputs[param.key];
      if (value === undefined || value === null) return [];
      let shown: string;
      if (typeof value === 'object' && !Array.isArray(value)) {
        const range = value.range
          ? rangeLabelOf(value.range, (msgid, values) => say(t, msgid, values))
          : `${value.startDate} – ${value.endDate}`;
        const compare = value.compare
          ? t(COMPARE_LABELS[value.compare])
          : value.compareStartDate
            ? `${value.compareStartDate} – ${value.compareEndDate}`
            : null;
        shown = compare ? `${range} ${t('vs')} ${compare}` : range;
      } else {
        const options = new Map((param.input_data.options ?? []).map((o) => [o.value, t(o.display)]));
        const parts = Array.isArray(value)
          ? value
          : typeof value === 'string'
            ? value.split(';')
            : [String(value)];
        shown = parts.map((part) => options.get(part) ?? part).join(', ');
      }
      return [`${t(param.name)}: ${shown}`];
    })
    .join('; ');
}

/**
 * A run sent to a chat: a new chat of the caller's, titled by the function, whose question is
 * the function and its inputs and whose answer is the run's parts (already paid for: the chat
 * message costs nothing more). Follow-up questions then go on in that chat.
 */
export async function sendToChat(platform: Platform, ctx: SignedInContext, id: string) {
  const run = await getRun(platform, ctx, id);
  if (run.status !== 'succeeded') {
    throw new AppError('CONFLICT', { msg: 'Only a finished run can be sent to a chat' });
  }
  const row = await currentFunction(platform, AREA, run.function_key);
  const definition = row ? definitionOf(row) : null;
  const question = definition
    ? `${run.function_name} — ${inputsLine(definition, run.inputs, ctx.t)}`
    : run.function_name;
  const owner = { teamId: ctx.team.id, userId: ctx.user.id };
  const chatId = await platform.db.transaction(async (tx) => {
    const chat = await insertChat(tx, owner, run.function_name.slice(0, CHAT_TITLE_MAX));
    const now = Date.now();
    await insertExchange(
      tx,
      [
        {
          id: randomUUID(),
          chatId: chat.id,
          role: 'user',
          parts: [{ type: 'content', content: question }],
          status: 'done',
          model: null,
          createdAt: new Date(now),
        },
        {
          id: randomUUID(),
          chatId: chat.id,
          role: 'assistant',
          parts: run.parts,
          status: 'done',
          model: run.model,
          createdAt: new Date(now + 1),
        },
      ],
      { id: chat.id },
    );
    return chat.id;
  });
  return { chat_id: chatId };
}
