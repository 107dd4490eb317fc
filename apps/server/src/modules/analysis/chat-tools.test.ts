import { listAnalysisRuns } from '@app/contract/analysis/runs';
import { adjustCredits } from '@app/contract/billing/credits';
import { listMyUsageLogs } from '@app/contract/billing/usage';
import { createChat, getChat, sendChatMessage } from '@app/contract/chat/chats';
import type { ReplyPart } from '@app/contract/chat/parts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planFunctions, plans } from '../../db/schema';
import { callEndpoint } from '../../test/call-endpoint';
import { createTestApp, signInAdmin, signUpUser, type TestApp } from '../../test/test-app';
import { balanceOf, teamIdOf } from '../billing/billing.test-kit';
import { readFrames } from '../chat/assistant/assistant.test-kit';
import { SEEDED_ANALYSIS_PRICE } from './functions.seed';

/**
 * The team's analysis functions as the assistant's tools (issue 24, Tools), through the offline
 * analyst: a question that asks for a function by its words runs it through the analysis runner,
 * at its own price and under its own hold, kept in the analysis history; its figures are held here
 * to plain SQL over the demo rows; a plan without the function does not offer it; a balance that
 * pays the message but not the function says so and charges only the message.
 */

type Table = Extract<ReplyPart, { type: 'ag_table' }>;
type User = Awaited<ReturnType<typeof signUpUser>>;

const TODAY = new Date().toISOString().slice(0, 10);
const shift = (day: string, days: number) => {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};
const pad = (n: number) => String(n).padStart(2, '0');
const LAST_30: [string, string] = [shift(TODAY, -30), shift(TODAY, -1)];
const [YEAR, MONTH] = [Number(TODAY.slice(0, 4)), Number(TODAY.slice(5, 7))];
const LAST_MONTH: [string, string] = (() => {
  const y = MONTH === 1 ? YEAR - 1 : YEAR;
  const m = MONTH === 1 ? 12 : MONTH - 1;
  return [`${y}-${pad(m)}-01`, `${y}-${pad(m)}-${pad(new Date(Date.UTC(y, m, 0)).getUTCDate())}`];
})();
/** The seeded chat function's price: one credit a message. */
const MESSAGE_CREDITS = 1;

describe('analysis functions as chat tools (offline analyst)', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signInAdmin>>;
  let sent = 0;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signInAdmin(t.app);
  });
  afterAll(() => t.close());

  async function ask(user: User, text: string, locale = 'en_US') {
    const chatId = (await callEndpoint(t.app, createChat, { as: user, body: {} })).ok().chat.id;
    sent += 1;
    const res = await callEndpoint(t.app, sendChatMessage, {
      as: user,
      params: { id: chatId },
      body: { id: `fn-question-${sent}-${Date.now()}`, text },
      headers: { cookie: `app_lang=${locale}` },
    });
    expect(res.status, res.text.slice(0, 300)).toBe(200);
    return { chatId, ...readFrames(res.text) };
  }

  /** Keywords that spent without converting in the range, and their cost in dollars: plain SQL. */
  async function wastedKeywords(range: [string, string]) {
    const read = await t.platform.analytics.read(
      { kind: 'demo' },
      `select keyword, (sum(cost_micros) / 1e6)::double from gads_daily
       where date between cast(? as date) and cast(? as date)
       group by 1 having sum(conversions) = 0 and sum(cost_micros) > 0
       order by 2 desc limit 20`,
      range,
    );
    return new Map((read?.rows ?? []).map((row) => [String(row[0]), Number(row[1])]));
  }

  const runsOf = async (user: User) =>
    (await callEndpoint(t.app, listAnalysisRuns, { as: user, query: {} })).ok();

  it('"wasted spend" runs Ads wasted spend: its figures equal the demo rows, it is kept in the history, and the reply costs the message plus the function', async () => {
    const user = await signUpUser(t.app);
    const teamId = await teamIdOf(t, user);
    const before = await balanceOf(t, teamId);
    const reply = await ask(user, 'Where is our Google Ads wasted spend in the last 30 days?');

    const [wasted] = reply.parts.filter((p): p is Table => p.type === 'ag_table');
    expect(wasted?.ranges.map((r) => [r.role, r.start, r.end])).toEqual([['current', ...LAST_30]]);
    const expected = await wastedKeywords(LAST_30);
    expect(expected.size).toBeGreaterThan(0);
    expect(wasted?.rowData.map((row) => row.keyword)).toEqual([...expected.keys()]);
    for (const row of wasted?.rowData ?? []) {
      expect(Math.abs(Number(row.cost) - (expected.get(String(row.keyword)) ?? 0))).toBeLessThan(0.006);
    }
    // The commentary names the function, its range and its price; the run's own summary follows.
    expect(reply.text).toContain('I ran Ads wasted spend over Last 30 days');
    expect(reply.text).toContain(`for ${SEEDED_ANALYSIS_PRICE} credits`);
    const runs = await runsOf(user);
    expect(runs.items.map((run) => [run.function_key, run.status, run.credits])).toEqual([
      ['analysis.gads_wasted_spend', 'succeeded', SEEDED_ANALYSIS_PRICE],
    ]);
    const link = reply.parts.find(
      (p) => p.type === 'content' && p.content.includes('/ai-table/analysis?run='),
    );
    expect(link).toMatchObject({ content: expect.stringContaining(runs.items[0]?.id ?? 'no run') });

    // Two holds, two charges, one reply: the message's price and the function's.
    const total = MESSAGE_CREDITS + SEEDED_ANALYSIS_PRICE;
    expect(reply.cost).toMatchObject({ credits: total, status: 'done' });
    expect(await balanceOf(t, teamId)).toMatchObject({ balance: before.balance - total, held: 0 });
    const kept = (await callEndpoint(t.app, getChat, { as: user, params: { id: reply.chatId } })).ok();
    expect(kept.messages.at(-1)).toMatchObject({ role: 'assistant', status: 'done', credits: total });
    const usage = (await callEndpoint(t.app, listMyUsageLogs, { as: user, query: {} })).ok();
    expect(usage.items.map((log) => [log.function_key, log.credits]).sort()).toEqual(
      [
        ['analysis.gads_wasted_spend', SEEDED_ANALYSIS_PRICE],
        ['chat', MESSAGE_CREDITS],
      ].sort(),
    );
  });

  it('上个月的广告无效花费: the same function over last month, answered in Chinese', async () => {
    const user = await signUpUser(t.app);
    const reply = await ask(user, '上个月的广告无效花费', 'zh_CN');
    const [wasted] = reply.parts.filter((p): p is Table => p.type === 'ag_table');
    expect(wasted?.ranges[0]).toMatchObject({ start: LAST_MONTH[0], end: LAST_MONTH[1] });
    expect(wasted?.rowData.map((row) => row.keyword)).toEqual([...(await wastedKeywords(LAST_MONTH)).keys()]);
    expect(reply.text).toContain('广告无效花费');
    expect(reply.text).toContain(`消耗 ${SEEDED_ANALYSIS_PRICE} 积分`);
    expect(reply.parts.some((p) => p.type === 'content' && p.content.startsWith('已保存到分析历史'))).toBe(
      true,
    );
  });

  it('a question naming a metric fills the function form: "top movers of clicks" runs Top movers on clicks', async () => {
    const user = await signUpUser(t.app);
    await ask(user, 'top movers of clicks last 7 days vs the preceding period');
    const [run] = (await runsOf(user)).items;
    expect(run).toMatchObject({ function_key: 'analysis.top_movers', status: 'succeeded' });
    expect(run?.inputs).toMatchObject({
      source: 'gsc',
      // The default (channel) is not a Search Console field: the first option that is.
      dimension: 'country',
      metric: 'clicks',
      period: { range: 'last_7_days', compare: 'preceding' },
    });
  });

  it('a balance that pays the message but not the function: the reply says so, no run is kept, only the message is charged', async () => {
    const user = await signUpUser(t.app);
    const teamId = await teamIdOf(t, user);
    const { balance } = await balanceOf(t, teamId);
    (
      await callEndpoint(t.app, adjustCredits, {
        as: admin,
        params: { team_id: teamId },
        body: { amount: MESSAGE_CREDITS + 2 - balance, reason: 'test set-up' },
      })
    ).ok();
    const reply = await ask(user, 'weekly summary please');
    expect(reply.text).toContain('I could not run Weekly summary');
    expect(reply.text.toLowerCase()).toContain('credits');
    expect((await runsOf(user)).total).toBe(0);
    expect(reply.cost).toMatchObject({ credits: MESSAGE_CREDITS, status: 'done' });
    expect(await balanceOf(t, teamId)).toMatchObject({ balance: 2, held: 0 });
  });

  it('a plan that does not allow the function does not offer it: the question is answered from queries, no run, the message price only', async () => {
    // The default plan allows the analysis area; take it away for this test, then give it back.
    const [free] = await t.platform.db.select({ id: plans.id }).from(plans).where(eq(plans.isDefault, true));
    const planId = free?.id ?? '';
    const allowed = await t.platform.db
      .select()
      .from(planFunctions)
      .where(and(eq(planFunctions.planId, planId), sql`${planFunctions.functionKey} like 'analysis%'`));
    expect(allowed.length).toBeGreaterThan(0);
    await t.platform.db
      .delete(planFunctions)
      .where(and(eq(planFunctions.planId, planId), sql`${planFunctions.functionKey} like 'analysis%'`));
    try {
      const user = await signUpUser(t.app);
      const teamId = await teamIdOf(t, user);
      const before = await balanceOf(t, teamId);
      const reply = await ask(user, 'wasted spend by keyword last 30 days');
      expect(reply.text).not.toContain('I ran');
      expect((await runsOf(user)).total).toBe(0);
      expect(reply.cost?.credits).toBe(MESSAGE_CREDITS);
      expect(await balanceOf(t, teamId)).toMatchObject({ balance: before.balance - MESSAGE_CREDITS });
    } finally {
      await t.platform.db.insert(planFunctions).values(allowed);
    }
  });
});
