import { existsSync, writeFileSync } from 'node:fs';
import { type IncomingMessage, request } from 'node:http';
import path from 'node:path';
import {
  clearForeignKey,
  saveForeignKey,
  testForeignKey,
} from '@app/contract/admin/foreign-keys/foreign-keys';
import { listAnalysisRuns } from '@app/contract/analysis/runs';
import { createChat, getChat, sendChatMessage } from '@app/contract/chat/chats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callEndpoint } from '../../../test/call-endpoint';
import { answerAnyQuestion } from '../../../test/openai-stand-in/default-script';
import {
  type OpenAiStandIn,
  type RecordedRequest,
  startOpenAiStandIn,
  textOf,
} from '../../../test/openai-stand-in/openai-stand-in';
import type { ChatMessage, ChatRequest } from '../../../test/openai-stand-in/protocol';
import { createTestApp, signInAdmin, signUpUser, type TestApp } from '../../../test/test-app';
import { STORE_TABLES } from '../../analytics/store-schema';
import { balanceOf, teamIdOf } from '../../billing/billing.test-kit';
import { findReservationByKey } from '../../credits/credits.repo';
import { upsertModelPrice } from '../../credits/prices.repo';
import { tokenCost } from '../../credits/prices.service';
import { findUsageOfReservation } from '../../credits/usage.repo';
import { FREE_PLAN_TOOLS, readFrames } from './assistant.test-kit';

/**
 * The assistant's real-provider path (issue 24) against the OpenAI-compatible stand-in over real
 * HTTP: the model calls tools over several steps and is metered at its price; a chart it asks for
 * that the result cannot draw is refused; the SQL it writes reads nothing outside the team's own
 * store; a reply the user stops pays only its tokens; a wrong key fails cleanly and charges
 * nothing; and the admin's connection test tells a working key and model from broken ones.
 */

const MODEL = 'stand-in-model';
/** Credits per million tokens, in and out; the seeded chat function costs 1 credit a message. */
const PRICE = { inputPerMillion: 1000, outputPerMillion: 4000 };
const FUNCTION_CREDITS = 1;

const SESSIONS_BY_CHANNEL = {
  source: 'ga',
  metrics: ['sessions'],
  dimensions: ['channel'],
  date_range: 'last_30_days',
  chart: { type: 'bar', x: 'channel', series: ['sessions'] },
};

type User = Awaited<ReturnType<typeof signUpUser>>;

/** What the model was sent in the `i`th call of a reply (it must have been called that often). */
function sentTo(calls: RecordedRequest[], i: number): ChatRequest {
  const body = calls[i]?.body;
  if (!body) throw new Error(`the model was called ${calls.length} times`);
  return body;
}
const said = (message: ChatMessage | undefined) => (message ? textOf(message) : '');
const toolMessages = (request: ChatRequest) => request.messages.filter((m) => m.role === 'tool');
const toolResult = (content: string) => JSON.parse(content) as Record<string, unknown>;

describe('the assistant over an OpenAI-compatible endpoint (the stand-in)', () => {
  let llm: OpenAiStandIn;
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signInAdmin>>;
  /** Asks most questions; each test reads its team's balance before and after. */
  let me: Awaited<ReturnType<typeof asker>>;
  let sent = 0;

  beforeAll(async () => {
    llm = await startOpenAiStandIn({ models: [MODEL, 'other-model'] });
    t = await createTestApp({ LLM_BASE_URL: llm.url, LLM_API_KEY: llm.apiKey ?? '', LLM_MODEL: MODEL });
    await t.platform.db.transaction((tx) => upsertModelPrice(tx, { model: MODEL, ...PRICE }));
    // The price table is kept in memory by its version: this instance hears of the write first.
    await t.platform.changes.settle();
    admin = await signInAdmin(t.app);
    me = await asker();
  });
  afterAll(async () => {
    await t?.close();
    await llm?.close();
  });

  /** A new user in their own team, and a chat of theirs. */
  async function asker() {
    const user = await signUpUser(t.app);
    const teamId = await teamIdOf(t, user);
    return { user, teamId, newChat: () => newChat(user) };
  }

  async function newChat(user: User) {
    return (await callEndpoint(t.app, createChat, { as: user, body: {} })).ok().chat.id;
  }

  const balance = async (teamId: string) => (await balanceOf(t, teamId)).balance;

  async function ask(user: User, chatId: string, text: string) {
    sent += 1;
    const id = `remote-question-${sent}-${Date.now()}`;
    const before = llm.completions().length;
    const res = await callEndpoint(t.app, sendChatMessage, {
      as: user,
      params: { id: chatId },
      body: { id, text },
    });
    expect(res.status, res.text.slice(0, 300)).toBe(200);
    return { id, ...readFrames(res.text), calls: llm.completions().slice(before) };
  }

  async function keptReply(user: User, chatId: string) {
    const read = (await callEndpoint(t.app, getChat, { as: user, params: { id: chatId } })).ok();
    const reply = read.messages.at(-1);
    expect(reply?.role).toBe('assistant');
    return reply as NonNullable<typeof reply>;
  }

  /**
   * Sends a question over a real connection (inject cannot hang up), its own (Node's fetch keeps a
   * spare one open to the server after an abort, which would hold the app's close for seconds),
   * reads the reply stream until `until` appears, then hangs up as a user who stops does.
   * Answers what was read.
   */
  async function askUntil(user: User, chatId: string, id: string, text: string, until: string) {
    const listening = t.app.server.address();
    const address =
      listening && typeof listening === 'object'
        ? `http://127.0.0.1:${listening.port}`
        : await t.app.listen({ port: 0, host: '127.0.0.1' });
    const stop = new AbortController();
    const res = await new Promise<IncomingMessage>((resolve, reject) => {
      request(`${address}/api/chats/${chatId}/messages`, {
        method: 'POST',
        headers: { ...user.auth, 'content-type': 'application/json' },
        signal: stop.signal,
        agent: false,
      })
        .on('response', resolve)
        .on('error', reject)
        .end(JSON.stringify({ id, text }));
    });
    expect(res.statusCode).toBe(200);
    res.on('error', () => undefined);
    let received = '';
    for await (const chunk of res) {
      received += String(chunk);
      if (received.includes(until)) break;
    }
    stop.abort();
    return received;
  }

  /**
   * The reply of a stream the test hung up on, once it has settled: its rows are written while the
   * model is asked, so right after an early hang-up the chat may not hold them yet.
   */
  async function settledReply(user: User, chatId: string) {
    for (const started = Date.now(); Date.now() - started < 10_000; ) {
      const read = (await callEndpoint(t.app, getChat, { as: user, params: { id: chatId } })).ok();
      const reply = read.messages.at(-1);
      if (reply?.role === 'assistant' && reply.status !== 'streaming') return reply;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('the reply did not settle within 10 s');
  }

  /** Saves the vault's model settings (over the environment's) with the stand-in's URL. */
  const save = async (values: Record<string, string>) =>
    (
      await callEndpoint(t.app, saveForeignKey, {
        as: admin,
        params: { kind: 'llm_openai_compatible' },
        body: { values: { base_url: llm.url, ...values } },
      })
    ).ok();
  const forget = async () =>
    (
      await callEndpoint(t.app, clearForeignKey, { as: admin, params: { kind: 'llm_openai_compatible' } })
    ).ok();

  async function usageOf(teamId: string, questionId: string) {
    const hold = await findReservationByKey(t.platform.db, teamId, `chat:${questionId}`);
    return { hold, log: hold ? await findUsageOfReservation(t.platform.db, hold.id) : null };
  }

  it('answers over two steps: query_analytics, its result sent back, then text; metered at the model price', async () => {
    const { user, teamId } = me;
    const chatId = await me.newChat();
    const before = await balance(teamId);
    llm.script([
      {
        toolCalls: [{ name: 'query_analytics', arguments: SESSIONS_BY_CHANNEL }],
        usage: { prompt_tokens: 1234, completion_tokens: 56 },
      },
      {
        text: 'Organic Search brought the most sessions in the last 30 days.',
        usage: { prompt_tokens: 1500, completion_tokens: 87 },
      },
    ]);
    const reply = await ask(user, chatId, 'Sessions by channel over the last 30 days?');

    // What the model was sent: streamed with usage, the system prompt, the tools, the question.
    expect(reply.calls).toHaveLength(2);
    const [first, second] = [sentTo(reply.calls, 0), sentTo(reply.calls, 1)];
    expect(reply.calls.every((call) => call.authorization === `Bearer ${llm.apiKey}`)).toBe(true);
    expect(first.model).toBe(MODEL);
    expect(first.stream).toBe(true);
    expect(first.stream_options?.include_usage).toBe(true);
    expect(first.messages[0]?.role).toBe('system');
    expect(said(first.messages[0])).toMatch(/call query_analytics for every figure/);
    expect(first.tools?.map((tool) => tool.function.name).sort()).toEqual(FREE_PLAN_TOOLS);
    expect(said(first.messages.at(-1))).toBe('Sessions by channel over the last 30 days?');

    // The reply: the grid, the chart and the SQL of one kept result, then the model's text.
    const table = reply.parts.find((p) => p.type === 'ag_table');
    const chart = reply.parts.find((p) => p.type === 'ag_chart');
    const sql = reply.parts.find((p) => p.type === 'sql');
    if (table?.type !== 'ag_table' || chart?.type !== 'ag_chart' || sql?.type !== 'sql') {
      throw new Error(
        `expected a grid, a chart and the SQL: ${JSON.stringify(reply.parts.map((p) => p.type))}`,
      );
    }
    expect(table.rowData.length).toBeGreaterThan(1);
    expect([chart.result_id, sql.result_id]).toEqual([table.result_id, table.result_id]);
    expect(chart.options.series.map((s) => [s.type, s.xKey, s.yKey])).toEqual([
      ['bar', 'channel', 'sessions'],
    ]);
    expect(reply.text).toBe('Organic Search brought the most sessions in the last 30 days.');

    // The second step carried the tool's result back: its result id and its rows.
    const [answer] = toolMessages(second);
    const assistant = second.messages.find((m) => m.role === 'assistant');
    expect(answer?.tool_call_id).toBe(assistant?.tool_calls?.[0]?.id);
    const summary = toolResult(said(answer));
    expect(summary.result_id).toBe(table.result_id);
    expect(summary.chart).toBe('shown');
    const rows = summary.rows as Record<string, unknown>[];
    expect(rows.map((row) => [row.channel, row.sessions])).toEqual(
      table.rowData.slice(0, rows.length).map((row) => [row.channel, row.sessions]),
    );

    // Metered: the function's price plus both steps' tokens at the model's price, rounded up.
    const [inputTokens, outputTokens] = [1234 + 1500, 56 + 87];
    const credits = FUNCTION_CREDITS + Math.ceil((inputTokens * 1000 + outputTokens * 4000) / 1e6);
    expect(credits).toBe(5);
    expect(reply.cost).toEqual({
      credits,
      model: MODEL,
      input_tokens: inputTokens,
      output_tokens: outputTokens,
      status: 'done',
    });
    const kept = await keptReply(user, chatId);
    expect(kept).toMatchObject({ status: 'done', model: MODEL, credits });
    expect(kept.parts.map((p) => p.type)).toEqual(['content', 'ag_table', 'ag_chart', 'sql']);
    expect(await balanceOf(t, teamId)).toMatchObject({ balance: before - credits, held: 0 });
    const { hold, log } = await usageOf(teamId, reply.id);
    expect(hold?.status).toBe('settled');
    expect(log).toMatchObject({
      functionKey: 'chat',
      model: MODEL,
      inputTokens,
      outputTokens,
      credits,
      status: 'settled',
    });
  });

  it("runs an analysis function the plan allows through its tool: the function's own run, form and price, its result sent back, every credit counted once", async () => {
    const { user, teamId } = await asker();
    const chatId = await newChat(user);
    const before = await balance(teamId);
    const inputs = { period: { range: 'last_30_days' }, group: 'keyword', limit: 3 };
    llm.script([
      {
        toolCalls: [{ name: 'analysis_gads_wasted_spend', arguments: { inputs } }],
        usage: { prompt_tokens: 2000, completion_tokens: 40 },
      },
      // The function's prompt step asks the same model for its summary.
      {
        text: 'Three keywords spent without converting.',
        usage: { prompt_tokens: 900, completion_tokens: 30 },
      },
      { text: 'The long tail wastes the most.', usage: { prompt_tokens: 2600, completion_tokens: 20 } },
    ]);
    const reply = await ask(user, chatId, 'Which keywords waste money?');
    expect(reply.calls).toHaveLength(3);
    const [first, summary, last] = [0, 1, 2].map((i) => sentTo(reply.calls, i)) as [
      ChatRequest,
      ChatRequest,
      ChatRequest,
    ];
    // The tool is described to the model with the function's own parameters.
    const offered = first.tools?.find((tool) => tool.function.name === 'analysis_gads_wasted_spend');
    expect(offered?.function.description).toContain('costs 5 credits');
    expect(JSON.stringify(offered?.function.parameters)).toContain('"group"');
    expect(said(summary.messages.at(-1))).toContain('Results (JSON)');

    // Kept as a run of the analysis history, with the inputs the model gave.
    const runs = (await callEndpoint(t.app, listAnalysisRuns, { as: user, query: {} })).ok().items;
    expect(runs.map((run) => [run.function_key, run.status, run.inputs.group, run.inputs.limit])).toEqual([
      ['analysis.gads_wasted_spend', 'succeeded', 'keyword', 3],
    ]);
    const run = runs[0] as (typeof runs)[number];
    const table = reply.parts.find((p) => p.type === 'ag_table');
    if (table?.type !== 'ag_table') throw new Error('no grid');
    expect(table.rowData.length).toBeGreaterThan(0);
    expect(table.rowData.length).toBeLessThanOrEqual(3);
    expect(reply.parts[0]).toEqual({ type: 'content', content: 'Three keywords spent without converting.' });

    // The model was sent the run back: its id, its summary and the grid's rows.
    const back = toolResult(said(toolMessages(last)[0]));
    expect(back).toMatchObject({ function: 'Ads wasted spend', run_id: run.id, credits: run.credits });
    expect((back.tables as { rows: unknown[] }[])[0]?.rows).toEqual(table.rowData);
    expect(reply.text).toBe('The long tail wastes the most.');

    // The run paid its price and its summary's tokens on its own hold; the message paid its two steps.
    expect(run.credits).toBe(5 + Math.ceil((900 * 1000 + 30 * 4000) / 1e6));
    const message = FUNCTION_CREDITS + Math.ceil(((2000 + 2600) * 1000 + (40 + 20) * 4000) / 1e6);
    expect(reply.cost?.credits).toBe(message + (run.credits ?? 0));
    expect(await keptReply(user, chatId)).toMatchObject({ credits: message + (run.credits ?? 0) });
    expect(await balanceOf(t, teamId)).toMatchObject({
      balance: before - message - (run.credits ?? 0),
      held: 0,
    });
    expect((await usageOf(teamId, reply.id)).log).toMatchObject({ functionKey: 'chat', credits: message });
  });

  it('a chart whose x names a column the result lacks is refused: the grid stays, the model is told why', async () => {
    const { user } = me;
    const chatId = await me.newChat();
    llm.script([
      {
        toolCalls: [
          {
            name: 'query_analytics',
            arguments: { ...SESSIONS_BY_CHANNEL, chart: { type: 'bar', x: 'country', series: ['sessions'] } },
          },
        ],
      },
      { text: 'Here are sessions by channel.' },
    ]);
    const reply = await ask(user, chatId, 'Sessions by channel as a chart by country');
    expect(reply.parts.map((p) => p.type)).toEqual(['ag_table', 'sql']);
    const [answer] = toolMessages(sentTo(reply.calls, 1));
    expect(toolResult(said(answer)).chart).toMatch(/^not shown: .*country/);
    expect(reply.cost?.status).toBe('done');
    expect((await keptReply(user, chatId)).parts.map((p) => p.type)).toEqual(['content', 'ag_table', 'sql']);
  });

  it("SQL the model writes through run_sql reads the team's own store and nothing else", async () => {
    // Its own team with its own store, beside another team's.
    const { user, teamId, newChat: chat } = await asker();
    const chatId = await chat();
    const other = await asker();
    const row = (channel: string, sessions: number) =>
      `insert into ga_daily (date, property, channel, country, device, landing_page, sessions, users) values (current_date - 1, 'properties/1', '${channel}', 'France', 'mobile', '/', ${sessions}, 1)`;
    await t.platform.analytics.write(teamId, (c) => c.run(row('OurOwnChannel', 7)), { schema: STORE_TABLES });
    await t.platform.analytics.write(other.teamId, (c) => c.run(row('TheirSecretChannel', 424242)), {
      schema: STORE_TABLES,
    });
    const analytics = path.join(t.config.DATA_DIR, 'analytics');
    const theirFile = path.join(analytics, `team-${other.teamId}.duckdb`);
    expect(existsSync(theirFile)).toBe(true);
    const secretFile = path.join(t.config.DATA_DIR, 'secret.csv');
    writeFileSync(secretFile, 'secret\nhunter2-on-disk\n');
    const written = path.join(t.config.DATA_DIR, 'copied.csv');

    const hostile = [
      "select * from read_csv('/etc/passwd')",
      "select * from read_text('/etc/hostname')",
      `select * from read_csv('${secretFile}')`,
      `select * from '${secretFile}'`,
      "select * from sniff_csv('/etc/passwd')",
      `ATTACH '${theirFile}' AS theirs`,
      `select * from query('ATTACH ''${theirFile}'' AS theirs')`,
      `select * from read_blob('${theirFile}')`,
      `select * from glob('${analytics}/*')`,
      `COPY (select 1) TO '${written}'`,
      `COPY ga_daily TO '${written}'`,
      'INSTALL httpfs',
      'LOAD httpfs',
      'SET enable_external_access=true',
      'select 1; select 2',
      `select 1; ATTACH '${theirFile}' AS theirs`,
    ];
    const harmless = [
      'select channel, sum(sessions) as sessions from ga_daily group by channel',
      "select name, value from duckdb_settings() where name in ('enable_external_access', 'lock_configuration') order by name",
    ];
    // One turn of parallel tool calls, as a model sends them, then the comment.
    llm.script([
      { toolCalls: [...hostile, ...harmless].map((sql) => ({ name: 'run_sql', arguments: { sql } })) },
      { text: 'Only your own data is within reach.' },
    ]);
    const reply = await ask(user, chatId, 'Read everything you can');
    expect(reply.cost?.status).toBe('done');
    const request = sentTo(reply.calls, 1);
    const calls = request.messages.find((m) => m.role === 'assistant')?.tool_calls ?? [];
    const results = new Map(toolMessages(request).map((m) => [m.tool_call_id, textOf(m)]));
    const resultOf = (sql: string) => {
      const call = calls.find((c) => (JSON.parse(c.function.arguments) as { sql: string }).sql === sql);
      return toolResult(results.get(call?.id) ?? '{}');
    };
    for (const sql of hostile) {
      const result = resultOf(sql);
      expect(Object.keys(result), sql).toEqual(['error']);
      expect(String(result.error), sql).toMatch(
        /SELECT or WITH|single SELECT|exactly one statement|disabled/i,
      );
    }
    expect(resultOf(harmless[0] as string)).toMatchObject({
      columns: ['channel', 'sessions'],
      rows: [['OurOwnChannel', 7]],
    });
    expect(resultOf(harmless[1] as string)).toMatchObject({
      rows: [
        ['enable_external_access', 'false'],
        ['lock_configuration', 'true'],
      ],
    });
    // Nothing from elsewhere reached the model, the page or the kept reply; no file was written.
    const everything = JSON.stringify([request.messages, reply.parts, await keptReply(user, chatId)]);
    for (const leak of ['TheirSecretChannel', '424242', 'hunter2', 'root:x:0']) {
      expect(everything).not.toContain(leak);
    }
    expect(existsSync(written)).toBe(false);
  });

  it('a reply the user stops pays only the tokens it used: no function price, no hold left, the model hung up on', async () => {
    const { user, teamId } = me;
    const chatId = await me.newChat();
    const before = await balance(teamId);
    llm.script([
      {
        text: Array.from({ length: 50 }, (_, i) => `word${i} `),
        delayMs: 40,
        usage: { prompt_tokens: 1800, completion_tokens: 50 },
      },
    ]);
    const sentBefore = llm.completions().length;
    const id = `remote-stopped-${Date.now()}`;
    const received = await askUntil(user, chatId, id, 'Tell me a long story about sessions', '"text-delta"');
    expect(received).toContain('"text-delta"');

    const kept = await settledReply(user, chatId);
    expect(kept.status).toBe('stopped');
    expect(kept.model).toBe(MODEL);
    // The words it had written are kept, fewer than the model had to say.
    const words = kept.parts.map((p) => (p.type === 'content' ? p.content : '')).join('');
    expect(words).toMatch(/^word0 /);
    expect(words).not.toMatch(/word49/);

    const { hold, log } = await usageOf(teamId, id);
    expect(hold?.status).toBe('settled');
    if (!log) throw new Error('a stopped reply is logged');
    // It read its prompt (the system prompt and the question, about four characters a token) and
    // wrote its first words, though the model never reported them.
    const calls = llm.completions().slice(sentBefore);
    const prompt = sentTo(calls, 0).messages;
    expect(log.inputTokens).toBeGreaterThanOrEqual(Math.ceil(said(prompt[0]).length / 4));
    expect(log.inputTokens).toBeLessThan(JSON.stringify(prompt).length / 2);
    expect(log.outputTokens).toBe(Math.ceil(words.length / 4));
    const tokenCredits = tokenCost(PRICE, log.inputTokens, log.outputTokens);
    expect(kept.credits).toBe(tokenCredits);
    expect(log).toMatchObject({
      functionKey: 'chat',
      model: MODEL,
      credits: tokenCredits,
      status: 'settled',
    });
    expect(await balanceOf(t, teamId)).toMatchObject({ balance: before - tokenCredits, held: 0 });
    // Stopping the reply stopped the model: the stand-in saw its client hang up mid-answer.
    expect(calls.map((call) => call.closedEarly)).toEqual([true]);
  });

  it('a reply stopped while a function runs waits for the run: its parts and its credits are in the reply', async () => {
    const { user, teamId } = await asker();
    const chatId = await newChat(user);
    const before = await balance(teamId);
    llm.script([
      {
        toolCalls: [
          { name: 'analysis_gads_wasted_spend', arguments: { inputs: { group: 'keyword', limit: 3 } } },
        ],
        usage: { prompt_tokens: 2000, completion_tokens: 40 },
      },
      // The run's own summary step, slow: the user stops the reply while it is written.
      {
        text: Array.from({ length: 8 }, (_, i) => `slow${i} `),
        delayMs: 60,
        usage: { prompt_tokens: 900, completion_tokens: 30 },
      },
    ]);
    const id = `remote-stopped-run-${Date.now()}`;
    const received = await askUntil(
      user,
      chatId,
      id,
      'Which keywords waste money?',
      '"tool-input-available"',
    );
    // Stopped once the function was called, before its run could end.
    expect(received).not.toContain('"tool-output-available"');

    const kept = await settledReply(user, chatId);
    expect(kept.status).toBe('stopped');
    const runs = (await callEndpoint(t.app, listAnalysisRuns, { as: user, query: {} })).ok().items;
    expect(runs.map((run) => [run.function_key, run.status])).toEqual([
      ['analysis.gads_wasted_spend', 'succeeded'],
    ]);
    const run = runs[0] as (typeof runs)[number];
    expect(run.credits).toBeGreaterThan(0);
    // The reply keeps the run's grid and counts its credits beside the message's tokens.
    expect(kept.parts.some((part) => part.type === 'ag_table')).toBe(true);
    const { log } = await usageOf(teamId, id);
    if (!log) throw new Error('a stopped reply is logged');
    expect(kept.credits).toBe(log.credits + (run.credits ?? 0));
    expect(await balanceOf(t, teamId)).toMatchObject({
      balance: before - log.credits - (run.credits ?? 0),
      held: 0,
    });
  });

  it('a wrong API key (or a model the endpoint lacks) fails the reply cleanly: an error frame, status failed, nothing charged, the hold released', async () => {
    const { user, teamId } = me;
    const chatId = await me.newChat();
    const before = await balance(teamId);
    await save({ api_key: 'sk-wrong-key-0000', model: MODEL });
    try {
      llm.script([{ text: 'never said' }]);
      const reply = await ask(user, chatId, 'Sessions last week?');
      expect(reply.calls.map((call) => call.status)).toEqual([401]);
      // The page is told in its words, not the endpoint's (which name the key).
      expect(reply.frames.find((f) => f.type === 'error')?.errorText).toBe('The assistant could not answer');
      expect(reply.frames.some((f) => f.type === 'text-delta')).toBe(false);
      expect(reply.cost).toMatchObject({ credits: 0, status: 'failed' });
      expect(reply.frames.at(-1)?.type).toBe('finish');
      expect(await keptReply(user, chatId)).toMatchObject({ status: 'failed', model: MODEL, credits: null });
      expect(await balanceOf(t, teamId)).toMatchObject({ balance: before, held: 0 });
      expect((await usageOf(teamId, reply.id)).hold).toBeNull();

      // A model the endpoint does not offer (priced here, so it may be tried) fails the same way.
      await t.platform.db.transaction((tx) => upsertModelPrice(tx, { model: 'gpt-retired', ...PRICE }));
      await t.platform.changes.settle();
      await save({ api_key: llm.apiKey ?? '', model: 'gpt-retired' });
      const retired = await ask(user, chatId, 'Sessions last week?');
      expect(retired.calls.map((call) => call.status)).toEqual([404]);
      expect(retired.cost).toMatchObject({ credits: 0, model: 'gpt-retired', status: 'failed' });
      expect(await balanceOf(t, teamId)).toMatchObject({ balance: before, held: 0 });
    } finally {
      await forget();
    }
  });

  it("the admin's connection test is ok with the right key and model, and not with a wrong key or an unknown model", async () => {
    const test = async () =>
      (
        await callEndpoint(t.app, testForeignKey, { as: admin, params: { kind: 'llm_openai_compatible' } })
      ).ok();
    try {
      // The environment's seed, then the same saved.
      expect(await test()).toMatchObject({ ok: true, message: 'The endpoint answers and offers this model' });
      await save({ api_key: llm.apiKey ?? '', model: 'other-model' });
      expect((await test()).ok).toBe(true);
      await save({ api_key: 'sk-wrong-key-0000', model: MODEL });
      expect(await test()).toMatchObject({ ok: false, message: 'The endpoint refused this API key' });
      await save({ api_key: llm.apiKey ?? '', model: 'gpt-unknown' });
      expect(await test()).toMatchObject({ ok: false, message: 'The endpoint does not offer this model' });
      expect(llm.requests.filter((r) => r.path === '/v1/models').map((r) => r.status)).toEqual([
        200, 200, 401, 200,
      ]);
    } finally {
      await forget();
    }
  });

  it("the stand-in's own script (npm run llm:stand-in) answers any question with a grid, a bar chart and a comment", async () => {
    const { user } = me;
    const chatId = await me.newChat();
    // Without its pauses between chunks (they are for people watching a page).
    llm.script((request) => ({ ...answerAnyQuestion(request), delayMs: 0 }));
    try {
      const reply = await ask(user, chatId, 'How are we doing?');
      expect(reply.calls).toHaveLength(2);
      expect(reply.parts.map((p) => p.type)).toEqual(['ag_table', 'ag_chart', 'sql']);
      expect(reply.text).toMatch(
        /^Sessions by channel, last 30 days against the preceding 30 \(\d+ channels\): \*\*.+\*\* leads/,
      );
      expect(reply.cost?.status).toBe('done');
    } finally {
      llm.script([]);
    }
  });
});
