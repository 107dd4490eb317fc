import { createChat, deleteChat, getChat, listChats, renameChat } from '@app/contract/chat/chats';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatMessages, teamMembers } from '../../db/schema';
import { callEndpoint } from '../../test/call-endpoint';
import { createTestApp, signUpUser, type TestApp } from '../../test/test-app';
import { findChat, listChatRows } from './chats.repo';

/** A chat is one user's in one team: made, listed newest first, searched, renamed, read, deleted. */
describe('chats', () => {
  let t: TestApp;
  let alice: Awaited<ReturnType<typeof signUpUser>>;
  let bob: Awaited<ReturnType<typeof signUpUser>>;

  beforeAll(async () => {
    t = await createTestApp();
    alice = await signUpUser(t.app, { name: 'Alice' });
    bob = await signUpUser(t.app, { name: 'Bob' });
  });
  afterAll(() => t.close());

  const create = async (who: typeof alice, title?: string, language?: string) =>
    (
      await callEndpoint(t.app, createChat, {
        as: who,
        body: title === undefined ? {} : { title },
        headers: language ? { 'accept-language': language } : {},
      })
    ).ok().chat;

  it('a new chat is titled "New chat" in the creator’s language until named', async () => {
    expect((await create(alice)).title).toBe('New chat');
    expect((await create(alice, undefined, 'zh-CN')).title).toBe('新对话');
    expect((await create(alice, '  Sessions by channel  ')).title).toBe('Sessions by channel');
  });

  it('lists my chats newest first, searches titles (a typed % is a character), and pages', async () => {
    const carol = await signUpUser(t.app, { name: 'Carol' });
    const first = await create(carol, 'GA4 sessions 100% check');
    const second = await create(carol, 'Ads cost');
    // A rename is a change: it moves the chat to the top.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await callEndpoint(t.app, renameChat, {
      as: carol,
      params: { id: first.id },
      body: { title: 'GA4 sessions 100% check!' },
    });
    const all = (await callEndpoint(t.app, listChats, { as: carol, query: {} })).ok();
    expect(all.items.map((chat) => chat.id)).toEqual([first.id, second.id]);
    expect(all.total).toBe(2);
    const found = (await callEndpoint(t.app, listChats, { as: carol, query: { q: '100%' } })).ok();
    expect(found.items.map((chat) => chat.title)).toEqual(['GA4 sessions 100% check!']);
    expect((await callEndpoint(t.app, listChats, { as: carol, query: { q: 'ga4' } })).ok().total).toBe(1);
    expect((await callEndpoint(t.app, listChats, { as: carol, query: { q: '_' } })).ok().total).toBe(0);
    // A custom page size of 1 becomes 2.
    const paged = (
      await callEndpoint(t.app, listChats, { as: carol, query: { page: 1, page_size: 1 } })
    ).ok();
    expect(paged.items.map((chat) => chat.id)).toEqual([first.id, second.id]);
    const beyond = (
      await callEndpoint(t.app, listChats, { as: carol, query: { page: 2, page_size: 1 } })
    ).ok();
    expect(beyond.items).toEqual([]);
  });

  it("nobody reads, renames or deletes another user's chat: it is not found", async () => {
    const mine = await create(alice, 'Mine');
    for (const answer of [
      await callEndpoint(t.app, getChat, { as: bob, params: { id: mine.id } }),
      await callEndpoint(t.app, renameChat, { as: bob, params: { id: mine.id }, body: { title: 'Theirs' } }),
      await callEndpoint(t.app, deleteChat, { as: bob, params: { id: mine.id } }),
    ]) {
      expect(answer.status).toBe(404);
      expect(answer.error().msg).toBe('Chat not found');
    }
    expect((await callEndpoint(t.app, listChats, { as: bob, query: {} })).ok().items).toEqual([]);
    expect((await callEndpoint(t.app, getChat, { as: alice, params: { id: mine.id } })).ok().chat.title).toBe(
      'Mine',
    );
  });

  it('a chat belongs to the team it was made in: from another team of mine it is not there', async () => {
    const chat = await create(alice, 'In my first team');
    const [membership] = await t.platform.db
      .select({ teamId: teamMembers.teamId })
      .from(teamMembers)
      .where(eq(teamMembers.userId, alice.userId));
    const here = { teamId: membership?.teamId ?? '', userId: alice.userId };
    const elsewhere = { teamId: 'another-team', userId: alice.userId };
    expect((await findChat(t.platform.db, here, chat.id))?.title).toBe('In my first team');
    expect(await findChat(t.platform.db, elsewhere, chat.id)).toBeNull();
    expect((await listChatRows(t.platform.db, elsewhere, { page: 1, page_size: 50 })).total).toBe(0);
  });

  it('reads the messages with their parts oldest first; deleting the chat removes them', async () => {
    const chat = await create(alice, 'With messages');
    await t.platform.db.insert(chatMessages).values([
      {
        chatId: chat.id,
        role: 'user',
        parts: [{ type: 'content', content: 'Sessions last week?' }],
        status: 'done',
        createdAt: new Date(Date.now() - 2000),
      },
      {
        chatId: chat.id,
        role: 'assistant',
        parts: [{ type: 'content', content: '**1,234** sessions.' }],
        status: 'done',
        model: 'offline',
        credits: 1,
        createdAt: new Date(Date.now() - 1000),
      },
    ]);
    const read = (await callEndpoint(t.app, getChat, { as: alice, params: { id: chat.id } })).ok();
    expect(read.messages.map((m) => [m.role, m.parts[0], m.model, m.credits])).toEqual([
      ['user', { type: 'content', content: 'Sessions last week?' }, null, null],
      ['assistant', { type: 'content', content: '**1,234** sessions.' }, 'offline', 1],
    ]);
    expect((await callEndpoint(t.app, deleteChat, { as: alice, params: { id: chat.id } })).ok()).toEqual({
      deleted: true,
    });
    expect(await t.platform.db.select().from(chatMessages).where(eq(chatMessages.chatId, chat.id))).toEqual(
      [],
    );
    expect((await callEndpoint(t.app, getChat, { as: alice, params: { id: chat.id } })).status).toBe(404);
  });

  it('a title that is empty or too long is refused naming title', async () => {
    const chat = await create(alice, 'Named');
    for (const title of ['   ', 'x'.repeat(121)]) {
      const refused = await callEndpoint(t.app, renameChat, {
        as: alice,
        params: { id: chat.id },
        body: { title },
      });
      expect(refused.status).toBe(400);
      expect(Object.keys(refused.error().fields ?? {})).toEqual(['title']);
    }
  });
});
