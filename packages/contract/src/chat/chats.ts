import { z } from 'zod';
import { zSeconds } from '../common';
import { defineEndpoint } from '../define-endpoint';
import { normalizePageSize } from '../list';
import { zReplyPart } from './parts';

/**
 * The assistant's chats (issue 24): each is one user's in one team; `/chat/{chat_id}` opens one.
 * Creating, renaming, deleting, searching and reading a chat's messages are plain calls; sending a
 * message streams its reply (its own endpoint).
 */

const tags = ['chat'];

/** What a chat is called in the list: its first question until renamed. */
export const CHAT_TITLE_MAX = 120;

const zChatTitle = z
  .string()
  .trim()
  .min(1, { message: 'Enter a title' })
  .max(CHAT_TITLE_MAX, { message: 'Input exceeds maximum length' });

export const zChat = z.object({
  id: z.string(),
  title: z.string(),
  created_at: zSeconds,
  /** The last change: a message sent or the chat renamed. The list is newest first by it. */
  updated_at: zSeconds,
});
export type Chat = z.infer<typeof zChat>;

export const zChatIdParams = z.object({ id: z.string().trim().min(1).max(64) });

export const zChatMessage = z.object({
  id: z.string(),
  role: z.enum(['user', 'assistant']),
  parts: z.array(zReplyPart),
  /** `streaming` while the reply is written, then `done`, `stopped` (by the user) or `failed`. */
  status: z.enum(['streaming', 'done', 'stopped', 'failed']),
  /** The model that answered ("offline" for the offline analyst); null for a user's message. */
  model: z.string().nullable(),
  /** Credits the reply cost once settled; null before, and for a user's message. */
  credits: z.number().int().nullable(),
  created_at: zSeconds,
});
export type ChatMessage = z.infer<typeof zChatMessage>;

export const listChats = defineEndpoint({
  method: 'GET',
  path: '/api/chats',
  permission: 'signed_in',
  summary: 'My chats in the current team, newest first; `q` searches their titles',
  tags,
  query: z.object({
    q: z.string().trim().max(200, { message: 'Input exceeds maximum length' }).optional(),
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    /** Spec section 5: a custom size is made an absolute integer of at least 2 (1 becomes 2). */
    page_size: z.coerce.number().default(50).transform(normalizePageSize),
  }),
  response: z.object({ items: z.array(zChat), total: z.number().int() }),
});

export const createChat = defineEndpoint({
  method: 'POST',
  path: '/api/chats',
  permission: 'signed_in',
  summary: 'Start a chat in the current team (titled "New chat" until its first question)',
  tags,
  body: z.object({ title: zChatTitle.optional() }),
  response: z.object({ chat: zChat }),
});

export const getChat = defineEndpoint({
  method: 'GET',
  path: '/api/chats/{id}',
  permission: 'signed_in',
  summary: 'One of my chats with its messages, oldest first, each with its parts',
  tags,
  params: zChatIdParams,
  response: z.object({ chat: zChat, messages: z.array(zChatMessage) }),
});

export const renameChat = defineEndpoint({
  method: 'PATCH',
  path: '/api/chats/{id}',
  permission: 'signed_in',
  summary: 'Rename one of my chats',
  tags,
  params: zChatIdParams,
  body: z.object({ title: zChatTitle }),
  response: z.object({ chat: zChat }),
});

export const deleteChat = defineEndpoint({
  method: 'DELETE',
  path: '/api/chats/{id}',
  permission: 'signed_in',
  summary: 'Delete one of my chats and its messages',
  tags,
  params: zChatIdParams,
  response: z.object({ deleted: z.literal(true) }),
});

/** A question is at most this long (a pasted report is not a question). */
export const QUESTION_MAX = 4000;

/**
 * One frame of the reply stream: the AI SDK's UI message stream (`text-delta` of the commentary,
 * `data-part` frames carrying each typed reply part, `data-cost` with what the reply cost, then
 * `finish`), so the page reads it with `useChat` and a script with any SSE reader.
 */
export const zReplyFrame = z.looseObject({
  type: z.string(),
  id: z.string().optional(),
  delta: z.string().optional(),
  data: z.unknown().optional(),
});

/** What a reply cost, sent once it is settled (the `data-cost` frame, and each message's `credits`). */
export const zReplyCost = z.object({
  credits: z.number().int(),
  model: z.string(),
  input_tokens: z.number().int(),
  output_tokens: z.number().int(),
  status: z.enum(['done', 'stopped', 'failed']),
});
export type ReplyCost = z.infer<typeof zReplyCost>;

export const sendChatMessage = defineEndpoint({
  method: 'POST',
  path: '/api/chats/{id}/messages',
  permission: 'signed_in',
  summary:
    'Ask the assistant: the reply streams as the AI SDK UI message stream (text/event-stream), metered in credits; the finished message is then read with GET /api/chats/{id}',
  tags,
  params: zChatIdParams,
  body: z.object({
    /**
     * The question's id, made by the caller: the key of its credit reservation, so a retried send
     * never holds or charges twice.
     */
    id: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, { message: 'id is 8 to 64 letters, digits, _ or -' }),
    text: z
      .string()
      .trim()
      .min(1, { message: 'Enter a question' })
      .max(QUESTION_MAX, { message: 'Input exceeds maximum length' }),
    /** The source picked in the composer (a Google source or `dataset:<id>`); none lets the assistant choose. */
    source: z
      .string()
      .regex(/^(ga|gsc|gads|dataset:[A-Za-z0-9_-]{1,64})$/, {
        message: 'source is ga, gsc, gads or dataset:<id>',
      })
      .optional(),
    /** Answer the last question again (the previous reply is replaced). */
    regenerate: z.boolean().default(false),
  }),
  response: z.object({}),
  answer: { kind: 'event-stream', message: zReplyFrame, end: '[DONE]' },
});

/** Which assistant answers: the offline analyst, or the model the admin configured. */
export const getAssistant = defineEndpoint({
  method: 'GET',
  path: '/api/chats/assistant',
  permission: 'signed_in',
  summary:
    'The assistant that answers now: the offline analyst or the configured model, and what a message costs at least',
  tags,
  response: z.object({
    offline: z.boolean(),
    /** "offline" or the model's id (e.g. gpt-4o-mini). */
    model: z.string(),
    /** The chat function's price per message, before tokens. */
    message_credits: z.number().int(),
  }),
});
