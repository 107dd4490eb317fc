import type { ReplyPart } from '@app/contract/chat/parts';

/** Shared steps of the assistant's tests: a reply stream read as the web client reads it. */

export type Frame = { type: string; data?: unknown; delta?: string; errorText?: string };

export interface Cost {
  credits: number;
  model: string;
  input_tokens: number;
  output_tokens: number;
  status: string;
}

/** The SSE frames of a reply stream: its parts, its text and its cost frame. */
export function readFrames(body: string) {
  const frames: Frame[] = body
    .split('\n')
    .filter((line) => line.startsWith('data: ') && line !== 'data: [DONE]')
    .map((line) => JSON.parse(line.slice(6)) as Frame);
  return {
    frames,
    parts: frames.filter((f) => f.type === 'data-part').map((f) => f.data as ReplyPart),
    text: frames.map((f) => (f.type === 'text-delta' ? (f.delta ?? '') : '')).join(''),
    cost: (frames.find((f) => f.type === 'data-cost')?.data ?? null) as Cost | null,
  };
}

/**
 * The tools a real model is offered for a free-plan team: the query model, read-only SQL, and
 * the six built-in analysis functions the free plan allows (each named after its key).
 */
export const FREE_PLAN_TOOLS = [
  'analysis_channel_performance',
  'analysis_gads_wasted_spend',
  'analysis_gsc_query_opportunities',
  'analysis_landing_page_conversions',
  'analysis_top_movers',
  'analysis_weekly_summary',
  'query_analytics',
  'run_sql',
];
