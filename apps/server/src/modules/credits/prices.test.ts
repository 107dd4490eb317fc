import { deleteModelPrice, getPrices, putFunctionPrice, putModelPrice } from '@app/contract/billing/prices';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operationRecords } from '../../db/schema';
import { AppError } from '../../platform/app-error';
import { callEndpoint } from '../../test/call-endpoint';
import { createTestApp, signInAdmin, signUpUser, type TestApp } from '../../test/test-app';
import { costOfCall } from './prices.service';

/**
 * The price table: credits per million input and output tokens per model and a price per
 * function, edited by admins with every change recorded, and the one rule a call's cost follows.
 */
describe('the price table', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signInAdmin>>;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signInAdmin(t.app);
  });
  afterAll(() => t.close());

  it('a new install prices the offline analyst at 0, each area per run, and each built-in analysis at its area price', async () => {
    const prices = (await callEndpoint(t.app, getPrices, { as: admin })).ok();
    expect(prices.models).toEqual([
      expect.objectContaining({ model: 'offline', input_per_million: 0, output_per_million: 0 }),
    ]);
    expect(Object.fromEntries(prices.functions.map((f) => [f.function_key, f.credits]))).toEqual({
      ai_table: 1,
      analysis: 5,
      'analysis.channel_performance': 5,
      'analysis.gads_wasted_spend': 5,
      'analysis.gsc_query_opportunities': 5,
      'analysis.landing_page_conversions': 5,
      'analysis.top_movers': 5,
      'analysis.weekly_summary': 5,
      chat: 1,
    });
  });

  it('an offline answer costs the function price alone: a chat message is 1 credit', async () => {
    const cost = await costOfCall(t.platform, {
      functionKey: 'chat',
      model: 'offline',
      inputTokens: 5000,
      outputTokens: 800,
    });
    expect(cost).toEqual({ credits: 1, functionCredits: 1, tokenCredits: 0 });
  });

  it("a model's tokens cost its rates per million, rounded up to a whole credit, on top of the function price", async () => {
    (
      await callEndpoint(t.app, putModelPrice, {
        as: admin,
        body: { model: 'gpt-4o-mini', input_per_million: 150, output_per_million: 600 },
      })
    ).ok();
    const cases = [
      { input: 10_000, output: 2_000 },
      { input: 1, output: 0 },
      { input: 0, output: 0 },
      { input: 123_456, output: 7_890 },
    ];
    for (const { input, output } of cases) {
      const cost = await costOfCall(t.platform, {
        functionKey: 'chat',
        model: 'gpt-4o-mini',
        inputTokens: input,
        outputTokens: output,
      });
      // Written out independently: (tokens x credits per million) / 1,000,000, a part counted whole.
      const tokens = Math.ceil((input * 150 + output * 600) / 1_000_000);
      expect(cost).toEqual({ credits: 1 + tokens, functionCredits: 1, tokenCredits: tokens });
    }
    // A function `area.name` without its own price pays its area's.
    expect(
      (
        await costOfCall(t.platform, {
          functionKey: 'analysis.top_movers',
          model: 'offline',
          inputTokens: 0,
          outputTokens: 0,
        })
      ).credits,
    ).toBe(5);
  });

  it('each change is an operation record with the figures before and after; a removed model cannot be used', async () => {
    (
      await callEndpoint(t.app, putModelPrice, {
        as: admin,
        body: { model: 'deepseek-chat', input_per_million: 30, output_per_million: 120 },
      })
    ).ok();
    (
      await callEndpoint(t.app, putModelPrice, {
        as: admin,
        body: { model: 'deepseek-chat', input_per_million: 40, output_per_million: 160 },
      })
    ).ok();
    const [record] = await t.platform.db
      .select()
      .from(operationRecords)
      .where(
        and(
          eq(operationRecords.action, 'price.model.update'),
          eq(operationRecords.targetId, 'deepseek-chat'),
        ),
      )
      .orderBy(desc(operationRecords.id))
      .limit(1);
    expect(record).toMatchObject({
      actorEmail: 'root@example.com',
      before: { input_per_million: 30, output_per_million: 120 },
      after: { input_per_million: 40, output_per_million: 160 },
      result: 'success',
    });

    (
      await callEndpoint(t.app, putFunctionPrice, { as: admin, body: { function_key: 'chat', credits: 2 } })
    ).ok();
    expect(
      (
        await costOfCall(t.platform, {
          functionKey: 'chat',
          model: 'offline',
          inputTokens: 0,
          outputTokens: 0,
        })
      ).credits,
    ).toBe(2);
    (
      await callEndpoint(t.app, putFunctionPrice, { as: admin, body: { function_key: 'chat', credits: 1 } })
    ).ok();

    (await callEndpoint(t.app, deleteModelPrice, { as: admin, query: { model: 'deepseek-chat' } })).ok();
    const refused = await costOfCall(t.platform, {
      functionKey: 'chat',
      model: 'deepseek-chat',
      inputTokens: 1,
      outputTokens: 1,
    }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).code).toBe('CONFLICT');
  });

  it('bad prices are refused naming the field, and change nothing', async () => {
    const bad = [
      { model: 'm1', input_per_million: -1, output_per_million: 0, field: 'input_per_million' },
      { model: 'm1', input_per_million: 1.5, output_per_million: 0, field: 'input_per_million' },
      { model: 'm1', input_per_million: 0, output_per_million: 1e308, field: 'output_per_million' },
      { model: 'has space', input_per_million: 0, output_per_million: 0, field: 'model' },
    ];
    for (const { field, ...body } of bad) {
      const answer = await callEndpoint(t.app, putModelPrice, { as: admin, body });
      expect(answer.status).toBe(400);
      expect(Object.keys(answer.error().fields ?? {})).toContain(field);
    }
    const models = (await callEndpoint(t.app, getPrices, { as: admin })).ok().models.map((m) => m.model);
    expect(models).not.toContain('m1');
    expect(models).not.toContain('has space');
  });

  it('an ordinary user can neither read nor change prices', async () => {
    const user = await signUpUser(t.app);
    expect((await callEndpoint(t.app, getPrices, { as: user })).status).toBe(403);
    const change = await callEndpoint(t.app, putFunctionPrice, {
      as: user,
      body: { function_key: 'chat', credits: 0 },
    });
    expect(change.status).toBe(403);
  });
});
