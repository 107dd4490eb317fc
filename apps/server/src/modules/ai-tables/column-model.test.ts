import { clearForeignKey, saveForeignKey } from '@app/contract/admin/foreign-keys/foreign-keys';
import {
  addAiColumn,
  createAiTable,
  getAiTable,
  listAiModels,
  runAiColumn,
  updateAiColumn,
} from '@app/contract/ai-tables/tables';
import { runAnalyticsQuery } from '@app/contract/analytics/query';
import { adjustCredits } from '@app/contract/billing/credits';
import { OFFLINE_MODEL } from '@app/contract/billing/prices';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planFunctions, plans, usageLogs } from '../../db/schema';
import {
  type AnthropicStandIn,
  startAnthropicStandIn,
} from '../../test/anthropic-stand-in/anthropic-stand-in';
import { callEndpoint } from '../../test/call-endpoint';
import { type OpenAiStandIn, startOpenAiStandIn } from '../../test/openai-stand-in/openai-stand-in';
import { createTestApp, signInAdmin, signUpUser, type TestApp } from '../../test/test-app';
import { teamIdOf } from '../billing/billing.test-kit';
import { upsertModelPrice } from '../credits/prices.repo';
import { tokenCost } from '../credits/prices.service';
import { runColumn } from './column-runs';

/**
 * An AI column's own model (issue 25): a column picks one of the models the admin configured
 * (any provider's model or fallback, even one kept out of the chat) or the offline writer; its
 * cells are written by that model over its provider's protocol and charged at that model's
 * price; a run keeps the model it started with; a model not offered is refused naming `model`,
 * and a column whose model the admin removed says so instead of running on another.
 */

const GPT = 'gpt-stand-in';
const CLAUDE = 'claude-stand-in';
const CLAUDE_PRICE = { inputPerMillion: 2000, outputPerMillion: 8000 };
const USAGE = { input_tokens: 300, output_tokens: 20 };

describe("an AI column's model", () => {
  let openai: OpenAiStandIn;
  let anthropic: AnthropicStandIn;
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signInAdmin>>;
  let user: Awaited<ReturnType<typeof signUpUser>>;
  let tableId: string;
  let teamId: string;

  beforeAll(async () => {
    [openai, anthropic] = await Promise.all([
      startOpenAiStandIn({ models: [GPT] }),
      startAnthropicStandIn({ models: [CLAUDE] }),
    ]);
    t = await createTestApp();
    await t.platform.db.transaction((tx) => upsertModelPrice(tx, { model: CLAUDE, ...CLAUDE_PRICE }));
    await t.platform.changes.settle();
    admin = await signInAdmin(t.app);
    user = await signUpUser(t.app, { name: 'Column model' });
    teamId = await teamIdOf(t, user);
    const [free] = await t.platform.db.select().from(plans).where(eq(plans.isDefault, true));
    await t.platform.db.insert(planFunctions).values({ planId: free?.id as string, functionKey: 'ai_table' });
    (
      await callEndpoint(t.app, adjustCredits, {
        as: admin,
        params: { team_id: teamId },
        body: { amount: 1000, reason: 'Column model test' },
      })
    ).ok();
    // OpenAI-compatible answers the chat; Anthropic is configured but kept out of it.
    const save = async (kind: 'llm_openai_compatible' | 'llm_anthropic', values: Record<string, string>) =>
      (await callEndpoint(t.app, saveForeignKey, { as: admin, params: { kind }, body: { values } })).ok();
    await save('llm_openai_compatible', { base_url: openai.url, api_key: openai.apiKey ?? '', model: GPT });
    await save('llm_anthropic', {
      base_url: anthropic.url,
      api_key: anthropic.apiKey,
      model: CLAUDE,
      use_for_assistant: 'no',
    });
    const result = (
      await callEndpoint(t.app, runAnalyticsQuery, {
        as: user,
        body: {
          source: 'gads',
          metrics: ['clicks'],
          dimensions: ['keyword'],
          date_range: 'last_30_days',
          limit: 5,
        },
      })
    ).ok();
    tableId = (
      await callEndpoint(t.app, createAiTable, {
        as: user,
        body: { name: 'Keywords', source: { kind: 'result', result_id: result.result_id } },
      })
    ).ok().table.id;
  });
  afterAll(async () => {
    await t?.close();
    await Promise.all([openai?.close(), anthropic?.close()]);
  });

  const models = async () => (await callEndpoint(t.app, listAiModels, { as: user })).ok();
  const addColumn = (model?: string | null) =>
    callEndpoint(t.app, addAiColumn, {
      as: user,
      params: { id: tableId },
      body: { name: 'Theme', prompt: 'Name the theme of {{keyword}}', output: 'text', model },
    });
  const run = (columnId: string) =>
    callEndpoint(t.app, runAiColumn, {
      as: user,
      params: { id: tableId, column_id: columnId },
      body: { cells: 'all' },
    });

  it('offers every configured model (one kept out of the chat too) and the offline writer, and names the default', async () => {
    expect(await models()).toEqual({
      items: [
        { id: GPT, kind: 'llm_openai_compatible' },
        { id: CLAUDE, kind: 'llm_anthropic' },
        { id: OFFLINE_MODEL, kind: 'offline' },
      ],
      default_model: GPT,
    });
  });

  it("a column on Anthropic is written by Anthropic over its protocol and charged at Claude's price", async () => {
    const column = (await addColumn(CLAUDE)).ok().column;
    expect(column.ai?.model).toBe(CLAUDE);
    anthropic.script(() => ({ text: 'Running shoes', usage: USAGE }));
    const sentBefore = anthropic.messages().length;
    const gptBefore = openai.completions().length;
    const started = (await run(column.id)).ok().run;
    expect(started.model).toBe(CLAUDE);
    await runColumn(t.platform, started.id);

    const got = (await callEndpoint(t.app, getAiTable, { as: user, params: { id: tableId } })).ok();
    const cells = got.rows.map((row) => row.cells[column.id]);
    expect(cells.every((cell) => cell?.status === 'done' && cell.value === 'Running shoes')).toBe(true);
    const asked = anthropic.messages().slice(sentBefore);
    expect(asked).toHaveLength(got.rows.length);
    expect(asked.every((request) => request.body?.model === CLAUDE)).toBe(true);
    expect(openai.completions().length).toBe(gptBefore);

    const cell = got.cell_price + tokenCost(CLAUDE_PRICE, USAGE.input_tokens, USAGE.output_tokens);
    const finished = got.runs.find((r) => r.id === started.id);
    expect(finished).toMatchObject({ status: 'done', model: CLAUDE, credits: cell * got.rows.length });
    const logs = await t.platform.db
      .select()
      .from(usageLogs)
      .where(and(eq(usageLogs.teamId, teamId), eq(usageLogs.model, CLAUDE), eq(usageLogs.status, 'settled')));
    expect(logs).toHaveLength(got.rows.length);
    expect(logs.every((log) => log.credits === cell)).toBe(true);
  });

  it("a column without a model runs on the assistant's; the offline writer can be chosen", async () => {
    const plain = (await addColumn(null)).ok().column;
    expect(plain.ai?.model ?? null).toBeNull();
    expect((await run(plain.id)).ok().run.model).toBe(GPT);
    const offline = (await addColumn(OFFLINE_MODEL)).ok().column;
    expect((await run(offline.id)).ok().run.model).toBe(OFFLINE_MODEL);
  });

  it('a model not offered is refused naming `model`, adding or changing a column', async () => {
    const refused = await addColumn('gpt-nowhere');
    expect(refused.status).toBe(400);
    expect(refused.error().fields).toHaveProperty('model');
    const column = (await addColumn(null)).ok().column;
    const changed = await callEndpoint(t.app, updateAiColumn, {
      as: user,
      params: { id: tableId, column_id: column.id },
      body: { name: 'Theme', prompt: 'Name the theme of {{keyword}}', output: 'text', model: 'gpt-nowhere' },
    });
    expect(changed.status).toBe(400);
    expect(changed.error().fields).toHaveProperty('model');
  });

  it('a column whose model the admin removed refuses to run on another, naming `model`', async () => {
    const column = (await addColumn(CLAUDE)).ok().column;
    (await callEndpoint(t.app, clearForeignKey, { as: admin, params: { kind: 'llm_anthropic' } })).ok();
    expect((await models()).items.map((model) => model.id)).toEqual([GPT, OFFLINE_MODEL]);
    const refused = await run(column.id);
    expect(refused.status).toBe(400);
    expect(refused.error().fields).toHaveProperty('model');
    // Renaming it keeps its model: the column still says which model it was made for.
    const renamed = await callEndpoint(t.app, updateAiColumn, {
      as: user,
      params: { id: tableId, column_id: column.id },
      body: { name: 'Renamed', prompt: 'Name the theme of {{keyword}}', output: 'text', model: CLAUDE },
    });
    expect(renamed.ok().column.ai?.model).toBe(CLAUDE);
  });
});
