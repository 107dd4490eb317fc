import type { Turn } from './openai-stand-in';
import { textOf } from './openai-stand-in';
import type { ChatRequest } from './protocol';

/**
 * The stand-in's script when run by hand (browser journeys, demos): whatever the question, the
 * model asks for sessions by channel over the last 30 days against the preceding 30, drawn as
 * bars; once the tool's result comes back it comments on it in one short paragraph, naming the
 * leading channel from the rows it was sent (or the tool's refusal).
 */
export const SESSIONS_BY_CHANNEL = {
  source: 'ga',
  metrics: ['sessions'],
  dimensions: ['channel'],
  date_range: 'last_30_days',
  compare: 'preceding',
  order: [{ field: 'sessions', direction: 'desc' }],
  chart: { type: 'bar', x: 'channel', series: ['sessions'] },
};

export function answerAnyQuestion(request: ChatRequest): Turn {
  const last = request.messages.at(-1);
  if (last?.role !== 'tool') {
    return { toolCalls: [{ name: 'query_analytics', arguments: SESSIONS_BY_CHANNEL }], delayMs: 20 };
  }
  let result: { error?: string; rows?: Record<string, unknown>[]; row_count?: number } = {};
  try {
    result = JSON.parse(textOf(last));
  } catch {
    // Not JSON: commented on as a refusal below.
  }
  if (!result.rows) {
    return { text: `I could not read that data: ${result.error ?? 'the tool failed'}.`, delayMs: 20 };
  }
  const top = result.rows[0];
  const lead = top
    ? ` **${String(top.channel)}** leads with **${Number(top.sessions).toLocaleString('en-US')}** sessions.`
    : ' No sessions were recorded in that range.';
  return {
    text: `Sessions by channel, last 30 days against the preceding 30 (${result.row_count ?? result.rows.length} channels):${lead} The table and chart show every channel.`,
    delayMs: 20,
  };
}
