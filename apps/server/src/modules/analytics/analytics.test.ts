import {
  addDays,
  addMonths,
  comparisonRange,
  minusYear,
  quickRange,
  todayAt,
} from '@app/contract/analytics/date-ranges';
import { type AnalyticsQueryInput, runAnalyticsQuery } from '@app/contract/analytics/query';
import { listAnalyticsSources } from '@app/contract/analytics/sources';
import { getBasicInfos } from '@app/contract/user/get-basic-infos';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callEndpoint } from '../../test/call-endpoint';
import { createTestApp, signUpUser, type TestApp } from '../../test/test-app';
import { DEMO, PAID_CLICK_TO_SESSION } from './demo-data';
import { STORE_TABLES } from './store-schema';

/**
 * The query model over the demo source: every figure equals an independent computation over the
 * same rows (read raw from the store and added up here), ratios are recomputed from their parts,
 * comparisons use the written rules, filter values are data, and a team reads only its own store.
 */
describe('analytics query model', () => {
  let t: TestApp;
  let user: Awaited<ReturnType<typeof signUpUser>>;
  const today = todayAt(0);
  /** The whole calendar month `back` months before this one: always inside the demo's two years. */
  const wholeMonth = (back: number) => {
    const start = addMonths(`${today.slice(0, 7)}-01`, -back);
    return { start, end: addDays(addMonths(start, 1), -1) };
  };

  beforeAll(async () => {
    t = await createTestApp();
    user = await signUpUser(t.app);
  });
  afterAll(() => t.close());

  const ask = async (query: AnalyticsQueryInput, as = user) =>
    (await callEndpoint(t.app, runAnalyticsQuery, { as, body: query })).ok();

  /** Raw rows of the demo, to add up independently of the query model. */
  const raw = async (sql: string, parameters: unknown[] = []) => {
    const result = await t.platform.analytics.read({ kind: 'demo' }, sql, parameters);
    return result?.rows ?? [];
  };
  const sumBy = (rows: (string | number | null)[][], key: number, values: number[]) => {
    const out = new Map<string, number[]>();
    for (const row of rows) {
      const name = String(row[key]);
      const acc = out.get(name) ?? values.map(() => 0);
      values.forEach((col, i) => {
        acc[i] = (acc[i] ?? 0) + Number(row[col] ?? 0);
      });
      out.set(name, acc);
    }
    return out;
  };

  it('sessions by channel for the last 30 days against the preceding period equal the raw rows added up', async () => {
    const result = await ask({
      source: 'ga',
      metrics: ['sessions', 'conversion_rate'],
      dimensions: ['channel'],
      date_range: 'last_30_days',
      compare: 'preceding',
      order: [{ field: 'sessions', direction: 'desc' }],
    });
    const current = quickRange('last_30_days', today);
    const previous = comparisonRange(current, 'preceding').range;
    expect(result.ranges).toEqual([
      { role: 'current', label: 'Last 30 days', ...current },
      { role: 'previous', label: 'Preceding period', ...previous },
    ]);
    expect(result.freshness).toEqual([
      expect.objectContaining({
        source: 'ga',
        demo: true,
        property: DEMO.ga.property,
        complete_through: expect.any(String),
      }),
    ]);
    const rows = await raw(
      'select channel, sessions, conversions, date::varchar from ga_daily where date between ? and ?',
      [previous.start, current.end],
    );
    const inRange = (r: (string | number | null)[], range: { start: string; end: string }) =>
      String(r[3]) >= range.start && String(r[3]) <= range.end;
    const now = sumBy(
      rows.filter((r) => inRange(r, current)),
      0,
      [1, 2],
    );
    const before = sumBy(
      rows.filter((r) => inRange(r, previous)),
      0,
      [1, 2],
    );
    expect(result.rows).toHaveLength(now.size);
    for (const row of result.rows) {
      const [sessions = 0, conversions = 0] = now.get(String(row.channel)) ?? [];
      const [prevSessions = 0, prevConversions = 0] = before.get(String(row.channel)) ?? [];
      expect(row.sessions).toBe(sessions);
      expect(row.sessions_previous).toBe(prevSessions);
      expect(row.sessions_change).toBe(sessions - prevSessions);
      expect(row.sessions_change_pct).toBeCloseTo((sessions - prevSessions) / prevSessions, 10);
      // A ratio is recomputed from its parts, never an average of daily ratios.
      expect(row.conversion_rate).toBeCloseTo(conversions / sessions, 12);
      expect(row.conversion_rate_previous).toBeCloseTo(prevConversions / prevSessions, 12);
    }
    const sessionsColumn = result.columns.find((c) => c.key === 'sessions_change_pct');
    expect(sessionsColumn).toMatchObject({ type: 'percent', role: 'change_pct', metric: 'sessions' });
    // Ordered as asked.
    const sessions = result.rows.map((r) => Number(r.sessions));
    expect(sessions).toEqual([...sessions].sort((a, b) => b - a));
  });

  it('clicks and CTR by query for a month, YoY: CTR is clicks over impressions of the whole month', async () => {
    const month = wholeMonth(1);
    const yearBefore = { start: minusYear(month.start), end: minusYear(month.end) };
    const result = await ask({
      source: 'gsc',
      metrics: ['clicks', 'impressions', 'ctr', 'position'],
      dimensions: ['query'],
      date_range: month,
      compare: 'yoy',
      limit: 100,
    });
    expect(result.ranges[1]).toMatchObject(yearBefore);
    const rows = await raw(
      'select query, clicks, impressions, position * impressions, date::varchar from gsc_daily where date between ? and ?',
      [yearBefore.start, month.end],
    );
    const now = sumBy(
      rows.filter((r) => String(r[4]) >= month.start),
      0,
      [1, 2, 3],
    );
    const before = sumBy(
      rows.filter((r) => String(r[4]) <= yearBefore.end),
      0,
      [1, 2, 3],
    );
    expect(result.rows.length).toBeGreaterThan(0);
    expect(result.rows).toHaveLength(now.size);
    for (const row of result.rows) {
      const [clicks = 0, impressions = 0, weighted = 0] = now.get(String(row.query)) ?? [];
      const [prevClicks = 0, prevImpressions = 0] = before.get(String(row.query)) ?? [];
      expect(row.clicks).toBe(clicks);
      expect(row.ctr).toBeCloseTo(clicks / impressions, 12);
      expect(row.position).toBeCloseTo(weighted / impressions, 9);
      expect(row.ctr_previous).toBeCloseTo(prevClicks / prevImpressions, 12);
    }
    expect(result.columns.find((c) => c.key === 'position')?.unit).toBe('weighted by impressions');
  });

  it('cost per conversion by campaign, MoM over a whole month: cost over conversions, in cents', async () => {
    const result = await ask({
      source: 'gads',
      metrics: ['cost', 'conversions', 'cost_per_conversion'],
      dimensions: ['campaign'],
      date_range: wholeMonth(2),
      compare: 'mom',
    });
    // A whole month compares with the whole month before it, however many days each has.
    expect(result.ranges[1]).toMatchObject(wholeMonth(3));
    expect(result.columns.find((c) => c.key === 'cost')).toMatchObject({ type: 'money', unit: 'USD' });
    const rows = await raw(
      'select campaign, cost_micros, conversions from gads_daily where date between ? and ?',
      [wholeMonth(2).start, wholeMonth(2).end],
    );
    const byCampaign = sumBy(rows, 0, [1, 2]);
    expect(result.rows.length).toBeGreaterThan(0);
    expect(result.rows).toHaveLength(byCampaign.size);
    for (const row of result.rows) {
      const [micros = 0, conversions = 0] = byCampaign.get(String(row.campaign)) ?? [];
      expect(row.cost).toBe(Math.round(micros / 10_000));
      expect(row.cost_per_conversion).toBe(Math.round(micros / 10_000 / conversions));
    }
  });

  it('the demo tells one story: Ads clicks and GA4 paid-search sessions agree', async () => {
    const range = wholeMonth(5);
    const [ads, ga] = await Promise.all([
      ask({ source: 'gads', metrics: ['clicks'], date_range: range }),
      ask({
        source: 'ga',
        metrics: ['sessions'],
        date_range: range,
        filters: [{ connect_pre_filter: 'and', field: 'channel', operator: 'eq', value: 'Paid Search' }],
      }),
    ]);
    const expected = Number(ads.rows[0]?.clicks) * PAID_CLICK_TO_SESSION;
    expect(expected).toBeGreaterThan(0);
    expect(Math.abs(Number(ga.rows[0]?.sessions) - expected) / expected).toBeLessThan(0.02);
  });

  it('users over several days are the source’s own range total, or say they are a sum of daily counts', async () => {
    const total = await ask({ source: 'ga', metrics: ['users', 'sessions'], date_range: 'last_30_days' });
    const range = quickRange('last_30_days', today);
    const [[stored] = []] = await raw(
      "select value from _range_totals where metric = 'users' and start_date = ? and end_date = ?",
      [range.start, range.end],
    );
    expect(total.rows[0]?.users).toBe(stored);
    expect(total.columns.find((c) => c.key === 'users')?.unit).toBeNull();
    const split = await ask({
      source: 'ga',
      metrics: ['users'],
      dimensions: ['device'],
      date_range: 'last_30_days',
    });
    expect(split.columns.find((c) => c.key === 'users')?.unit).toBe('sum of daily counts');
  });

  it('a filter value that looks like SQL is data: it matches nothing and breaks nothing', async () => {
    const result = await ask({
      source: 'ga',
      metrics: ['sessions'],
      dimensions: ['country'],
      date_range: 'last_7_days',
      filters: [
        {
          connect_pre_filter: 'and',
          field: 'country',
          operator: 'in',
          value: "x') or 1=1; drop table ga_daily;--",
        },
      ],
    });
    expect(result.rows).toEqual([]);
    expect(result.sql[0]).not.toContain('drop table');
    const still = await ask({ source: 'ga', metrics: ['sessions'], date_range: 'last_7_days' });
    expect(Number(still.rows[0]?.sessions)).toBeGreaterThan(0);
  });

  it('an unknown field, an ambiguous property or no connected data are refused naming the field', async () => {
    const unknown = await callEndpoint(t.app, runAnalyticsQuery, {
      as: user,
      body: { source: 'ga', metrics: ['sessions', 'clicks'], date_range: 'last_7_days' },
    });
    expect([unknown.status, Object.keys(unknown.error().fields ?? {})]).toEqual([400, ['metrics.1']]);
    const noData = await callEndpoint(t.app, runAnalyticsQuery, {
      as: user,
      body: { source: 'ga', origin: 'team', metrics: ['sessions'], date_range: 'last_7_days' },
    });
    expect(noData.status).toBe(404);
  });

  it("a team reads only its own store: another team's data is invisible to it", async () => {
    const other = await signUpUser(t.app);
    const otherTeam = (await callEndpoint(t.app, listAnalyticsSources, { as: other })).ok();
    expect(otherTeam.items.every((s) => s.origin === 'demo')).toBe(true);
    // Give the first user's team its own GA property, as a sync would.
    const teamId = (await callEndpoint(t.app, getBasicInfos, { as: user })).ok().team.id;
    await t.platform.analytics.write(
      teamId,
      async (connection) => {
        await connection.run(
          `insert into _properties values ('ga', 'properties/own', 'Our site', 'EUR', 'UTC')`,
        );
        await connection.run(
          `insert into _freshness values ('ga', 'properties/own', now()::timestamp, date '${today}')`,
        );
        await connection.run(
          `insert into ga_daily (date, property, channel, country, device, landing_page, sessions, users, new_users, engaged_sessions, conversions, revenue) values (date '${today}', 'properties/own', 'Direct', 'France', 'mobile', '/', 42, 40, 10, 30, 2, 150.5)`,
        );
      },
      { schema: STORE_TABLES },
    );
    const own = await ask({ source: 'ga', metrics: ['sessions', 'revenue'], date_range: 'today' });
    expect(own.rows).toEqual([{ sessions: 42, revenue: 15050 }]);
    expect(own.freshness[0]).toMatchObject({
      demo: false,
      property: 'properties/own',
      property_name: 'Our site',
    });
    expect(own.columns.find((c) => c.key === 'revenue')?.unit).toBe('EUR');
    const theirs = await callEndpoint(t.app, runAnalyticsQuery, {
      as: other,
      body: { source: 'ga', origin: 'team', metrics: ['sessions'], date_range: 'today' },
    });
    expect(theirs.status).toBe(404);
  });

  it('reads run on a connection that cannot write', async () => {
    await expect(t.platform.analytics.read({ kind: 'demo' }, 'delete from ga_daily', [])).rejects.toThrow(
      /read-only/i,
    );
  });
});
