import type { Chat, ChatMessage } from '@app/contract/chat/chats';
import type { ReplyPart } from '@app/contract/chat/parts';
import { AppError } from '../../platform/app-error';
import type { SignedInContext } from '../../platform/endpoint';
import { toSeconds } from '../../platform/list-query';
import type { Platform } from '../../platform/platform';
import {
  type ChatOwner,
  chatMessageRows,
  deleteChatRow,
  findChat,
  insertChat,
  listChatRows,
  renameChatRow,
} from './chats.repo';

// What other modules may use of this module's queries (they never import its repositories).
export { insertChat, insertExchange } from './chats.repo';

export const CHAT_NOT_FOUND = 'Chat not found';

/** A chat before its first question is titled so (in the creator's language). */
export const NEW_CHAT_TITLE = 'New chat';

const ownerOf = (ctx: SignedInContext): ChatOwner => ({ teamId: ctx.team.id, userId: ctx.user.id });

function toChat(row: { id: string; title: string; createdAt: Date; updatedAt: Date }): Chat {
  return {
    id: row.id,
    title: row.title,
    created_at: toSeconds(row.createdAt),
    updated_at: toSeconds(row.updatedAt),
  };
}

export async function listChats(
  platform: Platform,
  ctx: SignedInContext,
  query: { q?: string; page: number; page_size: number },
) {
  const { rows, total } = await listChatRows(platform.db, ownerOf(ctx), query);
  return { items: rows.map(toChat), total };
}

export async function createChat(platform: Platform, ctx: SignedInContext, input: { title?: string }) {
  const row = await insertChat(platform.db, ownerOf(ctx), input.title ?? ctx.t(NEW_CHAT_TITLE));
  return { chat: toChat(row) };
}

export async function getChat(platform: Platform, ctx: SignedInContext, id: string) {
  const chat = await findChat(platform.db, ownerOf(ctx), id);
  if (!chat) throw new AppError('NOT_FOUND', { msg: ctx.t(CHAT_NOT_FOUND) });
  const messages = await chatMessageRows(platform.db, chat.id);
  return {
    chat: toChat(chat),
    messages: messages.map(
      (row): ChatMessage => ({
        id: row.id,
        role: row.role === 'user' ? 'user' : 'assistant',
        parts: row.parts as ReplyPart[],
        status: row.status as ChatMessage['status'],
        model: row.model,
        credits: row.credits,
        created_at: toSeconds(row.createdAt),
      }),
    ),
  };
}

export async function renameChat(platform: Platform, ctx: SignedInContext, id: string, title: string) {
  const row = await renameChatRow(platform.db, ownerOf(ctx), id, title);
  if (!row) throw new AppError('NOT_FOUND', { msg: ctx.t(CHAT_NOT_FOUND) });
  return { chat: toChat(row) };
}

export async function deleteChat(platform: Platform, ctx: SignedInContext, id: string) {
  if (!(await deleteChatRow(platform.db, ownerOf(ctx), id))) {
    throw new AppError('NOT_FOUND', { msg: ctx.t(CHAT_NOT_FOUND) });
  }
  return { deleted: true as const };
}
