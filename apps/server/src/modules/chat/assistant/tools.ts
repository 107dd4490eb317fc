import {
  type AnalyticsQuery,
  type KeptResult,
  type ResultColumn,
  zAnalyticsQuery,
} from '@app/contract/analytics/query';
import { zChartIntent } from '@app/contract/chat/chart';
import type { ReplyPart } from '@app/contract/chat/parts';
import { type ToolSet, tool } from 'ai';
import { z } from 'zod';
import { AppError } from '../../../platform/app-error';
import type { SignedInContext } from '../../../platform/endpoint';
import type { Platform } from '../../../platform/platform';
import { queryAnalytics } from '../../analytics/analytics.service';
import { buildChart } from '../build-chart';
import { agTablePart } from '../result-parts';
import { runModelSql } from './model-sql';
import { fixedToolSchema } from './tool-schema';

/**
 * The assistant's tools (ARCHITECTURE section 8, Chat), the same for a real model and for the
 * offline analyst: `query_analytics` asks the query model (the one query path; its result is kept
 * and every figure of the reply comes from it) and names the chart to draw, which the server
 * builds or refuses; `run_sql` runs read-only SQL over the team's own store in the sandbox, for
 * what the query model cannot say. Each tool sends its reply parts (grid, chart, SQL) to the
 * page as it finishes and answers the model a compact summary to comment on.
 */

export const QUERY_TOOL = 'query_analytics';
export const SQL_TOOL = 'run_sql';

export const zQueryToolInput = zAnalyticsQuery.extend({
  chart: zChartIntent
    .optional()
    .describe('How to draw the result: bar or line, the x column and the metric columns'),
});

/** The tools' inputs, their JSON schemas made once for every message (tool-schema.ts). */
const QUERY_TOOL_INPUT = fixedToolSchema(zQueryToolInput);
const SQL_TOOL_INPUT = fixedToolSchema(z.object({ sql: z.string().min(1).max(20_000) }));

/** How a summary says a chart asked for was refused, before the reason. */
export const NOT_SHOWN = 'not shown: ';

/** Rows a model reads back from a result (the page shows them all). */
const ROWS_FOR_MODEL = 30;

export interface ToolSummary {
  result_id: string;
  columns: Pick<ResultColumn, 'key' | 'label' | 'type' | 'unit' | 'role'>[];
  rows: KeptResult['rows'];
  row_count: number;
  truncated: boolean;
  ranges: KeptResult['ranges'];
  demo: boolean;
  /** `shown`, or why the chart asked for was not drawn (the table stands alone). */
  chart: string;
}

export interface ToolError {
  error: string;
}

/** Where a tool's parts go: the live stream and the message being written. */
export type EmitParts = (parts: ReplyPart[]) => void;

export function summarize(result: KeptResult, chart: string): ToolSummary {
  return {
    result_id: result.result_id,
    columns: result.columns.map(({ key, label, type, unit, role }) => ({ key, label, type, unit, role })),
    rows: result.rows.slice(0, ROWS_FOR_MODEL),
    row_count: result.rows.length,
    truncated: result.truncated || result.rows.length > ROWS_FOR_MODEL,
    ranges: result.ranges,
    demo: result.freshness.some((f) => f.demo),
    chart,
  };
}

/** A refusal the model can read and correct: the message, and each field's own (other errors throw). */
export function explainToolError(error: unknown): ToolError {
  if (error instanceof AppError) {
    const fields = Object.entries(error.extras.fields ?? {}).map(
      ([field, message]) => `${field}: ${message}`,
    );
    return { error: [error.message, ...fields].filter(Boolean).join('; ') };
  }
  if (error instanceof z.ZodError) {
    return { error: error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ') };
  }
  throw error;
}

export function assistantTools(
  platform: Platform,
  ctx: SignedInContext,
  emit: EmitParts,
  options: { sql: boolean },
): ToolSet {
  const queryTool = tool({
    description:
      'Query the analytics store with the query model: source (ga, gsc, gads or dataset:<id>), metrics, dimensions, filters, date_range (a quick range or {start,end}), compare (yoy, mom, preceding or {start,end}), order, limit; beside (metrics of another Google source on the same rows, for a query with one dimension both share: ga landing_page with gsc page, or a time grain) answers two sources in one table. Every figure in your answer must come from a result of this tool. Optionally name a chart (bar over categories, line over dates) by the result columns.',
    inputSchema: QUERY_TOOL_INPUT,
    execute: async (input): Promise<ToolSummary | ToolError> => {
      const { chart: intent, ...query } = input;
      let result: KeptResult;
      let asked: AnalyticsQuery;
      try {
        asked = zAnalyticsQuery.parse(query);
        result = await queryAnalytics(platform, ctx, asked);
      } catch (error) {
        return explainToolError(error);
      }
      const parts: ReplyPart[] = [agTablePart(result, asked, ctx.t)];
      let chart = 'not asked for';
      if (intent) {
        const built = buildChart(result, intent, ctx.t);
        chart = built.ok ? 'shown' : `${NOT_SHOWN}${built.reason}`;
        if (built.ok) {
          parts.push({
            type: 'ag_chart',
            options: built.options,
            result_id: result.result_id,
            query: asked,
            ranges: result.ranges,
            freshness: result.freshness,
          });
        }
      }
      parts.push({ type: 'sql', statements: result.sql_runnable, result_id: result.result_id });
      emit(parts);
      return summarize(result, chart);
    },
  });
  if (!options.sql) return { [QUERY_TOOL]: queryTool };
  const sqlTool = tool({
    description:
      "Run one read-only SQL statement (SELECT or WITH, DuckDB dialect) over the team's own analytics store (tables ga_daily, gsc_daily, gads_daily and dataset tables) when the query model cannot say it. Rows are capped; nothing outside the team's store can be read.",
    inputSchema: SQL_TOOL_INPUT,
    execute: async ({ sql }) => {
      try {
        const answer = await runModelSql(platform, ctx, sql);
        emit(answer.parts);
        return answer.summary;
      } catch (error) {
        return explainToolError(error);
      }
    },
  });
  return { [QUERY_TOOL]: queryTool, [SQL_TOOL]: sqlTool };
}
