import { and, asc, count, desc, eq, gte, ilike } from 'drizzle-orm';
import { chatMessages, chats } from '../../db/schema';
import type { Db, Tx } from '../../platform/db';

/** Whose chats: one user's, in one team. Every chat query is built from this. */
export interface ChatOwner {
  teamId: string;
  userId: string;
}

const owned = (owner: ChatOwner) => and(eq(chats.teamId, owner.teamId), eq(chats.userId, owner.userId));

/** `%` and `_` typed in a search are characters, not patterns. */
const likeText = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function listChatRows(
  db: Db,
  owner: ChatOwner,
  query: { q?: string; page: number; page_size: number },
) {
  const where = and(owned(owner), query.q ? ilike(chats.title, likeText(query.q)) : undefined);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(chats)
      .where(where)
      .orderBy(desc(chats.updatedAt), desc(chats.id))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    db.select({ n: count() }).from(chats).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function insertChat(db: Db | Tx, owner: ChatOwner, title: string) {
  const [row] = await db
    .insert(chats)
    .values({ teamId: owner.teamId, userId: owner.userId, title })
    .returning();
  if (!row) throw new Error('chat was not written');
  return row;
}

/** One of the owner's chats, or null: another user's (or team's) chat is as missing as a wrong id. */
export async function findChat(db: Db | Tx, owner: ChatOwner, id: string) {
  const [row] = await db
    .select()
    .from(chats)
    .where(and(owned(owner), eq(chats.id, id)));
  return row ?? null;
}

export async function renameChatRow(db: Db, owner: ChatOwner, id: string, title: string) {
  const [row] = await db
    .update(chats)
    .set({ title, updatedAt: new Date() })
    .where(and(owned(owner), eq(chats.id, id)))
    .returning();
  return row ?? null;
}

export async function deleteChatRow(db: Db, owner: ChatOwner, id: string): Promise<boolean> {
  const removed = await db
    .delete(chats)
    .where(and(owned(owner), eq(chats.id, id)))
    .returning({ id: chats.id });
  return removed.length > 0;
}

export async function chatMessageRows(db: Db, chatId: string) {
  return db
    .select()
    .from(chatMessages)
    .where(eq(chatMessages.chatId, chatId))
    .orderBy(asc(chatMessages.createdAt), asc(chatMessages.id));
}

/** A chat's last `limit` messages, oldest first: what a model reads back, without the whole chat. */
export async function recentMessageRows(db: Db, chatId: string, limit: number) {
  const rows = await db
    .select()
    .from(chatMessages)
    .where(eq(chatMessages.chatId, chatId))
    .orderBy(desc(chatMessages.createdAt), desc(chatMessages.id))
    .limit(limit);
  return rows.reverse();
}

export interface NewMessage {
  id: string;
  chatId: string;
  role: 'user' | 'assistant';
  parts: unknown[];
  status: 'streaming' | 'done' | 'stopped' | 'failed';
  model: string | null;
  createdAt: Date;
}

/** The question and its reply (streaming) in one statement; the chat moves to the top of the list. */
export async function insertExchange(tx: Tx, messages: NewMessage[], chat: { id: string; title?: string }) {
  await tx.insert(chatMessages).values(messages);
  await tx
    .update(chats)
    .set({ updatedAt: new Date(), ...(chat.title ? { title: chat.title } : {}) })
    .where(eq(chats.id, chat.id));
}

/** A reply once written: its parts, how it ended and what it cost. */
export async function finishReply(
  db: Db,
  id: string,
  fields: {
    parts: unknown[];
    status: 'done' | 'stopped' | 'failed';
    model: string;
    inputTokens: number;
    outputTokens: number;
    credits: number | null;
  },
) {
  await db.update(chatMessages).set(fields).where(eq(chatMessages.id, id));
}

/** Regenerating: the chat's last question and everything after it go (they are asked again). */
export async function dropLastExchange(tx: Tx, chatId: string): Promise<void> {
  const [last] = await tx
    .select({ createdAt: chatMessages.createdAt })
    .from(chatMessages)
    .where(and(eq(chatMessages.chatId, chatId), eq(chatMessages.role, 'user')))
    .orderBy(desc(chatMessages.createdAt))
    .limit(1);
  if (!last) return;
  await tx
    .delete(chatMessages)
    .where(and(eq(chatMessages.chatId, chatId), gte(chatMessages.createdAt, last.createdAt)));
}
