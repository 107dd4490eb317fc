import { createServer } from 'node:net';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import {
  clearForeignKey,
  type ForeignKeyKindName,
  saveForeignKey,
  testForeignKey,
} from '@app/contract/admin/foreign-keys/foreign-keys';
import { createChat, getAssistant, getChat, sendChatMessage } from '@app/contract/chat/chats';
import { streamText } from 'ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AnthropicStandIn,
  startAnthropicStandIn,
} from '../../../test/anthropic-stand-in/anthropic-stand-in';
import type { ContentBlock, MessagesRequest } from '../../../test/anthropic-stand-in/protocol';
import { systemOf, textOf } from '../../../test/anthropic-stand-in/protocol';
import { callEndpoint } from '../../../test/call-endpoint';
import { type GeminiStandIn, startGeminiStandIn } from '../../../test/gemini-stand-in/gemini-stand-in';
import * as gemini from '../../../test/gemini-stand-in/protocol';
import { type OpenAiStandIn, startOpenAiStandIn } from '../../../test/openai-stand-in/openai-stand-in';
import { createTestApp, signInAdmin, signUpUser, type TestApp } from '../../../test/test-app';
import { balanceOf, teamIdOf } from '../../billing/billing.test-kit';
import { findReservationByKey } from '../../credits/credits.repo';
import { upsertModelPrice } from '../../credits/prices.repo';
import { tokenCost } from '../../credits/prices.service';
import { findUsageOfReservation } from '../../credits/usage.repo';
import { FREE_PLAN_TOOLS, readFrames } from './assistant.test-kit';
import { withFallback } from './fallback';

/**
 * The assistant's providers (issue 24) over real HTTP, each against a local stand-in speaking its
 * vendor's protocol: Anthropic's Messages API and Google's Gemini API answer over two steps with
 * the query tool and are metered at their model's price; the admin's fallback model answers a
 * reply the primary cannot start (a 500, a model the endpoint lacks, an overloaded stream, a
 * refused connection) and the reply and its usage name the fallback at its price; the
 * connection tests speak each protocol; and the rule for which provider answers is the one
 * providers.ts states.
 */

const OPENAI = { model: 'gpt-stand-in', fallback: 'gpt-fallback' };
const CLAUDE = { model: 'claude-stand-in', fallback: 'claude-fallback' };
const GEMINI = { model: 'gemini-stand-in', fallback: 'gemini-fallback' };
/** Credits per million tokens, in and out; the fallbacks are dearer, so the price shows who answered. */
const PRICE = { inputPerMillion: 1000, outputPerMillion: 4000 };
const FALLBACK_PRICE = { inputPerMillion: 1500, outputPerMillion: 6000 };
const FUNCTION_CREDITS = 1;
/** What send-message holds a remote reply at: 40,000 tokens in and 4,000 out. */
const estimateAt = (price: typeof PRICE) => FUNCTION_CREDITS + tokenCost(price, 40_000, 4_000);

const SESSIONS_BY_CHANNEL = {
  source: 'ga',
  metrics: ['sessions'],
  dimensions: ['channel'],
  date_range: 'last_30_days',
  chart: { type: 'bar', x: 'channel', series: ['sessions'] },
};

type User = Awaited<ReturnType<typeof signUpUser>>;

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('the assistant over Anthropic, Gemini and a fallback model', () => {
  let openai: OpenAiStandIn;
  let anthropic: AnthropicStandIn;
  let google: GeminiStandIn;
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signInAdmin>>;
  let someone: User;
  let sent = 0;

  beforeAll(async () => {
    [openai, anthropic, google] = await Promise.all([
      startOpenAiStandIn({ models: [OPENAI.model, OPENAI.fallback] }),
      startAnthropicStandIn({ models: [CLAUDE.model, CLAUDE.fallback] }),
      startGeminiStandIn({ models: [GEMINI.model, GEMINI.fallback] }),
    ]);
    t = await createTestApp();
    await t.platform.db.transaction(async (tx) => {
      for (const { model, fallback } of [OPENAI, CLAUDE, GEMINI]) {
        await upsertModelPrice(tx, { model, ...PRICE });
        await upsertModelPrice(tx, { model: fallback, ...FALLBACK_PRICE });
      }
    });
    // The price table is kept in memory by its version: this instance hears of the write first.
    await t.platform.changes.settle();
    admin = await signInAdmin(t.app);
    someone = await signUpUser(t.app);
  });
  afterAll(async () => {
    await t?.close();
    await Promise.all([openai?.close(), anthropic?.close(), google?.close()]);
  });

  const save = async (kind: ForeignKeyKindName, values: Record<string, string>) =>
    (await callEndpoint(t.app, saveForeignKey, { as: admin, params: { kind }, body: { values } })).ok();
  const forget = async (...kinds: ForeignKeyKindName[]) => {
    for (const kind of kinds) {
      (await callEndpoint(t.app, clearForeignKey, { as: admin, params: { kind } })).ok();
    }
  };
  const connectionTest = async (kind: ForeignKeyKindName) =>
    (await callEndpoint(t.app, testForeignKey, { as: admin, params: { kind } })).ok();
  const saveOpenAi = (values: Record<string, string> = {}) =>
    save('llm_openai_compatible', { base_url: openai.url, api_key: openai.apiKey ?? '', ...values });
  const saveAnthropic = (values: Record<string, string> = {}) =>
    save('llm_anthropic', { base_url: anthropic.url, api_key: anthropic.apiKey, ...values });
  const saveGemini = (values: Record<string, string> = {}) =>
    save('llm_gemini', { base_url: google.url, api_key: google.apiKey, ...values });
  const assistantModel = async () => (await callEndpoint(t.app, getAssistant, { as: someone })).ok();

  /** Asks in a new team of its own (each holds up to the dearer estimate), as a new user. */
  async function ask(text: string) {
    sent += 1;
    const id = `providers-question-${sent}-${Date.now()}`;
    const user = await signUpUser(t.app);
    const teamId = await teamIdOf(t, user);
    const chatId = (await callEndpoint(t.app, createChat, { as: user, body: {} })).ok().chat.id;
    const before = (await balanceOf(t, teamId)).balance;
    const res = await callEndpoint(t.app, sendChatMessage, {
      as: user,
      params: { id: chatId },
      body: { id, text },
    });
    expect(res.status, res.text.slice(0, 300)).toBe(200);
    const read = (await callEndpoint(t.app, getChat, { as: user, params: { id: chatId } })).ok();
    const hold = await findReservationByKey(t.platform.db, teamId, `chat:${id}`);
    const after = await balanceOf(t, teamId);
    expect(after.held).toBe(0);
    return {
      ...readFrames(res.text),
      kept: read.messages.at(-1),
      hold,
      log: hold ? await findUsageOfReservation(t.platform.db, hold.id) : null,
      spent: before - after.balance,
    };
  }

  it('Anthropic answers over two steps: tool_use, the tool_result sent back, then text; metered at its price', async () => {
    await saveAnthropic({ model: CLAUDE.model });
    try {
      anthropic.script([
        {
          toolCalls: [{ name: 'query_analytics', arguments: SESSIONS_BY_CHANNEL }],
          usage: { input_tokens: 1234, output_tokens: 56 },
        },
        {
          text: 'Organic Search brought the most sessions.',
          usage: { input_tokens: 1500, output_tokens: 87 },
        },
      ]);
      const before = anthropic.messages().length;
      const reply = await ask('Sessions by channel over the last 30 days?');
      const calls = anthropic.messages().slice(before);

      // Anthropic's protocol: its headers, the system prompt apart, the tools, a streamed call.
      expect(calls.map((call) => [call.status, call.apiKey, call.version])).toEqual([
        [200, anthropic.apiKey, '2023-06-01'],
        [200, anthropic.apiKey, '2023-06-01'],
      ]);
      const [first, second] = calls.map((call) => call.body as MessagesRequest);
      if (!first || !second) throw new Error('two calls');
      expect(first).toMatchObject({ model: CLAUDE.model, stream: true });
      expect(first.max_tokens).toBeGreaterThan(0);
      expect(systemOf(first)).toMatch(/call query_analytics for every figure/);
      expect(first.tools?.map((tool) => tool.name).sort()).toEqual(FREE_PLAN_TOOLS);
      expect(textOf(first.messages.at(-1))).toBe('Sessions by channel over the last 30 days?');

      // The second call carried the tool_use back and answered it with a tool_result.
      const blocks = (i: number) => (second.messages.at(i)?.content ?? []) as ContentBlock[];
      const use = blocks(-2).find((block) => block.type === 'tool_use') as { id?: string } | undefined;
      const result = blocks(-1).find((block) => block.type === 'tool_result') as
        | { tool_use_id?: string }
        | undefined;
      expect(second.messages.at(-2)?.role).toBe('assistant');
      expect(use).toMatchObject({ name: 'query_analytics', input: SESSIONS_BY_CHANNEL });
      expect(result?.tool_use_id).toBe(use?.id);

      const table = reply.parts.find((p) => p.type === 'ag_table');
      if (table?.type !== 'ag_table') throw new Error('a grid');
      expect(reply.parts.map((p) => p.type)).toEqual(['ag_table', 'ag_chart', 'sql']);
      expect(JSON.parse(textOf(second.messages.at(-1)))).toMatchObject({
        result_id: table.result_id,
        chart: 'shown',
      });
      expect(reply.text).toBe('Organic Search brought the most sessions.');

      const [inputTokens, outputTokens] = [1234 + 1500, 56 + 87];
      const credits = FUNCTION_CREDITS + tokenCost(PRICE, inputTokens, outputTokens);
      expect(reply.cost).toEqual({
        credits,
        model: CLAUDE.model,
        input_tokens: inputTokens,
        output_tokens: outputTokens,
        status: 'done',
      });
      expect(reply.kept).toMatchObject({ status: 'done', model: CLAUDE.model, credits });
      expect(reply.spent).toBe(credits);
      expect(reply.log).toMatchObject({
        functionKey: 'chat',
        model: CLAUDE.model,
        inputTokens,
        outputTokens,
        credits,
        status: 'settled',
      });
    } finally {
      await forget('llm_anthropic');
    }
  });

  it('Gemini answers over two steps: a functionCall, its functionResponse sent back, then text', async () => {
    await saveGemini({ model: GEMINI.model });
    try {
      google.script([
        {
          toolCalls: [{ name: 'query_analytics', arguments: SESSIONS_BY_CHANNEL }],
          usage: { promptTokenCount: 900, candidatesTokenCount: 40 },
        },
        { text: 'Organic Search leads.', usage: { promptTokenCount: 1100, candidatesTokenCount: 9 } },
      ]);
      const before = google.calls().length;
      const reply = await ask('Sessions by channel?');
      const calls = google.calls().slice(before);
      expect(calls.map((call) => [call.status, call.call, call.model, call.apiKey])).toEqual([
        [200, 'streamGenerateContent', GEMINI.model, google.apiKey],
        [200, 'streamGenerateContent', GEMINI.model, google.apiKey],
      ]);
      const [first, second] = calls.map((call) => call.body as gemini.GenerateContentRequest);
      if (!first || !second) throw new Error('two calls');
      expect(gemini.systemOf(first)).toMatch(/call query_analytics for every figure/);
      const declared = first.tools?.flatMap((tool) => tool.functionDeclarations ?? []) ?? [];
      expect(declared.map((fn) => fn.name).sort()).toEqual(FREE_PLAN_TOOLS);
      // The model's turn sent back with its call (and the call's thought signature), then the answer.
      const [called] = gemini.functionCalls(second.contents.at(-2));
      expect(called).toMatchObject({ name: 'query_analytics', args: SESSIONS_BY_CHANNEL });
      expect(called?.thoughtSignature).toMatch(/^[A-Za-z0-9+/]+=*$/);
      const [answered] = gemini.functionResponses(second.contents.at(-1));
      expect(answered?.name).toBe('query_analytics');

      expect(reply.parts.map((p) => p.type)).toEqual(['ag_table', 'ag_chart', 'sql']);
      expect(reply.text).toBe('Organic Search leads.');
      const credits = FUNCTION_CREDITS + tokenCost(PRICE, 900 + 1100, 40 + 9);
      expect(reply.cost).toMatchObject({ credits, model: GEMINI.model, input_tokens: 2000, status: 'done' });
      expect(reply.log).toMatchObject({ model: GEMINI.model, credits, status: 'settled' });
    } finally {
      await forget('llm_gemini');
    }
  });

  it('the fallback answers a reply the primary cannot start (a 500): the reply and its usage name the fallback, at its price', async () => {
    await saveOpenAi({ model: OPENAI.model, fallback_model: OPENAI.fallback });
    try {
      openai.script([
        { fail: { status: 500 } },
        {
          toolCalls: [{ name: 'query_analytics', arguments: SESSIONS_BY_CHANNEL }],
          usage: { prompt_tokens: 1000, completion_tokens: 50 },
        },
        { text: 'Organic Search leads.', usage: { prompt_tokens: 1200, completion_tokens: 10 } },
      ]);
      const before = openai.completions().length;
      const reply = await ask('Sessions by channel?');
      const calls = openai.completions().slice(before);
      // The primary once, then the fallback for the whole reply (its second step too).
      expect(calls.map((call) => [call.body?.model, call.status])).toEqual([
        [OPENAI.model, 500],
        [OPENAI.fallback, 200],
        [OPENAI.fallback, 200],
      ]);
      expect(reply.parts.map((p) => p.type)).toEqual(['ag_table', 'ag_chart', 'sql']);
      expect(reply.text).toBe('Organic Search leads.');

      const credits = FUNCTION_CREDITS + tokenCost(FALLBACK_PRICE, 2200, 60);
      expect(credits).not.toBe(FUNCTION_CREDITS + tokenCost(PRICE, 2200, 60));
      expect(reply.cost).toEqual({
        credits,
        model: OPENAI.fallback,
        input_tokens: 2200,
        output_tokens: 60,
        status: 'done',
      });
      expect(reply.kept).toMatchObject({ status: 'done', model: OPENAI.fallback, credits });
      expect(reply.log).toMatchObject({ model: OPENAI.fallback, credits, status: 'settled' });
      expect(reply.spent).toBe(credits);
      // The hold covered the dearer of the two, whichever would answer.
      expect(reply.hold?.amount).toBe(estimateAt(FALLBACK_PRICE));
      // The assistant is still the primary: the fallback stands in for one reply at a time.
      expect((await assistantModel()).model).toBe(OPENAI.model);
    } finally {
      await forget('llm_openai_compatible');
    }
  });

  it('the fallback answers when the endpoint lacks the primary model (404) or Anthropic is overloaded as its stream opens', async () => {
    await t.platform.db.transaction((tx) => upsertModelPrice(tx, { model: 'gpt-retired', ...PRICE }));
    await t.platform.changes.settle();
    await saveOpenAi({ model: 'gpt-retired', fallback_model: OPENAI.fallback });
    try {
      openai.script([{ text: 'Answered by the fallback.' }]);
      const retired = await ask('Anything?');
      expect(retired.text).toBe('Answered by the fallback.');
      expect(retired.cost).toMatchObject({ model: OPENAI.fallback, status: 'done' });
      expect(
        openai
          .completions()
          .slice(-2)
          .map((call) => [call.body?.model, call.status]),
      ).toEqual([
        ['gpt-retired', 404],
        [OPENAI.fallback, 200],
      ]);
    } finally {
      await forget('llm_openai_compatible');
    }

    await saveAnthropic({ model: CLAUDE.model, fallback_model: CLAUDE.fallback });
    try {
      anthropic.script([
        { fail: { type: 'overloaded_error', inStream: true } },
        { text: 'Claude’s fallback answers.', usage: { input_tokens: 700, output_tokens: 8 } },
      ]);
      const overloaded = await ask('Anything?');
      expect(
        anthropic
          .messages()
          .slice(-2)
          .map((call) => [call.body?.model, call.status]),
      ).toEqual([
        [CLAUDE.model, 200],
        [CLAUDE.fallback, 200],
      ]);
      expect(overloaded.text).toBe('Claude’s fallback answers.');
      const credits = FUNCTION_CREDITS + tokenCost(FALLBACK_PRICE, 700, 8);
      expect(overloaded.cost).toEqual({
        credits,
        model: CLAUDE.fallback,
        input_tokens: 700,
        output_tokens: 8,
        status: 'done',
      });
      expect(overloaded.log).toMatchObject({ model: CLAUDE.fallback, credits });
    } finally {
      await forget('llm_anthropic');
    }
  });

  it('the fallback answers when the primary endpoint refuses the connection', async () => {
    const port = await closedPort();
    const model = (url: string, id: string) =>
      createOpenAICompatible({
        name: 'stand-in',
        baseURL: url,
        apiKey: openai.apiKey ?? '',
        includeUsage: true,
      }).chatModel(id);
    const passedOver: unknown[] = [];
    const answering = withFallback(
      { id: OPENAI.model, model: model(`http://127.0.0.1:${port}/v1`, OPENAI.model) },
      { id: OPENAI.fallback, model: model(openai.url, OPENAI.fallback) },
      (error) => passedOver.push(error),
    );
    openai.script([{ text: 'From the fallback.' }]);
    const result = streamText({ model: answering.model, prompt: 'Hello', maxRetries: 0 });
    expect(await result.text).toBe('From the fallback.');
    expect(answering.answering()).toBe(OPENAI.fallback);
    expect(String(passedOver[0])).toMatch(/Cannot connect to API/);
  });

  it('once the primary has written, a later failure is not handed to the fallback: the reply stays the primary one', async () => {
    await saveOpenAi({ model: OPENAI.model, fallback_model: OPENAI.fallback });
    try {
      openai.script([
        { toolCalls: [{ name: 'query_analytics', arguments: SESSIONS_BY_CHANNEL }] },
        { fail: { status: 500 } },
        { fail: { status: 500 } },
      ]);
      const before = openai.completions().length;
      const reply = await ask('Sessions by channel?');
      // The first step by the primary, its second step tried twice (the SDK retries a 500 once).
      expect(
        openai
          .completions()
          .slice(before)
          .map((call) => [call.body?.model, call.status]),
      ).toEqual([
        [OPENAI.model, 200],
        [OPENAI.model, 500],
        [OPENAI.model, 500],
      ]);
      expect(reply.frames.find((f) => f.type === 'error')?.errorText).toBe('The assistant could not answer');
      // What the first step showed is kept, the reply failed, and the hold is released: a failure
      // charges nothing.
      expect(reply.parts.map((p) => p.type)).toEqual(['ag_table', 'ag_chart', 'sql']);
      expect(reply.cost).toMatchObject({ model: OPENAI.model, credits: 0, status: 'failed' });
      expect(reply.kept).toMatchObject({ model: OPENAI.model, status: 'failed' });
      expect(reply.spent).toBe(0);
    } finally {
      await forget('llm_openai_compatible');
    }
  });

  it('a fallback without a price is not offered: the primary answers alone, and its failure charges nothing', async () => {
    await saveOpenAi({ model: OPENAI.model, fallback_model: 'gpt-unpriced' });
    try {
      openai.script([{ fail: { status: 503 } }, { fail: { status: 503 } }, { text: 'never said' }]);
      const before = openai.completions().length;
      const reply = await ask('Sessions by channel?');
      expect(
        openai
          .completions()
          .slice(before)
          .map((call) => call.body?.model),
      ).toEqual([OPENAI.model, OPENAI.model]);
      expect(reply.cost).toMatchObject({ model: OPENAI.model, credits: 0, status: 'failed' });
      expect(reply.spent).toBe(0);
      expect(reply.hold).toBeNull();
    } finally {
      openai.script([]);
      await forget('llm_openai_compatible');
    }
  });

  it("the connection tests speak each vendor's protocol: ok with the right key and models, not with a wrong key, an unknown model or fallback, or no server", async () => {
    const port = await closedPort();
    try {
      await saveAnthropic({ model: CLAUDE.model, fallback_model: CLAUDE.fallback });
      expect(await connectionTest('llm_anthropic')).toMatchObject({
        ok: true,
        message: 'The endpoint answers and offers this model',
      });
      const looked = anthropic.requests.filter((r) => r.path.startsWith('/v1/models')).slice(-2);
      expect(looked.map((r) => [r.path, r.apiKey, r.version, r.status])).toEqual([
        [`/v1/models/${CLAUDE.model}`, anthropic.apiKey, '2023-06-01', 200],
        [`/v1/models/${CLAUDE.fallback}`, anthropic.apiKey, '2023-06-01', 200],
      ]);
      // A base URL pasted with its version reaches the same API.
      await saveAnthropic({ base_url: `${anthropic.url}/v1/`, model: CLAUDE.model });
      expect((await connectionTest('llm_anthropic')).ok).toBe(true);
      await saveAnthropic({ api_key: 'sk-ant-wrong', model: CLAUDE.model });
      expect(await connectionTest('llm_anthropic')).toMatchObject({
        ok: false,
        message: 'The endpoint refused this API key',
      });
      await saveAnthropic({ model: 'claude-unknown' });
      expect(await connectionTest('llm_anthropic')).toMatchObject({
        ok: false,
        message: 'The endpoint does not offer this model',
      });
      await saveAnthropic({ model: CLAUDE.model, fallback_model: 'claude-unknown' });
      expect(await connectionTest('llm_anthropic')).toMatchObject({
        ok: false,
        message: 'The endpoint does not offer the fallback model',
      });
      await saveAnthropic({ base_url: `http://127.0.0.1:${port}`, model: CLAUDE.model });
      expect(await connectionTest('llm_anthropic')).toMatchObject({
        ok: false,
        message: 'The provider could not be reached',
      });

      await saveGemini({ model: GEMINI.model, fallback_model: GEMINI.fallback });
      expect((await connectionTest('llm_gemini')).ok).toBe(true);
      expect(google.requests.slice(-2).map((r) => [r.path, r.apiKey, r.status])).toEqual([
        [`/v1beta/models/${GEMINI.model}`, google.apiKey, 200],
        [`/v1beta/models/${GEMINI.fallback}`, google.apiKey, 200],
      ]);
      // Google answers a key it does not know with 400 API_KEY_INVALID.
      await saveGemini({ api_key: 'AIza-wrong', model: GEMINI.model });
      expect(await connectionTest('llm_gemini')).toMatchObject({
        ok: false,
        message: 'The endpoint refused this API key',
      });
      expect(google.requests.at(-1)?.status).toBe(400);
      await saveGemini({ model: 'gemini-unknown' });
      expect(await connectionTest('llm_gemini')).toMatchObject({
        ok: false,
        message: 'The endpoint does not offer this model',
      });

      // The OpenAI-compatible test checks the fallback too, from the one list of models.
      await saveOpenAi({ model: OPENAI.model, fallback_model: 'gpt-unknown' });
      expect(await connectionTest('llm_openai_compatible')).toMatchObject({
        ok: false,
        message: 'The endpoint does not offer the fallback model',
      });
    } finally {
      await forget('llm_anthropic', 'llm_gemini', 'llm_openai_compatible');
    }
  });

  it('the assistant is the first configured provider in the order OpenAI-compatible, Anthropic, Gemini that is not marked no', async () => {
    try {
      expect(await assistantModel()).toMatchObject({ offline: true, model: 'offline' });
      await saveGemini({ model: GEMINI.model });
      expect(await assistantModel()).toMatchObject({ offline: false, model: GEMINI.model });
      await saveAnthropic({ model: CLAUDE.model });
      expect((await assistantModel()).model).toBe(CLAUDE.model);
      await saveOpenAi({ model: OPENAI.model });
      expect((await assistantModel()).model).toBe(OPENAI.model);

      // "no" keeps a provider's key without letting it answer; "yes" (or empty) lets it again.
      await saveOpenAi({ model: OPENAI.model, use_for_assistant: 'no' });
      expect((await assistantModel()).model).toBe(CLAUDE.model);
      await saveAnthropic({ model: CLAUDE.model, use_for_assistant: 'no' });
      expect((await assistantModel()).model).toBe(GEMINI.model);
      await saveGemini({ model: GEMINI.model, use_for_assistant: 'no' });
      expect(await assistantModel()).toMatchObject({ offline: true, model: 'offline' });
      await saveAnthropic({ model: CLAUDE.model, use_for_assistant: 'yes' });
      expect((await assistantModel()).model).toBe(CLAUDE.model);

      // And the reply is answered by the provider the rule names.
      anthropic.script([{ text: 'Claude here.' }]);
      const reply = await ask('Who answers?');
      expect(reply.text).toBe('Claude here.');
      expect(reply.cost).toMatchObject({ model: CLAUDE.model, status: 'done' });

      // Only yes or no.
      const refused = await callEndpoint(t.app, saveForeignKey, {
        as: admin,
        params: { kind: 'llm_gemini' },
        body: { values: { api_key: 'k', model: GEMINI.model, use_for_assistant: 'maybe' } },
      });
      expect(refused.status).toBe(400);
      expect(Object.keys(refused.error().fields ?? {})).toEqual(['values.use_for_assistant']);
      // Anthropic and Gemini need their key; the base URL may be left to the vendor's.
      await forget('llm_anthropic');
      const keyless = await callEndpoint(t.app, saveForeignKey, {
        as: admin,
        params: { kind: 'llm_anthropic' },
        body: { values: { model: CLAUDE.model } },
      });
      expect(Object.keys(keyless.error().fields ?? {})).toEqual(['values.api_key']);
    } finally {
      await forget('llm_openai_compatible', 'llm_anthropic', 'llm_gemini');
    }
  });
});
