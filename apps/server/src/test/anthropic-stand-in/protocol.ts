import { randomBytes } from 'node:crypto';

/**
 * Anthropic's Messages API wire shapes, as the stand-in answers them: the `message` of a plain
 * call; the server-sent events of a streamed one (`message_start`, then per content block a
 * `content_block_start`, its `content_block_delta`s of `text_delta` or `input_json_delta` and a
 * `content_block_stop`, then `message_delta` with the stop reason and the output tokens, and
 * `message_stop`, with `ping`s between); and the error envelope
 * `{ type: 'error', error: { type, message }, request_id }`.
 */

export interface Usage {
  input_tokens: number;
  output_tokens: number;
}

export type ContentBlock =
  | { type: 'text'; text: string }
  | { type: 'tool_use'; id: string; name: string; input: unknown }
  | {
      type: 'tool_result';
      tool_use_id: string;
      content?: string | { type: string; text?: string }[];
      is_error?: boolean;
    }
  | { type: string; [field: string]: unknown };

/** A message as a client sends it (what the stand-in records and checks). */
export interface Message {
  role: 'user' | 'assistant';
  content: string | ContentBlock[];
}

export interface MessagesRequest {
  model: string;
  max_tokens: number;
  messages: Message[];
  system?: string | { type: 'text'; text: string }[];
  tools?: { name: string; description?: string; input_schema?: unknown }[];
  tool_choice?: unknown;
  stream?: boolean;
  temperature?: number;
}

/** What one model turn says: its text (pieces as streamed) and the tools it calls. */
export interface Completion {
  pieces: string[];
  toolUses: { id: string; name: string; input: unknown; json: string }[];
  usage: Usage;
}

/** Anthropic's error types and the status each is answered with. */
export const ERROR_STATUS = {
  invalid_request_error: 400,
  authentication_error: 401,
  permission_error: 403,
  not_found_error: 404,
  request_too_large: 413,
  rate_limit_error: 429,
  api_error: 500,
  overloaded_error: 529,
} as const;
export type ErrorType = keyof typeof ERROR_STATUS;

export interface AnthropicError {
  status: number;
  body: { type: 'error'; error: { type: ErrorType; message: string }; request_id: string };
}

export const newId = (prefix: string) => `${prefix}${randomBytes(12).toString('base64url')}`;

export const anthropicError = (type: ErrorType, message: string): AnthropicError => ({
  status: ERROR_STATUS[type],
  body: { type: 'error', error: { type, message }, request_id: newId('req_') },
});

/** The text a message carries (its text blocks, or a tool result's text). */
export function textOf(message: Message | undefined): string {
  if (!message) return '';
  if (typeof message.content === 'string') return message.content;
  return message.content
    .map((block) => {
      if (block.type === 'text') return String(block.text ?? '');
      if (block.type === 'tool_result') {
        const content = block.content as string | { text?: string }[] | undefined;
        return typeof content === 'string' ? content : (content ?? []).map((c) => c.text ?? '').join('');
      }
      return '';
    })
    .join('');
}

/** The system prompt as one text, whether sent as a string or as text blocks. */
export function systemOf(request: MessagesRequest): string {
  const system = request.system;
  if (system === undefined) return '';
  return typeof system === 'string' ? system : system.map((block) => block.text).join('');
}

const blocksOf = (message: Message): ContentBlock[] =>
  typeof message.content === 'string' ? [{ type: 'text', text: message.content }] : message.content;

const stopReasonOf = (completion: Completion) => (completion.toolUses.length > 0 ? 'tool_use' : 'end_turn');

function contentOf(completion: Completion) {
  const text = completion.pieces.join('');
  return [
    ...(text ? [{ type: 'text', text }] : []),
    ...completion.toolUses.map((use) => ({ type: 'tool_use', id: use.id, name: use.name, input: use.input })),
  ];
}

const usageOf = (usage: Usage) => ({
  input_tokens: usage.input_tokens,
  cache_creation_input_tokens: 0,
  cache_read_input_tokens: 0,
  output_tokens: usage.output_tokens,
  service_tier: 'standard',
});

/** The answer of a call without `stream`. */
export function messageBody(model: string, completion: Completion) {
  return {
    id: newId('msg_'),
    type: 'message',
    role: 'assistant',
    model,
    content: contentOf(completion),
    stop_reason: stopReasonOf(completion),
    stop_sequence: null,
    usage: usageOf(completion.usage),
  };
}

export interface StreamEvent {
  event: string;
  data: Record<string, unknown>;
}

/** The events of a streamed answer, in order, each sent as `event: <name>` and `data: <json>`. */
export function messageEvents(model: string, completion: Completion): StreamEvent[] {
  const events: StreamEvent[] = [];
  const push = (data: Record<string, unknown> & { type: string }) => events.push({ event: data.type, data });
  push({
    type: 'message_start',
    message: {
      ...messageBody(model, { ...completion, pieces: [], toolUses: [] }),
      content: [],
      stop_reason: null,
      // The output so far: Anthropic reports 1 here and the total in message_delta.
      usage: usageOf({ input_tokens: completion.usage.input_tokens, output_tokens: 1 }),
    },
  });
  let index = 0;
  if (completion.pieces.length > 0) {
    push({ type: 'content_block_start', index, content_block: { type: 'text', text: '' } });
    push({ type: 'ping' });
    for (const text of completion.pieces) {
      push({ type: 'content_block_delta', index, delta: { type: 'text_delta', text } });
    }
    push({ type: 'content_block_stop', index });
    index += 1;
  }
  for (const use of completion.toolUses) {
    push({
      type: 'content_block_start',
      index,
      content_block: { type: 'tool_use', id: use.id, name: use.name, input: {} },
    });
    // The input arrives as pieces of JSON, the first one empty, as Anthropic streams it.
    const size = Math.max(1, Math.ceil(use.json.length / 4));
    push({ type: 'content_block_delta', index, delta: { type: 'input_json_delta', partial_json: '' } });
    for (let at = 0; at < use.json.length; at += size) {
      push({
        type: 'content_block_delta',
        index,
        delta: { type: 'input_json_delta', partial_json: use.json.slice(at, at + size) },
      });
    }
    push({ type: 'content_block_stop', index });
    index += 1;
  }
  push({
    type: 'message_delta',
    delta: { stop_reason: stopReasonOf(completion), stop_sequence: null },
    usage: { output_tokens: completion.usage.output_tokens },
  });
  push({ type: 'message_stop' });
  return events;
}

/**
 * What Anthropic refuses before answering: no model or max_tokens, no messages, a first message
 * that is not the user's, a `tool_result` answering no `tool_use` of the assistant message just
 * before it, or a `tool_use` not answered in the next message.
 */
export function invalidRequest(body: MessagesRequest): AnthropicError | null {
  const invalid = (message: string) => anthropicError('invalid_request_error', message);
  if (typeof body.model !== 'string' || !body.model) return invalid('model: Field required');
  if (typeof body.max_tokens !== 'number' || body.max_tokens < 1)
    return invalid('max_tokens: Field required');
  if (!Array.isArray(body.messages) || body.messages.length === 0) {
    return invalid('messages: at least one message is required');
  }
  if (body.messages[0]?.role !== 'user') return invalid('messages: first message must use the "user" role');
  let open: string[] = [];
  for (const [i, message] of body.messages.entries()) {
    if (message.role !== 'user' && message.role !== 'assistant') {
      return invalid(`messages.${i}.role: Input should be 'user' or 'assistant'`);
    }
    const blocks = blocksOf(message);
    const answered = blocks.flatMap((block) =>
      block.type === 'tool_result' ? [String(block.tool_use_id ?? '')] : [],
    );
    const stray = answered.filter((id) => !open.includes(id));
    if (stray.length > 0) {
      return invalid(
        `messages.${i}.content.0: unexpected \`tool_use_id\` found in \`tool_result\` blocks: ${stray.join(', ')}. Each \`tool_result\` block must have a corresponding \`tool_use\` block in the previous message.`,
      );
    }
    const unanswered = open.filter((id) => !answered.includes(id));
    if (unanswered.length > 0) {
      return invalid(
        `messages.${i - 1}: \`tool_use\` ids were found without \`tool_result\` blocks immediately after: ${unanswered.join(', ')}. Each \`tool_use\` block must have a corresponding \`tool_result\` block in the next message.`,
      );
    }
    open =
      message.role === 'assistant'
        ? blocks.flatMap((block) => (block.type === 'tool_use' ? [String(block.id)] : []))
        : [];
  }
  if (open.length > 0) {
    return invalid(
      `messages.${body.messages.length - 1}: \`tool_use\` ids were found without \`tool_result\` blocks immediately after: ${open.join(', ')}. Each \`tool_use\` block must have a corresponding \`tool_result\` block in the next message.`,
    );
  }
  return null;
}
