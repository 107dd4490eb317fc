import { quickRange, todayAt } from '@app/contract/analytics/date-ranges';
import { type AnalyticsQueryInput, getQueryResult, runAnalyticsQuery } from '@app/contract/analytics/query';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callEndpoint } from '../../test/call-endpoint';
import { createTestApp, signUpUser, type TestApp } from '../../test/test-app';
import { teamIdOf } from '../billing/billing.test-kit';
import { STORE_TABLES } from './store-schema';

type Cells = (string | number | null)[];

/**
 * A source read beside a query (`beside`): one table of two sources on the one dimension they
 * share, every figure compared with the raw rows added up here, the source beside read for the
 * query's rows only (never cut), both sources named, and bad pairs refused naming the field.
 */
describe('the query model, with another source beside a query', () => {
  let t: TestApp;
  let user: Awaited<ReturnType<typeof signUpUser>>;
  const range = quickRange('last_30_days', todayAt(0));

  beforeAll(async () => {
    t = await createTestApp();
    user = await signUpUser(t.app);
  });
  afterAll(() => t.close());

  const ask = async (query: AnalyticsQueryInput, as = user) =>
    (await callEndpoint(t.app, runAnalyticsQuery, { as, body: query })).ok();
  const refusal = async (query: unknown) => {
    const answer = await callEndpoint(t.app, runAnalyticsQuery, {
      as: user,
      body: query as AnalyticsQueryInput,
    });
    expect(answer.status, JSON.stringify(query)).toBe(400);
    return answer.error().fields ?? {};
  };
  const raw = async (sql: string, parameters: unknown[]): Promise<Cells[]> =>
    ((await t.platform.analytics.read({ kind: 'demo' }, sql, parameters))?.rows ?? []) as Cells[];
  const perKey = async (sql: string) =>
    new Map((await raw(sql, [range.start, range.end])).map(([key, value]) => [String(key), Number(value)]));

  const CLICKS_BESIDE_SESSIONS: AnalyticsQueryInput = {
    source: 'gsc',
    metrics: ['clicks'],
    dimensions: ['page'],
    date_range: 'last_30_days',
    order: [{ field: 'clicks', direction: 'desc' }],
    beside: { source: 'ga', metrics: ['sessions'], dimension: 'landing_page' },
  };

  it('Search Console clicks beside GA4 sessions per page: one row per page, each figure from its own source', async () => {
    const result = await ask(CLICKS_BESIDE_SESSIONS);
    const clicks = await perKey(
      'select page, sum(clicks) from gsc_daily where date between ? and ? group by 1',
    );
    const sessions = await perKey(
      'select landing_page, sum(sessions) from ga_daily where date between ? and ? group by 1',
    );
    expect(result.rows.length).toBe(clicks.size);
    expect(result.rows.length).toBeGreaterThan(3);
    let both = 0;
    for (const row of result.rows) {
      const page = String(row.page);
      expect(row.clicks, page).toBe(clicks.get(page));
      expect(row.beside_sessions ?? null, page).toBe(sessions.get(page) ?? null);
      if (row.beside_sessions !== null) both += 1;
    }
    expect(both, 'pages found in both sources').toBeGreaterThan(3);
    // In the query's order (clicks, most first).
    const order = result.rows.map((row) => Number(row.clicks));
    expect(order).toEqual([...order].sort((a, b) => b - a));
    // Each metric says its source; both sources' freshness and both statements are given.
    expect(result.columns.map((c) => [c.key, c.label])).toEqual([
      ['page', 'Page path'],
      ['clicks', 'Clicks · Google Search Console'],
      ['beside_sessions', 'Sessions · Google Analytics 4'],
    ]);
    expect(result.freshness.map((f) => [f.source, f.demo])).toEqual([
      ['gsc', true],
      ['ga', true],
    ]);
    expect(result.sql).toHaveLength(2);
    expect(result.sql_runnable[1]).toMatch(/ga_daily/);
    // Kept with the query that made it, beside included.
    const kept = (
      await callEndpoint(t.app, getQueryResult, { as: user, params: { id: result.result_id } })
    ).ok();
    expect(kept.query.beside).toMatchObject({
      source: 'ga',
      metrics: ['sessions'],
      dimension: 'landing_page',
    });
    expect(kept.result.rows).toEqual(result.rows);
  });

  it("reads the source beside for the query's rows only: a top 2 gets its two pages' figures, never cut", async () => {
    const result = await ask({
      ...CLICKS_BESIDE_SESSIONS,
      source: 'ga',
      metrics: ['sessions'],
      dimensions: ['landing_page'],
      order: [{ field: 'sessions', direction: 'asc' }],
      limit: 2,
      beside: { source: 'gsc', metrics: ['clicks', 'ctr'], dimension: 'page' },
    });
    expect(result.rows).toHaveLength(2);
    expect(result.truncated).toBe(true);
    const ctr = await perKey(
      'select page, sum(clicks) / sum(impressions) from gsc_daily where date between ? and ? group by 1',
    );
    for (const row of result.rows) {
      const page = String(row.landing_page);
      expect(row.beside_ctr as number, page).toBeCloseTo(ctr.get(page) as number, 9);
    }
    // The second statement names only those two pages.
    expect(result.parameters[1]).toEqual(expect.arrayContaining(result.rows.map((row) => row.landing_page)));
  });

  it('a comparison reads both sources for both periods', async () => {
    const result = await ask({ ...CLICKS_BESIDE_SESSIONS, date_range: 'last_7_days', compare: 'preceding' });
    const week = quickRange('last_7_days', todayAt(0));
    const before = { start: '', end: '' };
    before.end = new Date(Date.parse(`${week.start}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    before.start = new Date(Date.parse(`${week.start}T00:00:00Z`) - 7 * 86_400_000)
      .toISOString()
      .slice(0, 10);
    const previous = new Map(
      (
        await raw('select landing_page, sum(sessions) from ga_daily where date between ? and ? group by 1', [
          before.start,
          before.end,
        ])
      ).map(([key, value]) => [String(key), Number(value)]),
    );
    expect(result.columns.map((c) => c.key)).toEqual([
      'page',
      'clicks',
      'clicks_previous',
      'clicks_change',
      'clicks_change_pct',
      'beside_sessions',
      'beside_sessions_previous',
      'beside_sessions_change',
      'beside_sessions_change_pct',
    ]);
    let compared = 0;
    for (const row of result.rows) {
      const wanted = previous.get(String(row.page)) ?? null;
      expect(row.beside_sessions_previous ?? null, String(row.page)).toBe(wanted);
      if (wanted !== null) compared += 1;
    }
    expect(compared).toBeGreaterThan(3);
  });

  it("a team's own Search Console pages, whole URLs, meet GA4's landing pages by their path", async () => {
    const asker = await signUpUser(t.app);
    const teamId = await teamIdOf(t, asker);
    const day = quickRange('yesterday', todayAt(0)).start;
    await t.platform.analytics.write(
      teamId,
      async (c) => {
        await c.run(`insert into _properties values
          ('ga', 'properties/9', 'Shop', 'USD', 'UTC'),
          ('gsc', 'sc-domain:shop.example', 'shop.example', 'USD', 'UTC')`);
        await c.run(`insert into ga_daily (date, property, channel, country, device, landing_page, sessions, users) values
          (date '${day}', 'properties/9', 'Organic Search', 'France', 'mobile', '/pricing', 40, 30),
          (date '${day}', 'properties/9', 'Organic Search', 'France', 'desktop', '/', 25, 20)`);
        await c.run(`insert into gsc_daily values
          (date '${day}', 'sc-domain:shop.example', 'shop pricing', 'https://shop.example/pricing', 'fra', 'MOBILE', 12, 100, 0.12, 2),
          (date '${day}', 'sc-domain:shop.example', 'shop', 'https://www.shop.example/pricing', 'fra', 'DESKTOP', 3, 50, 0.06, 3),
          (date '${day}', 'sc-domain:shop.example', 'shop', 'https://shop.example/', 'fra', 'DESKTOP', 9, 80, 0.11, 1)`);
      },
      { schema: STORE_TABLES },
    );
    const result = await ask(
      {
        source: 'ga',
        metrics: ['sessions'],
        dimensions: ['landing_page'],
        date_range: 'yesterday',
        order: [{ field: 'sessions', direction: 'desc' }],
        beside: { source: 'gsc', metrics: ['clicks', 'impressions'], dimension: 'page' },
      },
      asker,
    );
    expect(result.rows).toEqual([
      { landing_page: '/pricing', sessions: 40, beside_clicks: 15, beside_impressions: 150 },
      { landing_page: '/', sessions: 25, beside_clicks: 9, beside_impressions: 80 },
    ]);
    expect(result.freshness.map((f) => [f.source, f.demo, f.property])).toEqual([
      ['ga', false, 'properties/9'],
      ['gsc', false, 'sc-domain:shop.example'],
    ]);
  });

  it('refuses, naming the field, what cannot be read side by side', async () => {
    expect(await refusal({ ...CLICKS_BESIDE_SESSIONS, dimensions: ['page', 'date'] })).toHaveProperty(
      'dimensions',
    );
    expect(await refusal({ ...CLICKS_BESIDE_SESSIONS, dimensions: [] })).toHaveProperty('dimensions');
    // Countries are named differently by the two sources (fra, France).
    const country = await refusal({
      ...CLICKS_BESIDE_SESSIONS,
      dimensions: ['country'],
      beside: { source: 'ga', metrics: ['sessions'], dimension: 'country' },
    });
    expect(country['dimensions.0']).toMatch(/cannot be matched/);
    const mismatched = await refusal({
      ...CLICKS_BESIDE_SESSIONS,
      beside: { source: 'ga', metrics: ['sessions'], dimension: 'channel' },
    });
    expect(mismatched['beside.dimension']).toMatch(/landing_page does/);
    const metric = await refusal({
      ...CLICKS_BESIDE_SESSIONS,
      beside: { source: 'ga', metrics: ['clicks'], dimension: 'landing_page' },
    });
    expect(metric['beside.metrics.0']).toMatch(/has no metric clicks/);
    const own = await refusal({
      ...CLICKS_BESIDE_SESSIONS,
      beside: { source: 'gsc', metrics: ['impressions'], dimension: 'page' },
    });
    expect(own).toHaveProperty('beside.source');
    expect(
      await refusal({
        ...CLICKS_BESIDE_SESSIONS,
        beside: { source: 'dataset:abc', metrics: ['x'], dimension: 'y' },
      }),
    ).toHaveProperty('beside.source');
  });
});
