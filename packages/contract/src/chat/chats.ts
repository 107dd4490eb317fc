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
