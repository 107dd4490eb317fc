import { adjustCredits, getMyCredits } from '@app/contract/billing/credits';
import { listMyUsageLogs } from '@app/contract/billing/usage';
import { createChat, getChat, sendChatMessage } from '@app/contract/chat/chats';
import type { ErrorBody } from '@app/contract/errors';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatMessages, chats, creditLedger, creditReservations, usageLogs } from '../../../db/schema';
import { callEndpoint, endpointUrl, toCall } from '../../../test/call-endpoint';
import { createTestApp, signInAdmin, signUpUser, type TestApp } from '../../../test/test-app';
import { balanceOf, ledgerExplains, teamIdOf } from '../../billing/billing.test-kit';

/**
 * Metering the assistant (issue 24): "1,000 concurrent messages on one team with a small
 * balance: no credit lost or doubled, and every refused message says so". Every message goes
 * through the real endpoint; the offline analyst answers, at the chat function's seeded price of
 * one credit a message.
 */

type User = Awaited<ReturnType<typeof signUpUser>>;

interface Sent {
  status: number;
  /** The `data-cost` frame of an answered message. */
  cost: { credits: number; model: string; status: string } | null;
  /** The kept reply the stream names (its `start` frame's metadata). */
  replyId: string | null;
  /** A refusal's envelope. */
  error: ErrorBody | null;
}

let next = 0;
/** A fresh message id, as the page makes one per question. */
const messageId = () => {
  next += 1;
  return `msg-${next}-${Date.now().toString(36)}`;
};

/** The cost and the reply id from the SSE frames, read as a client reads them. */
function readFrames(body: string): Pick<Sent, 'cost' | 'replyId'> {
  let cost: Sent['cost'] = null;
  let replyId: string | null = null;
  for (const line of body.split('\n')) {
    if (!line.startsWith('data: ') || line === 'data: [DONE]') continue;
    const frame = JSON.parse(line.slice(6)) as {
      type: string;
      data?: unknown;
      messageMetadata?: { reply_id?: string };
    };
    if (frame.type === 'data-cost') cost = frame.data as Sent['cost'];
    replyId ??= frame.messageMetadata?.reply_id ?? null;
  }
  return { cost, replyId };
}

describe('metering the assistant: concurrent messages on a small balance, retried messages', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signInAdmin>>;
  let address = 0;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signInAdmin(t.app);
    // Warm-up, by another team: the first question generates the demo every later one reads.
    const warm = await signUpUser(t.app);
    const chat = (await callEndpoint(t.app, createChat, { as: warm, body: {} })).ok().chat;
    const first = await send(warm, chat.id, 'sessions last 7 days');
    expect(first.cost?.status).toBe('done');
  }, 120_000);
  afterAll(() => t.close());

  /**
   * One message through the real endpoint. Each comes from its own client address: the route's
   * per-client rate limit (60 a minute) is not what this file is about, the team's credits are.
   */
  async function send(
    user: User,
    chatId: string,
    text: string,
    id = messageId(),
    source?: string,
  ): Promise<Sent> {
    address += 1;
    const res = await t.app.inject({
      method: 'POST',
      url: endpointUrl(sendChatMessage, { params: { id: chatId } }),
      headers: user.auth,
      payload: { id, text, ...(source ? { source } : {}) },
      remoteAddress: `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`,
    });
    const call = toCall(sendChatMessage, res);
    if (call.status === 200) return { status: 200, ...readFrames(call.text), error: null };
    return { status: call.status, cost: null, replyId: null, error: call.error() };
  }

  /** A new user whose team holds exactly `credits` (the free plan's grant, then an adjustment). */
  async function teamWith(credits: number) {
    const user = await signUpUser(t.app);
    const teamId = await teamIdOf(t, user);
    const { balance } = await balanceOf(t, teamId);
    if (credits !== balance) {
      (
        await callEndpoint(t.app, adjustCredits, {
          as: admin,
          params: { team_id: teamId },
          body: { amount: credits - balance, reason: 'test set-up' },
        })
      ).ok();
    }
    expect((await callEndpoint(t.app, getMyCredits, { as: user })).ok()).toMatchObject({
      balance: credits,
      held: 0,
      available: credits,
    });
    return { user, teamId };
  }

  /** What the team's books say: usage entries, usage logs, holds, and its chats' messages. */
  async function books(teamId: string) {
    const db = t.platform.db;
    const [usage] = await db
      .select({ n: count(), sum: sql<string | null>`sum(${creditLedger.amount})` })
      .from(creditLedger)
      .where(and(eq(creditLedger.teamId, teamId), eq(creditLedger.kind, 'usage')));
    const logs = await db.select().from(usageLogs).where(eq(usageLogs.teamId, teamId));
    const holds = await db
      .select({ status: creditReservations.status, n: count() })
      .from(creditReservations)
      .where(eq(creditReservations.teamId, teamId))
      .groupBy(creditReservations.status);
    const chatIds = (await db.select({ id: chats.id }).from(chats).where(eq(chats.teamId, teamId))).map(
      (row) => row.id,
    );
    const messages =
      chatIds.length === 0
        ? []
        : await db.select().from(chatMessages).where(inArray(chatMessages.chatId, chatIds));
    return {
      usageEntries: usage?.n ?? 0,
      usageSum: -Number(usage?.sum ?? 0),
      logs,
      holds: Object.fromEntries(holds.map((row) => [row.status, row.n])),
      questions: messages.filter((m) => m.role === 'user'),
      replies: messages.filter((m) => m.role === 'assistant'),
    };
  }

  it('1,000 messages at once on a team holding 40 credits: 40 answered and charged one credit each, 960 refused with INSUFFICIENT_CREDITS saying required 1 and balance 0; nothing lost, doubled or left streaming', async () => {
    const START = 40;
    const MESSAGES = 1000;
    const { user, teamId } = await teamWith(START);
    const chatIds = await Promise.all(
      Array.from(
        { length: 5 },
        async () => (await callEndpoint(t.app, createChat, { as: user, body: {} })).ok().chat.id,
      ),
    );
    const questions = ['sessions last 7 days', '最近7天的会话数'];

    const started = performance.now();
    const sent = await Promise.all(
      Array.from({ length: MESSAGES }, (_, i) =>
        send(user, chatIds[i % chatIds.length] as string, questions[i % questions.length] as string),
      ),
    );
    const elapsed = performance.now() - started;

    // Every message is answered or refused for its credits, and says which.
    const tally = new Map<string, number>();
    for (const one of sent) {
      const outcome =
        one.status === 200 ? `200 ${one.cost?.status}` : `${one.status} ${one.error?.error_code}`;
      tally.set(outcome, (tally.get(outcome) ?? 0) + 1);
    }
    expect(Object.fromEntries(tally)).toEqual({
      '200 done': START,
      '402 INSUFFICIENT_CREDITS': MESSAGES - START,
    });
    const answered = sent.filter((one) => one.status === 200);
    for (const one of answered) {
      expect(one.cost).toMatchObject({ credits: 1, model: 'offline', status: 'done' });
    }
    for (const one of sent.filter((one) => one.status === 402)) {
      // Nothing is free once the 40 are held (a settled message turns its hold into its charge).
      expect(one.error?.msg_limit).toEqual({ required: 1, balance: 0 });
      expect(one.error?.msg).toBeTruthy();
    }

    // The books: what is gone is what was answered, once each.
    expect(await balanceOf(t, teamId)).toMatchObject({ balance: START - answered.length, held: 0 });
    expect((await callEndpoint(t.app, getMyCredits, { as: user })).ok()).toMatchObject({
      balance: START - answered.length,
      held: 0,
      available: START - answered.length,
    });
    const after = await books(teamId);
    expect(after.usageEntries).toBe(answered.length);
    expect(after.usageSum).toBe(answered.length);
    expect(after.logs).toHaveLength(answered.length);
    expect(
      after.logs.every(
        (log) =>
          log.status === 'settled' && log.credits === 1 && log.model === 'offline' && log.uncharged === 0,
      ),
    ).toBe(true);
    expect((await callEndpoint(t.app, listMyUsageLogs, { as: user })).ok().total).toBe(answered.length);
    // A refused message held nothing and wrote nothing.
    expect(after.holds).toEqual({ settled: answered.length });
    expect(after.questions).toHaveLength(answered.length);
    expect(after.replies).toHaveLength(answered.length);
    expect(after.replies.filter((reply) => reply.status === 'streaming')).toEqual([]);
    const kept = new Map(after.replies.map((reply) => [reply.id, reply]));
    for (const one of answered) {
      expect(kept.get(one.replyId ?? '')).toMatchObject({ status: 'done', credits: 1, model: 'offline' });
    }
    expect(await ledgerExplains(t, teamId)).toBe(true);
    // Bounded: the suite runs on 2 cores in CI.
    expect(elapsed).toBeLessThan(60_000);
  }, 120_000);

  it('a message sent again after its answer holds and charges nothing more: the second send is refused with CONFLICT, and the chat keeps one exchange', async () => {
    const { user, teamId } = await teamWith(10);
    const chat = (await callEndpoint(t.app, createChat, { as: user, body: {} })).ok().chat;
    const id = messageId();
    const first = await send(user, chat.id, 'sessions last 7 days', id);
    expect(first.cost).toMatchObject({ credits: 1, status: 'done' });
    const again = await send(user, chat.id, 'sessions last 7 days', id);
    expect(again.status).toBe(409);
    expect(again.error).toMatchObject({ error_code: 'CONFLICT', msg: 'This message was already sent' });

    expect(await balanceOf(t, teamId)).toMatchObject({ balance: 9, held: 0 });
    const after = await books(teamId);
    expect(after).toMatchObject({ usageEntries: 1, usageSum: 1, holds: { settled: 1 } });
    expect(after.logs).toHaveLength(1);
    const read = (await callEndpoint(t.app, getChat, { as: user, params: { id: chat.id } })).ok();
    expect(read.messages.map((m) => [m.role, m.status, m.credits])).toEqual([
      ['user', 'done', null],
      ['assistant', 'done', 1],
    ]);
    expect(await ledgerExplains(t, teamId)).toBe(true);
  });

  it('ten messages each sent twice at the same moment: each is held and charged once, its twin refused with CONFLICT', async () => {
    const { user, teamId } = await teamWith(10);
    const chat = (await callEndpoint(t.app, createChat, { as: user, body: {} })).ok().chat;
    const ids = Array.from({ length: 10 }, () => messageId());
    const sent = await Promise.all(
      ids.flatMap((id) => [
        send(user, chat.id, 'sessions last 7 days', id),
        send(user, chat.id, 'sessions last 7 days', id),
      ]),
    );
    for (let i = 0; i < ids.length; i += 1) {
      const twins = [sent[2 * i], sent[2 * i + 1]] as Sent[];
      expect(twins.map((one) => one.status).sort()).toEqual([200, 409]);
      const answered = twins.find((one) => one.status === 200);
      const refused = twins.find((one) => one.status === 409);
      expect(answered?.cost).toMatchObject({ credits: 1, status: 'done' });
      expect(refused?.error).toMatchObject({ error_code: 'CONFLICT', msg: 'This message was already sent' });
    }
    // All ten were covered, so none was refused for credits: ten held, ten charged, no more.
    expect(await balanceOf(t, teamId)).toMatchObject({ balance: 0, held: 0 });
    const after = await books(teamId);
    expect(after).toMatchObject({ usageEntries: 10, usageSum: 10, holds: { settled: 10 } });
    expect(after.logs).toHaveLength(10);
    expect(after.questions).toHaveLength(10);
    expect(after.replies.map((reply) => [reply.status, reply.credits])).toEqual(
      Array.from({ length: 10 }, () => ['done', 1]),
    );
    expect(await ledgerExplains(t, teamId)).toBe(true);
  });

  it('a message refused for its picked source (a dataset the team does not have) holds nothing and leaves nothing streaming; sent again without it, it is answered', async () => {
    const { user, teamId } = await teamWith(5);
    const chat = (await callEndpoint(t.app, createChat, { as: user, body: {} })).ok().chat;
    const id = messageId();
    const missing = await send(
      user,
      chat.id,
      'sessions last 7 days',
      id,
      'dataset:00000000-0000-4000-8000-000000000000',
    );
    expect(missing.status).toBe(404);
    expect(missing.error).toMatchObject({ error_code: 'NOT_FOUND' });
    expect(await balanceOf(t, teamId)).toMatchObject({ balance: 5, held: 0 });
    const after = await books(teamId);
    expect(after.replies.filter((reply) => reply.status === 'streaming')).toEqual([]);
    expect(after.holds.held ?? 0).toBe(0);
    // Nothing holds its id: the same message, without the source, is answered and charged once.
    const retried = await send(user, chat.id, 'sessions last 7 days', id);
    expect(retried.cost).toMatchObject({ credits: 1, status: 'done' });
    expect(await balanceOf(t, teamId)).toMatchObject({ balance: 4, held: 0 });
    expect(await ledgerExplains(t, teamId)).toBe(true);
  });
});
