import type {
  LanguageModelV3,
  LanguageModelV3CallOptions,
  LanguageModelV3Content,
  LanguageModelV3Prompt,
  LanguageModelV3StreamPart,
  LanguageModelV3Usage,
} from '@ai-sdk/provider';
import { OFFLINE_MODEL } from '@app/contract/billing/prices';
import type { FunctionRunSummary } from '../assistant/function-tools';
import { QUERY_TOOL, type ToolSummary } from '../assistant/tools';
import type { Plan } from './plan-question';

/**
 * The offline analyst as a language model (ARCHITECTURE section 8): the AI SDK drives it exactly
 * as it drives a real model. Given a question it answers with the same `query_analytics` tool
 * calls a model makes (read by `plan`); given the tools' results it writes its commentary from
 * them. It needs no key and no network, and it is deterministic, so tests can hold it to exact
 * figures. It buys no tokens: its usage is zero and a message costs the chat function's price.
 */

export interface OfflineAnalyst {
  /** Reads the question (with the chat's earlier questions) into queries, or a refusal. */
  plan: (question: string, earlier: string[]) => Promise<Plan>;
  /** What to say when the question cannot be answered. */
  refusal: (plan: Extract<Plan, { kind: 'refuse' }>) => string;
  /** Writes the commentary on the results, in the reply's language. */
  comment: (results: (ToolSummary | FunctionRunSummary | { error: string })[], plan: Plan | null) => string;
  /** Milliseconds between streamed words (0: at once). */
  paceMs: number;
}

const NO_TOKENS: LanguageModelV3Usage = {
  inputTokens: { total: 0, noCache: 0, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 0, text: 0, reasoning: 0 },
};

const textOf = (message: LanguageModelV3Prompt[number]): string =>
  typeof message.content === 'string'
    ? message.content
    : message.content.map((part) => (part.type === 'text' ? part.text : '')).join('');

/** The question is the last user message; the chat's earlier questions come before it. */
function questions(prompt: LanguageModelV3Prompt): { question: string; earlier: string[] } {
  const asked = prompt.filter((m) => m.role === 'user').map(textOf);
  return { question: asked[asked.length - 1] ?? '', earlier: asked.slice(0, -1) };
}

/** The tool results of this turn: everything after the last user message. */
type ToolOutput = ToolSummary | FunctionRunSummary | { error: string };

function toolResults(prompt: LanguageModelV3Prompt): ToolOutput[] | null {
  const lastUser = prompt.map((m) => m.role).lastIndexOf('user');
  const results: ToolOutput[] = [];
  for (const message of prompt.slice(lastUser + 1)) {
    if (message.role !== 'tool') continue;
    for (const part of message.content) {
      if (part.type !== 'tool-result') continue;
      const output = part.output;
      if (output.type === 'json') results.push(output.value as unknown as ToolOutput);
      else if (output.type === 'error-text' || output.type === 'text') results.push({ error: output.value });
      else results.push({ error: 'The tool failed' });
    }
  }
  return results.length > 0 ? results : null;
}

/** Words and the spaces after them, so streamed text joins back exactly. */
const words = (text: string) => text.match(/\S+\s*|\s+/g) ?? [];

export function offlineModel(analyst: OfflineAnalyst): LanguageModelV3 {
  // The plan of this message, kept for the commentary step (one model per message).
  let planned: Plan | null = null;

  async function answer(options: LanguageModelV3CallOptions): Promise<LanguageModelV3Content[]> {
    const results = toolResults(options.prompt);
    if (results) return [{ type: 'text', text: analyst.comment(results, planned) }];
    const { question, earlier } = questions(options.prompt);
    planned = await analyst.plan(question, earlier);
    if (planned.kind === 'refuse') return [{ type: 'text', text: analyst.refusal(planned) }];
    if (planned.kind === 'function') {
      return [
        {
          type: 'tool-call' as const,
          toolCallId: `offline-${Date.now().toString(36)}-fn`,
          toolName: planned.tool,
          input: JSON.stringify({ inputs: planned.inputs }),
        },
      ];
    }
    return planned.queries.map((planned, index) => ({
      type: 'tool-call' as const,
      toolCallId: `offline-${Date.now().toString(36)}-${index}`,
      toolName: QUERY_TOOL,
      input: JSON.stringify({ ...planned.query, ...(planned.chart ? { chart: planned.chart } : {}) }),
    }));
  }

  return {
    specificationVersion: 'v3',
    provider: 'offline',
    modelId: OFFLINE_MODEL,
    supportedUrls: {},
    async doGenerate(options) {
      const content = await answer(options);
      const calls = content.some((part) => part.type === 'tool-call');
      return {
        content,
        finishReason: { unified: calls ? 'tool-calls' : 'stop', raw: undefined },
        usage: NO_TOKENS,
        warnings: [],
      };
    },
    async doStream(options) {
      const content = await answer(options);
      const signal = options.abortSignal;
      const stream = new ReadableStream<LanguageModelV3StreamPart>({
        async start(controller) {
          controller.enqueue({ type: 'stream-start', warnings: [] });
          let calls = false;
          for (const [index, part] of content.entries()) {
            if (part.type === 'tool-call') {
              calls = true;
              controller.enqueue(part);
              continue;
            }
            if (part.type !== 'text') continue;
            const id = `text-${index}`;
            controller.enqueue({ type: 'text-start', id });
            for (const word of words(part.text)) {
              if (signal?.aborted) break;
              if (analyst.paceMs > 0) await new Promise((resolve) => setTimeout(resolve, analyst.paceMs));
              controller.enqueue({ type: 'text-delta', id, delta: word });
            }
            controller.enqueue({ type: 'text-end', id });
          }
          controller.enqueue({
            type: 'finish',
            usage: NO_TOKENS,
            finishReason: { unified: calls ? 'tool-calls' : 'stop', raw: undefined },
          });
          controller.close();
        },
      });
      return { stream };
    },
  };
}
