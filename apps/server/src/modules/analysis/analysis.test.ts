import { createTeam, switchCurrentTeam } from '@app/contract/account/teams/teams';
import {
  getAnalysisRun,
  listAnalysisFunctions,
  listAnalysisRuns,
  runAnalysis,
  sendRunToChat,
  shareAnalysisRun,
} from '@app/contract/analysis/runs';
import { getMyCredits } from '@app/contract/billing/credits';
import { getChat } from '@app/contract/chat/chats';
import type { ReplyPart } from '@app/contract/chat/parts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aiFunctions, aiFunctionVersions, teamMembers } from '../../db/schema';
import { callEndpoint } from '../../test/call-endpoint';
import { createTestApp, signUpUser, type TestApp } from '../../test/test-app';
import { seedFunctions } from './functions.seed';

/**
 * The analysis runner over the demo (issue 25). Each built-in function's figures are held to an
 * independent computation written here in plain SQL over the same demo rows, with the dates
 * worked out here; ranking, movers and the CTR gap are recomputed here in plain code.
 */

type Table = Extract<ReplyPart, { type: 'ag_table' }>;
type Chart = Extract<ReplyPart, { type: 'ag_chart' }>;

const TODAY = new Date().toISOString().slice(0, 10);
const shift = (day: string, days: number) => {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};
const minusYear = (day: string) => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const last = new Date(Date.UTC(y - 1, m, 0)).getUTCDate();
  return `${y - 1}-${String(m).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
};
const LAST_30: [string, string] = [shift(TODAY, -30), shift(TODAY, -1)];
const PRECEDING_30: [string, string] = [shift(TODAY, -60), shift(TODAY, -31)];
const LAST_30_YOY: [string, string] = [minusYear(LAST_30[0]), minusYear(LAST_30[1])];

const tables = (parts: ReplyPart[]) => parts.filter((p): p is Table => p.type === 'ag_table');
const charts = (parts: ReplyPart[]) => parts.filter((p): p is Chart => p.type === 'ag_chart');

describe('analysis functions over the demo, figures checked independently', () => {
  let t: TestApp;
  let user: Awaited<ReturnType<typeof signUpUser>>;

  beforeAll(async () => {
    t = await createTestApp();
    user = await signUpUser(t.app, { name: 'Marketer' });
  });
  afterAll(() => t.close());

  /** Rows of plain SQL over the demo, keyed by their first column. */
  async function demo(sql: string, params: unknown[]): Promise<Map<string, number[]>> {
    const read = await t.platform.analytics.read({ kind: 'demo' }, sql, params);
    return new Map((read?.rows ?? []).map((row) => [String(row[0]), row.slice(1).map(Number)]));
  }

  const near = (actual: unknown, wanted: number, what: string) => {
    expect(typeof actual, what).toBe('number');
    expect(Math.abs((actual as number) - wanted), `${what}: ${actual} vs ${wanted}`).toBeLessThanOrEqual(
      Math.max(0.006, Math.abs(wanted) * 1e-6),
    );
  };

  const run = (
    function_key: string,
    inputs: Record<string, unknown> = {},
    filters: unknown[] = [],
    as = user,
  ) =>
    callEndpoint(t.app, runAnalysis, {
      as,
      body: { function_key, inputs, filters } as never,
    });

  it('lists the six built-in functions in the reader language, each priced, allowed by the free plan, with its form and filters', async () => {
    const res = await callEndpoint(t.app, listAnalysisFunctions, {
      as: user,
      headers: { 'accept-language': 'zh-CN', cookie: 'app_lang=zh_CN' },
    });
    const items = res.ok().items;
    expect(items.map((f) => f.key).sort()).toEqual([
      'analysis.channel_performance',
      'analysis.gads_wasted_spend',
      'analysis.gsc_query_opportunities',
      'analysis.landing_page_conversions',
      'analysis.top_movers',
      'analysis.weekly_summary',
    ]);
    const channels = items.find((f) => f.key === 'analysis.channel_performance');
    expect(channels).toMatchObject({ name: '渠道表现', price: 5, allowed: true, version: 1 });
    expect(channels?.parameters.map((p) => [p.key, p.input_data.type])).toEqual([
      ['period', 'date'],
      ['metrics', 'check_list'],
    ]);
    expect(channels?.filters.map((f) => f.filter_value_type)).toEqual(['string', 'float']);
    expect(channels?.filters[0]?.fields.map((f) => f.field)).toContain('device');
  });

  it('channel performance, last 30 days vs a year before on mobile: every figure equals the demo rows, both charts compare the two ranges, 5 credits charged', async () => {
    const before = (await callEndpoint(t.app, getMyCredits, { as: user })).ok();
    const res = await run(
      'analysis.channel_performance',
      { period: { range: 'last_30_days', compare: 'yoy' }, metrics: 'sessions;revenue' },
      [{ connect_pre_filter: 'and', field: 'device', operator: 'eq', value: 'mobile' }],
    );
    const { run: done } = res.ok();
    expect(done).toMatchObject({ status: 'succeeded', credits: 5, model: 'offline', version: 1, mine: true });
    const [table] = tables(done.parts);
    expect(table?.ranges.map((r) => [r.role, r.start, r.end])).toEqual([
      ['current', ...LAST_30],
      ['previous', ...LAST_30_YOY],
    ]);
    const sql = `select channel, sum(sessions)::double, sum(revenue)::double from ga_daily
      where date between cast(? as date) and cast(? as date) and lower(device) = 'mobile' group by 1`;
    const [now, then] = await Promise.all([demo(sql, LAST_30), demo(sql, LAST_30_YOY)]);
    expect(new Set(table?.rowData.map((row) => String(row.channel)))).toEqual(new Set(now.keys()));
    for (const row of table?.rowData ?? []) {
      const key = String(row.channel);
      near(row.sessions, now.get(key)?.[0] ?? 0, `${key} sessions`);
      near(row.revenue, now.get(key)?.[1] ?? 0, `${key} revenue`);
      near(row.sessions_previous, then.get(key)?.[0] ?? 0, `${key} sessions a year before`);
    }
    // Spec section 5: the comparison chart, as there are exactly two distinct ranges.
    const drawn = charts(done.parts);
    expect(drawn).toHaveLength(2);
    for (const chart of drawn) {
      expect(chart.options.series.map((s) => s.yKey)).toEqual(
        expect.arrayContaining(['sessions', 'sessions_previous']),
      );
    }
    expect(done.parts.some((p) => p.type === 'content' && /\d/.test(p.content))).toBe(true);
    const after = (await callEndpoint(t.app, getMyCredits, { as: user })).ok();
    expect(before.balance - after.balance).toBe(5);
    expect(after.held).toBe(0);

    const history = (await callEndpoint(t.app, listAnalysisRuns, { as: user, query: {} })).ok();
    expect(history.items[0]).toMatchObject({
      id: done.id,
      function_name: 'Channel performance',
      status: 'succeeded',
    });
    expect(history.items[0]?.inputs).toEqual({
      period: { range: 'last_30_days', compare: 'yoy' },
      metrics: 'sessions;revenue',
    });
    const again = (await callEndpoint(t.app, getAnalysisRun, { as: user, params: { id: done.id } })).ok();
    expect(again.run.parts).toEqual(done.parts);
  });

  it('without a comparison there is one range, so no chart compares: the charts draw the period alone', async () => {
    const { run: done } = (
      await run('analysis.channel_performance', { period: { range: 'last_30_days' }, metrics: 'sessions' })
    ).ok();
    expect(tables(done.parts)[0]?.ranges).toHaveLength(1);
    for (const chart of charts(done.parts)) {
      expect(chart.options.series.map((s) => s.yKey)).toEqual(['sessions']);
    }
  });

  it('top movers: the largest rises then the largest falls of sessions by channel, against the preceding 30 days', async () => {
    const { run: done } = (
      await run('analysis.top_movers', {
        source: 'ga',
        dimension: 'channel',
        metric: 'sessions',
        period: { range: 'last_30_days', compare: 'preceding' },
        limit: 2,
      })
    ).ok();
    const sql = `select channel, sum(sessions)::double from ga_daily
      where date between cast(? as date) and cast(? as date) group by 1`;
    const [now, then] = await Promise.all([demo(sql, LAST_30), demo(sql, PRECEDING_30)]);
    const changes = [...now.keys()].map(
      (key) => [key, (now.get(key)?.[0] ?? 0) - (then.get(key)?.[0] ?? 0)] as const,
    );
    const rises = changes
      .filter(([, c]) => c > 0)
      .sort((a, b) => b[1] - a[1])
      .slice(0, 2);
    const falls = changes
      .filter(([, c]) => c < 0)
      .sort((a, b) => a[1] - b[1])
      .slice(0, 2);
    const table = tables(done.parts)[0];
    expect(table?.rowData.map((row) => row.channel)).toEqual([...rises, ...falls].map(([key]) => key));
    for (const row of table?.rowData ?? []) {
      near(row.sessions_change, changes.find(([key]) => key === row.channel)?.[1] ?? Number.NaN, 'change');
    }
  });

  it('a dimension the chosen source lacks is refused naming it, nothing is kept and nothing charged', async () => {
    const before = (await callEndpoint(t.app, getMyCredits, { as: user })).ok();
    const runs = (await callEndpoint(t.app, listAnalysisRuns, { as: user, query: {} })).ok().total;
    const res = await run('analysis.top_movers', { source: 'ga', dimension: 'keyword', metric: 'sessions' });
    expect(res.status).toBe(400);
    expect(res.error().error_code).toBe('VALIDATION_ERROR');
    expect(JSON.stringify(res.error())).toContain('keyword');
    expect((await callEndpoint(t.app, listAnalysisRuns, { as: user, query: {} })).ok().total).toBe(runs);
    expect((await callEndpoint(t.app, getMyCredits, { as: user })).ok()).toMatchObject({
      balance: before.balance,
      held: 0,
    });
  });

  it('inputs of the wrong type are refused naming the field; an unknown function is refused', async () => {
    const wrong = await run('analysis.top_movers', { limit: 'many', source: 'nowhere' });
    expect(wrong.status).toBe(400);
    expect(Object.keys(wrong.error().fields ?? {}).sort()).toEqual(['inputs.limit', 'inputs.source']);
    const unknown = await run('analysis.nothing_here');
    expect(unknown.error().fields).toHaveProperty('function_key');
  });

  it('a bound is said with its number in the reader’s language: At most 50, 最多 50', async () => {
    const english = await run('analysis.top_movers', { limit: 80 });
    expect(english.error().fields).toEqual({ 'inputs.limit': 'At most 50' });
    const chinese = await callEndpoint(t.app, runAnalysis, {
      as: user,
      body: { function_key: 'analysis.top_movers', inputs: { limit: 0 }, filters: [] } as never,
      headers: { 'accept-language': 'zh-CN' },
    });
    expect(chinese.error().fields).toEqual({ 'inputs.limit': '至少 1' });
  });

  it('search query opportunities: queries below the CTR of their position, clicks missed recomputed here', async () => {
    const { run: done } = (
      await run('analysis.gsc_query_opportunities', {
        period: { range: 'last_90_days' },
        min_impressions: 50,
        limit: 10,
      })
    ).ok();
    const range: [string, string] = [shift(TODAY, -90), shift(TODAY, -1)];
    const rows = await demo(
      `select query, sum(clicks)::double, sum(impressions)::double,
         (sum(position * impressions) / nullif(sum(impressions), 0))::double
       from gsc_daily where date between cast(? as date) and cast(? as date)
       group by 1 having sum(impressions) >= 50`,
      range,
    );
    const buckets = new Map<number, [number, number]>();
    for (const [clicks, impressions, position] of rows.values()) {
      const place = Math.max(1, Math.round(position ?? 0));
      const [c, i] = buckets.get(place) ?? [0, 0];
      buckets.set(place, [c + (clicks ?? 0), i + (impressions ?? 0)]);
    }
    const expected = [...rows.entries()]
      .map(([query, [clicks = 0, impressions = 0, position = 0]]) => {
        const [c, i] = buckets.get(Math.max(1, Math.round(position))) ?? [0, 1];
        const rate = c / i;
        return { query, missed: Math.round(impressions * rate - clicks), below: clicks / impressions < rate };
      })
      .filter((row) => row.below && row.missed > 0)
      .sort((a, b) => b.missed - a.missed)
      .slice(0, 10);
    const table = tables(done.parts)[0];
    expect(table?.rowData.map((row) => row.missed_clicks)).toEqual(expected.map((row) => row.missed));
    expect(expected.length).toBeGreaterThan(0);
  });

  it('ads wasted spend: keywords with cost above the minimum (in dollars) and no conversion, with all spend beside', async () => {
    const { run: done } = (
      await run('analysis.gads_wasted_spend', {
        period: { range: 'last_30_days' },
        group: 'keyword',
        min_cost: 5,
        limit: 500,
      })
    ).ok();
    const wasted = await demo(
      `select keyword, (sum(cost_micros) / 1e6)::double from gads_daily
       where date between cast(? as date) and cast(? as date)
       group by 1 having sum(conversions) = 0 and sum(cost_micros) / 10000.0 > 500`,
      LAST_30,
    );
    const [table, total] = tables(done.parts);
    // The demo's long tail spends without converting: there is something to find.
    expect(wasted.size).toBeGreaterThan(0);
    expect(new Set(table?.rowData.map((row) => row.keyword))).toEqual(new Set(wasted.keys()));
    for (const row of table?.rowData ?? []) near(row.cost, wasted.get(String(row.keyword))?.[0] ?? 0, 'cost');
    const all = await demo(
      `select 'all', (sum(cost_micros) / 1e6)::double from gads_daily where date between cast(? as date) and cast(? as date)`,
      LAST_30,
    );
    near(total?.rowData[0]?.cost, all.get('all')?.[0] ?? 0, 'all spend');
  });

  it('landing pages ranked by conversion rate among those with enough sessions', async () => {
    const { run: done } = (
      await run('analysis.landing_page_conversions', {
        period: { range: 'last_30_days' },
        min_sessions: 200,
        limit: 5,
      })
    ).ok();
    const pages = await demo(
      `select landing_page, (sum(conversions) * 100.0 / nullif(sum(sessions), 0))::double from ga_daily
       where date between cast(? as date) and cast(? as date) group by 1 having sum(sessions) >= 200`,
      LAST_30,
    );
    const ranked = [...pages.entries()].sort((a, b) => (b[1][0] ?? 0) - (a[1][0] ?? 0)).slice(0, 5);
    const table = tables(done.parts)[0];
    expect(table?.rowData.map((row) => row.landing_page)).toEqual(ranked.map(([page]) => page));
    for (const row of table?.rowData ?? []) {
      near(row.conversion_rate, pages.get(String(row.landing_page))?.[0] ?? 0, 'conversion rate');
    }
  });

  it('the weekly summary compares last week with the week before across the three sources', async () => {
    const { run: done } = (await run('analysis.weekly_summary')).ok();
    const weekday = (new Date(`${TODAY}T00:00:00Z`).getUTCDay() + 6) % 7;
    const week: [string, string] = [shift(TODAY, -weekday - 7), shift(TODAY, -weekday - 1)];
    const before: [string, string] = [shift(week[0], -7), shift(week[0], -1)];
    const [site, search, ads] = tables(done.parts);
    expect(site?.ranges.map((r) => [r.start, r.end])).toEqual([week, before]);
    const sql = (table: string, metric: string) =>
      `select 'all', ${metric}::double from ${table} where date between cast(? as date) and cast(? as date)`;
    near(
      site?.rowData[0]?.sessions,
      (await demo(sql('ga_daily', 'sum(sessions)'), week)).get('all')?.[0] ?? 0,
      'sessions',
    );
    near(
      site?.rowData[0]?.sessions_previous,
      (await demo(sql('ga_daily', 'sum(sessions)'), before)).get('all')?.[0] ?? 0,
      'sessions the week before',
    );
    near(
      search?.rowData[0]?.clicks,
      (await demo(sql('gsc_daily', 'sum(clicks)'), week)).get('all')?.[0] ?? 0,
      'clicks',
    );
    near(
      ads?.rowData[0]?.cost,
      (await demo(sql('gads_daily', 'sum(cost_micros) / 1e6'), week)).get('all')?.[0] ?? 0,
      'cost',
    );
    expect(done.parts[0]?.type).toBe('content');
  });

  it('a run is the author’s until shared: a team member sees it once shared, another team never; it can be sent to a chat', async () => {
    const owner = await signUpUser(t.app, { name: 'Owner' });
    const member = await signUpUser(t.app, { name: 'Member' });
    const stranger = await signUpUser(t.app, { name: 'Stranger' });
    const team = (await callEndpoint(t.app, createTeam, { as: owner, body: { name: 'Growth' } })).ok().team;
    await t.platform.db
      .insert(teamMembers)
      .values({ teamId: team.id, userId: member.userId, role: 'member' });
    for (const who of [owner, member]) {
      (await callEndpoint(t.app, switchCurrentTeam, { as: who, body: { team_id: team.id } })).ok();
    }
    const { run: done } = (await run('analysis.landing_page_conversions', {}, [], owner)).ok();
    const seen = async (as: typeof owner) =>
      (await callEndpoint(t.app, getAnalysisRun, { as, params: { id: done.id } })).status;
    expect(await seen(member)).toBe(404);
    const shared = await callEndpoint(t.app, shareAnalysisRun, {
      as: owner,
      params: { id: done.id },
      body: { shared: true },
    });
    expect(shared.ok().run.shared).toBe(true);
    expect(await seen(member)).toBe(200);
    expect(await seen(stranger)).toBe(404);
    // Only the author shares or unshares.
    const taken = await callEndpoint(t.app, shareAnalysisRun, {
      as: member,
      params: { id: done.id },
      body: { shared: false },
    });
    expect(taken.status).toBe(404);
    const memberHistory = (await callEndpoint(t.app, listAnalysisRuns, { as: member, query: {} })).ok();
    expect(memberHistory.items).toEqual([
      expect.objectContaining({ id: done.id, mine: false, user_name: 'Owner' }),
    ]);

    const sent = (await callEndpoint(t.app, sendRunToChat, { as: member, params: { id: done.id } })).ok();
    const chat = (await callEndpoint(t.app, getChat, { as: member, params: { id: sent.chat_id } })).ok();
    expect(chat.messages.map((m) => m.role)).toEqual(['user', 'assistant']);
    expect(chat.messages[1]?.parts).toEqual(done.parts);
    expect(chat.messages[0]?.parts[0]).toMatchObject({ type: 'content' });
  });

  it('each change to a built-in function is a new version; an unchanged one makes none; runs name the version used', async () => {
    await seedFunctions(t.platform.db);
    const key = 'analysis.weekly_summary';
    const versions = () =>
      t.platform.db.select().from(aiFunctionVersions).where(eq(aiFunctionVersions.functionKey, key));
    expect(await versions()).toHaveLength(1);
    // An admin's edit made version 2 (as the AI toolkit will); this release's definition differs
    // from it, so the next start makes version 3 from the release.
    const [first] = await versions();
    await t.platform.db.transaction(async (tx) => {
      await tx.insert(aiFunctionVersions).values({
        functionKey: key,
        version: 2,
        definition: { ...(first?.definition as object), parameters: [] },
        createdBy: user.userId,
      });
      await tx.update(aiFunctions).set({ currentVersion: 2 }).where(eq(aiFunctions.key, key));
    });
    await seedFunctions(t.platform.db);
    const [current] = await t.platform.db
      .select()
      .from(aiFunctions)
      .where(and(eq(aiFunctions.key, key)));
    expect(current?.currentVersion).toBe(3);
    expect(await versions()).toHaveLength(3);
    const { run: done } = (await run(key)).ok();
    expect(done.version).toBe(3);
  });
});
