import type { FunctionDefinition } from '@app/contract/analysis/functions';
import { COMPARE_MODES, type InputParameter } from '@app/contract/analysis/parameters';
import { QUICK_RANGES } from '@app/contract/analytics/query';
import type { AgColumnDef, ReplyPart } from '@app/contract/chat/parts';
import { zFilterItem } from '@app/contract/list';
import { type Schema, type Tool, tool } from 'ai';
import { z } from 'zod';
import type { SignedInContext } from '../../platform/endpoint';
import type { Platform } from '../../platform/platform';
import { say } from '../../platform/say';
import type {
  FunctionRunSummary,
  FunctionTools,
  OfferedFunction,
  ToolSink,
} from '../chat/assistant/function-tools';
import { fixedToolSchema } from '../chat/assistant/tool-schema';
import { explainToolError } from '../chat/assistant/tools';
import { functionsWithAccess, runFunction } from './analysis.service';

/**
 * The analysis functions the team's plan allows, as the assistant's tools (issue 24, Tools): a
 * tool per function, its inputs the function's own parameters (fixed ones left out: they always
 * hold), run by the analysis runner exactly as the analysis page runs it. So a function asked for
 * in chat is metered at its own price under its own hold, checked by the same parameter rule, kept
 * in the analysis history, and every figure it shows comes from its queries. The reply shows the
 * run's parts and where the run is kept; the model reads back a compact summary.
 */

/** Rows of each table a model reads back. */
const ROWS_FOR_MODEL = 20;

export const toolNameOf = (key: string) => key.replace('.', '_');

/** The parameter's value as a model writes it, described in the model's terms. */
function valueSchema(param: InputParameter): z.ZodType {
  const data = param.input_data;
  const fallback = data.default !== undefined ? ` Default: ${JSON.stringify(data.default)}.` : '';
  const about = `${param.name}.${fallback}`;
  const values = (data.options ?? []).map((o) => o.value);
  switch (data.type) {
    case 'date':
      return z
        .object({
          range: z
            .string()
            .optional()
            .describe(`A quick range: ${QUICK_RANGES.join(', ')} or last_N_days`),
          startDate: z.string().optional().describe('YYYY-MM-DD, with endDate, instead of range'),
          endDate: z.string().optional(),
          ...(data.compare
            ? {
                compare: z.enum(COMPARE_MODES).optional().describe('Compare with: yoy, mom or preceding'),
                compareStartDate: z.string().optional(),
                compareEndDate: z.string().optional(),
              }
            : {}),
        })
        .describe(about);
    case 'int':
    case 'float': {
      const bounds = [
        data.min !== undefined ? `at least ${data.min}` : '',
        data.max !== undefined ? `at most ${data.max}` : '',
      ]
        .filter(Boolean)
        .join(', ');
      return z.number().describe(`${about}${bounds ? ` ${bounds}.` : ''}`);
    }
    case 'bool':
      return z.boolean().describe(about);
    case 'option':
      return z.string().describe(`${about} One of: ${values.join(', ')}.`);
    case 'check_list':
      return z.string().describe(`${about} One or more of ${values.join(', ')}, separated by ";".`);
    case 'list':
      return z.array(z.string()).describe(about);
    default:
      return z.string().describe(about);
  }
}

/** The tool's input: the parameters (each may be left out for its default) and optional filters. */
export function inputSchemaOf(definition: FunctionDefinition): z.ZodType<ToolInput> {
  const open = definition.parameters.filter((p) => p.input_data.fixed === undefined);
  return z.object({
    inputs: z
      .object(Object.fromEntries(open.map((p) => [p.key, valueSchema(p).optional()])))
      .optional()
      .describe('The function inputs; leave one out to use its default'),
    filters: z
      .array(zFilterItem)
      .max(20)
      .optional()
      .describe(
        'Optional filters on the rows the function reads: field, operator, value, connect_pre_filter',
      ),
  });
}

interface ToolInput {
  inputs?: Record<string, unknown>;
  filters?: z.infer<typeof zFilterItem>[];
}

/**
 * A version's tool input, built once (versions never change): making the schema and its JSON
 * schema for six functions took about 7 ms on every message (bench:chat).
 */
const toolInputs = new Map<string, Schema<ToolInput>>();
function toolInputOf(definition: FunctionDefinition, version: number): Schema<ToolInput> {
  const id = `${definition.key}@${version}`;
  let schema = toolInputs.get(id);
  if (!schema) {
    schema = fixedToolSchema(inputSchemaOf(definition));
    if (toolInputs.size > 1000) toolInputs.clear();
    toolInputs.set(id, schema);
  }
  return schema;
}

/** What a model reads back from a run: its summary and the first rows of each table. */
function summaryOf(
  run: { id: string; function_name: string; version: number; credits: number | null },
  parts: ReplyPart[],
): FunctionRunSummary {
  const flat = (defs: AgColumnDef[]): AgColumnDef[] =>
    defs.flatMap((d) => (d.children ? flat(d.children) : [d]));
  const tables = parts.flatMap((part) =>
    part.type === 'ag_table'
      ? [
          {
            result_id: part.result_id,
            columns: flat(part.columnDefs).map((c) => ({
              field: c.field,
              header: c.headerName,
              range: c.range,
            })),
            rows: part.rowData.slice(0, ROWS_FOR_MODEL),
            row_count: part.rowData.length,
            ranges: part.ranges,
          },
        ]
      : [],
  );
  return {
    function: run.function_name,
    run_id: run.id,
    version: run.version,
    credits: run.credits ?? 0,
    summary: parts
      .flatMap((part) => (part.type === 'content' ? [part.content] : []))
      .join('\n\n')
      .slice(0, 4000),
    tables,
  };
}

/** How a question fills a function's inputs: its date and its option lists. */
function offerOf(definition: FunctionDefinition, ctx: SignedInContext): OfferedFunction {
  const open = definition.parameters.filter((p) => p.input_data.fixed === undefined);
  const date = open.find((p) => p.input_data.type === 'date');
  return {
    tool: toolNameOf(definition.key),
    key: definition.key,
    name: definition.name[ctx.locale],
    phrases: (definition.chat_phrases ?? []).map((phrase) => phrase.toLowerCase()),
    date: date ? { key: date.key, compare: date.input_data.compare === true } : null,
    choices: open.flatMap((p) =>
      p.input_data.type === 'option' || p.input_data.type === 'check_list'
        ? [
            {
              key: p.key,
              multiple: p.input_data.type === 'check_list',
              values: (p.input_data.options ?? []).map((o) => o.value),
              fallback: typeof p.input_data.default === 'string' ? p.input_data.default : null,
            },
          ]
        : [],
    ),
  };
}

export async function analysisChatTools(
  platform: Platform,
  ctx: SignedInContext,
  sink: ToolSink,
): Promise<FunctionTools> {
  const functions = (await functionsWithAccess(platform, ctx.team.id)).filter((fn) => fn.allowed);
  const tools: Record<string, Tool> = {};
  for (const { definition, version, price } of functions) {
    tools[toolNameOf(definition.key)] = tool({
      description: `${definition.description.en_US} A run costs ${price} credits and is kept in the team's analysis history; it shows its own tables and charts to the user.`,
      inputSchema: toolInputOf(definition, version),
      execute: async (input) => {
        try {
          const work = runFunction(platform, ctx, {
            function_key: definition.key,
            inputs: (input.inputs ?? {}) as Record<string, unknown>,
            filters: input.filters ?? [],
          });
          sink.running(work);
          const run = await work;
          sink.charged(run.credits ?? 0);
          sink.emit([
            ...run.parts,
            {
              type: 'content',
              content: say(ctx.t, 'Kept in the analysis history: [{{name}}]({{link}})', {
                name: run.function_name,
                link: `/ai-table/analysis?run=${encodeURIComponent(run.id)}`,
              }),
            },
          ]);
          return summaryOf(run, run.parts);
        } catch (error) {
          return explainToolError(error);
        }
      },
    });
  }
  return { tools, offers: functions.map(({ definition }) => offerOf(definition, ctx)) };
}
