import { randomBytes } from 'node:crypto';

/**
 * OpenAI's Chat Completions wire shapes, as the stand-in answers them: the `chat.completion` of a
 * plain call, the `chat.completion.chunk` frames of a streamed one (the role first, content or
 * tool-call arguments in pieces, the finish reason on an empty delta, then the usage on a chunk
 * with no choices when `stream_options.include_usage` asks for it), and the error envelope.
 */

export interface Usage {
  prompt_tokens: number;
  completion_tokens: number;
}

export interface ToolCall {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
}

/** A message as a client sends it (what the stand-in records and checks). */
export interface ChatMessage {
  role: 'system' | 'developer' | 'user' | 'assistant' | 'tool';
  content?: string | { type: string; text?: string }[] | null;
  tool_calls?: ToolCall[];
  tool_call_id?: string;
  name?: string;
}

export interface ChatRequest {
  model: string;
  messages: ChatMessage[];
  tools?: { type: 'function'; function: { name: string; description?: string; parameters?: unknown } }[];
  tool_choice?: unknown;
  stream?: boolean;
  stream_options?: { include_usage?: boolean } | null;
  temperature?: number;
  max_tokens?: number;
}

/** What one model turn says: its text (pieces as streamed) and the tools it calls. */
export interface Completion {
  pieces: string[];
  toolCalls: ToolCall[];
  usage: Usage;
}

export interface OpenAiError {
  status: number;
  body: { error: { message: string; type: string; param: string | null; code: string | null } };
}

export const openAiError = (
  status: number,
  message: string,
  type: string,
  code: string | null = null,
  param: string | null = null,
): OpenAiError => ({ status, body: { error: { message, type, param, code } } });

export const newId = (prefix: string) => `${prefix}${randomBytes(12).toString('base64url')}`;

/** OpenAI shows a wrong key by its first and last characters only. */
export const maskKey = (key: string) =>
  key.length > 8 ? `${key.slice(0, 3)}${'*'.repeat(Math.min(key.length - 7, 40))}${key.slice(-4)}` : '***';

function usageOf(usage: Usage) {
  return {
    prompt_tokens: usage.prompt_tokens,
    completion_tokens: usage.completion_tokens,
    total_tokens: usage.prompt_tokens + usage.completion_tokens,
    prompt_tokens_details: { cached_tokens: 0, audio_tokens: 0 },
    completion_tokens_details: {
      reasoning_tokens: 0,
      audio_tokens: 0,
      accepted_prediction_tokens: 0,
      rejected_prediction_tokens: 0,
    },
  };
}

const finishReasonOf = (completion: Completion) => (completion.toolCalls.length > 0 ? 'tool_calls' : 'stop');

/** The answer of a call without `stream`. */
export function completionBody(model: string, completion: Completion) {
  const text = completion.pieces.join('');
  return {
    id: newId('chatcmpl-'),
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model,
    system_fingerprint: 'fp_stand_in',
    choices: [
      {
        index: 0,
        message: {
          role: 'assistant',
          content: text || null,
          refusal: null,
          ...(completion.toolCalls.length > 0 ? { tool_calls: completion.toolCalls } : {}),
        },
        logprobs: null,
        finish_reason: finishReasonOf(completion),
      },
    ],
    usage: usageOf(completion.usage),
    service_tier: 'default',
  };
}

/** The JSON of each `data:` frame of a streamed answer, in order (without the final `[DONE]`). */
export function completionChunks(model: string, completion: Completion, includeUsage: boolean): unknown[] {
  const id = newId('chatcmpl-');
  const created = Math.floor(Date.now() / 1000);
  const chunk = (delta: Record<string, unknown>, finishReason: string | null = null) => ({
    id,
    object: 'chat.completion.chunk',
    created,
    model,
    system_fingerprint: 'fp_stand_in',
    choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }],
    // With include_usage every chunk carries `usage: null` until the last one.
    ...(includeUsage ? { usage: null } : {}),
  });
  const chunks: unknown[] = [];
  const hasText = completion.pieces.length > 0;
  if (hasText || completion.toolCalls.length === 0) {
    chunks.push(chunk({ role: 'assistant', content: '', refusal: null }));
    for (const piece of completion.pieces) chunks.push(chunk({ content: piece }));
  }
  completion.toolCalls.forEach((call, index) => {
    const opening = {
      tool_calls: [
        { index, id: call.id, type: 'function', function: { name: call.function.name, arguments: '' } },
      ],
    };
    chunks.push(chunk(index === 0 && !hasText ? { role: 'assistant', content: null, ...opening } : opening));
    // The arguments arrive in pieces, as a model writes them.
    const args = call.function.arguments;
    const size = Math.max(1, Math.ceil(args.length / 4));
    for (let at = 0; at < args.length; at += size) {
      chunks.push(chunk({ tool_calls: [{ index, function: { arguments: args.slice(at, at + size) } }] }));
    }
  });
  chunks.push(chunk({}, finishReasonOf(completion)));
  if (includeUsage) {
    chunks.push({
      id,
      object: 'chat.completion.chunk',
      created,
      model,
      system_fingerprint: 'fp_stand_in',
      choices: [],
      usage: usageOf(completion.usage),
    });
  }
  return chunks;
}

/**
 * What OpenAI refuses before answering: no model, no messages, or a `tool` message that answers
 * no tool call of the assistant message before it.
 */
const unanswered = () =>
  openAiError(
    400,
    "An assistant message with 'tool_calls' must be followed by tool messages responding to each 'tool_call_id'.",
    'invalid_request_error',
    null,
    'messages',
  );

export function invalidRequest(body: ChatRequest): OpenAiError | null {
  if (typeof body.model !== 'string' || !body.model) {
    return openAiError(400, 'you must provide a model parameter', 'invalid_request_error');
  }
  if (!Array.isArray(body.messages) || body.messages.length === 0) {
    return openAiError(400, "[] is too short - 'messages'", 'invalid_request_error', null, 'messages');
  }
  let open = new Set<string>();
  for (const [i, message] of body.messages.entries()) {
    if (message.role === 'tool') {
      if (!message.tool_call_id || !open.has(message.tool_call_id)) {
        return openAiError(
          400,
          "Invalid parameter: messages with role 'tool' must be a response to a preceeding message with 'tool_calls'.",
          'invalid_request_error',
          null,
          `messages.[${i}].role`,
        );
      }
      open.delete(message.tool_call_id);
      continue;
    }
    if (open.size > 0) {
      return unanswered();
    }
    open = new Set(message.role === 'assistant' ? (message.tool_calls ?? []).map((call) => call.id) : []);
  }
  if (open.size > 0) {
    return unanswered();
  }
  return null;
}
