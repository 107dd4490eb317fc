import { createChat, sendChatMessage } from '@app/contract/chat/chats';
import type { ReplyPart } from '@app/contract/chat/parts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callEndpoint } from '../../../test/call-endpoint';
import { createTestApp, signUpUser, type TestApp } from '../../../test/test-app';

/**
 * The offline analyst over the demo source (issue 24): questions of every kind, half in Chinese,
 * asked through the chat as a user asks them. Each figure of each reply's grid is held to an
 * independent computation written here, in plain SQL over the same demo rows, with its dates
 * worked out here too: nothing of the query model (its compiler, its ranges) checks itself.
 */

type Aggregates = Record<string, string>;

interface Expected {
  table: 'ga_daily' | 'gsc_daily' | 'gads_daily';
  /** Each metric's key in the grid and its aggregate as shown (money in units, ratios in %). */
  metrics: Aggregates;
  /** The grid's dimension key and its SQL. */
  by?: [string, string];
  where?: string;
  range: [string, string];
  compare?: [string, string];
  top?: { n: number; direction: 'asc' | 'desc' };
  /** Another source read beside this one, on the same rows (its columns are `beside_<metric>`). */
  beside?: Omit<Expected, 'range' | 'compare' | 'top' | 'beside'>;
}

interface Case {
  q: string;
  /** Asked just before, in the same chat. */
  after?: string[];
  expect: Expected | Expected[] | 'refuse' | 'empty';
}

// Dates, independently: UTC today (the test sends no time zone), whole days.
const TODAY = new Date().toISOString().slice(0, 10);
const shift = (day: string, days: number) => {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};
const [YEAR, MONTH] = [Number(TODAY.slice(0, 4)), Number(TODAY.slice(5, 7))];
const pad = (n: number) => String(n).padStart(2, '0');
const monthOf = (year: number, month: number): [string, string] => {
  const y = month < 1 ? year - 1 : year;
  const m = month < 1 ? month + 12 : month;
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return [`${y}-${pad(m)}-01`, `${y}-${pad(m)}-${pad(last)}`];
};
const lastDays = (n: number): [string, string] => [shift(TODAY, -n), shift(TODAY, -1)];
const LAST_MONTH = monthOf(YEAR, MONTH - 1);
const MONTH_BEFORE = monthOf(YEAR, MONTH - 2);
const LAST_MONTH_A_YEAR_AGO = monthOf(YEAR - 1, MONTH - 1);
const THIS_MONTH: [string, string] = [`${TODAY.slice(0, 7)}-01`, TODAY];
const THIS_YEAR: [string, string] = [`${YEAR}-01-01`, TODAY];
const LAST_YEAR: [string, string] = [`${YEAR - 1}-01-01`, `${YEAR - 1}-12-31`];
const weekday = (new Date(`${TODAY}T00:00:00Z`).getUTCDay() + 6) % 7;
const LAST_WEEK: [string, string] = [shift(TODAY, -weekday - 7), shift(TODAY, -weekday - 1)];
// A month not yet begun this year is last year's.
const MARCH = monthOf(MONTH >= 3 ? YEAR : YEAR - 1, 3);
const YESTERDAY: [string, string] = [shift(TODAY, -1), shift(TODAY, -1)];

const GA = 'ga_daily';
const GSC = 'gsc_daily';
const ADS = 'gads_daily';
const sessions = { sessions: 'sum(sessions)' };
const COST = 'sum(cost_micros) / 1e6';

const CASES: Case[] = [
  // English
  {
    q: 'sessions by channel, last 30 days vs the preceding period',
    expect: {
      table: GA,
      metrics: sessions,
      by: ['channel', 'channel'],
      range: lastDays(30),
      compare: [shift(TODAY, -60), shift(TODAY, -31)],
    },
  },
  {
    q: 'conversion rate by device last month vs last year',
    expect: {
      table: GA,
      metrics: { conversion_rate: 'sum(conversions) * 100.0 / sum(sessions)' },
      by: ['device', 'device'],
      range: LAST_MONTH,
      compare: LAST_MONTH_A_YEAR_AGO,
    },
  },
  {
    q: 'top 5 landing pages by sessions this month so far',
    expect: {
      table: GA,
      metrics: sessions,
      by: ['landing_page', 'landing_page'],
      range: THIS_MONTH,
      top: { n: 5, direction: 'desc' },
    },
  },
  {
    q: 'worst 3 countries by engagement rate in the last 7 days',
    expect: {
      table: GA,
      metrics: { engagement_rate: 'sum(engaged_sessions) * 100.0 / sum(sessions)' },
      by: ['country', 'country'],
      range: lastDays(7),
      top: { n: 3, direction: 'asc' },
    },
  },
  {
    q: 'revenue by month this year',
    expect: {
      table: GA,
      metrics: { revenue: 'sum(revenue)' },
      by: ['month', "date_trunc('month', date)::date"],
      range: THIS_YEAR,
    },
  },
  {
    q: 'Search Console clicks and impressions by device, last 90 days',
    expect: {
      table: GSC,
      metrics: { clicks: 'sum(clicks)', impressions: 'sum(impressions)' },
      by: ['device', 'device'],
      range: lastDays(90),
    },
  },
  {
    q: 'CTR by query last month excluding brand',
    expect: {
      table: GSC,
      metrics: { ctr: 'sum(clicks) * 100.0 / sum(impressions)' },
      by: ['query', 'query'],
      where: "query not ilike '%demo store%'",
      range: LAST_MONTH,
    },
  },
  {
    q: 'top 5 search queries by clicks last week',
    expect: {
      table: GSC,
      metrics: { clicks: 'sum(clicks)' },
      by: ['query', 'query'],
      range: LAST_WEEK,
      top: { n: 5, direction: 'desc' },
    },
  },
  {
    q: 'Google Ads cost and conversions by campaign yesterday',
    expect: {
      table: ADS,
      metrics: { cost: COST, conversions: 'sum(conversions)' },
      by: ['campaign', 'campaign'],
      range: YESTERDAY,
    },
  },
  {
    q: 'ROAS by network over the last 30 days',
    expect: {
      table: ADS,
      metrics: { roas: `sum(conversion_value) / (${COST})` },
      by: ['network', 'network'],
      range: lastDays(30),
    },
  },
  {
    q: 'cost per conversion by campaign, mobile only, last 30 days',
    expect: {
      table: ADS,
      metrics: { cost_per_conversion: `(${COST}) / sum(conversions)` },
      by: ['campaign', 'campaign'],
      // Ads writes its devices in capitals; "mobile" is found by the value lookup.
      where: "device = 'MOBILE'",
      range: lastDays(30),
    },
  },
  {
    q: 'daily sessions from organic search, last 7 days',
    expect: {
      table: GA,
      metrics: sessions,
      by: ['date', 'date'],
      where: "channel = 'Organic Search'",
      range: lastDays(7),
    },
  },
  {
    q: 'and for mobile?',
    after: ['daily sessions from organic search, last 7 days'],
    expect: {
      table: GA,
      metrics: sessions,
      by: ['date', 'date'],
      where: "channel = 'Organic Search' and device = 'mobile'",
      range: lastDays(7),
    },
  },
  {
    q: 'same for last year',
    after: ['sessions by device last 7 days'],
    expect: { table: GA, metrics: sessions, by: ['device', 'device'], range: LAST_YEAR },
  },
  {
    q: 'bounce rate in the United States last month, MoM',
    expect: {
      table: GA,
      metrics: { bounce_rate: 'sum(sessions - engaged_sessions) * 100.0 / sum(sessions)' },
      where: "country = 'United States'",
      range: LAST_MONTH,
      compare: MONTH_BEFORE,
    },
  },
  {
    q: 'new users by country from 2026-03-01 to 2026-03-15',
    expect: {
      table: GA,
      metrics: { new_users: 'sum(new_users)' },
      by: ['country', 'country'],
      range: ['2026-03-01', '2026-03-15'],
    },
  },
  {
    q: 'weekly sessions over the last 90 days',
    expect: {
      table: GA,
      metrics: sessions,
      by: ['week', "date_trunc('week', date)::date"],
      range: lastDays(90),
    },
  },
  {
    q: 'revenue per session by channel last 30 days',
    expect: {
      table: GA,
      metrics: { revenue_per_session: 'sum(revenue) / sum(sessions)' },
      by: ['channel', 'channel'],
      range: lastDays(30),
    },
  },
  {
    // One table: each Search Console page with the GA4 sessions that landed on it.
    q: 'Search Console clicks beside GA4 sessions per page, last 30 days',
    expect: {
      table: GSC,
      metrics: { clicks: 'sum(clicks)' },
      by: ['page', 'page'],
      range: lastDays(30),
      beside: { table: GA, metrics: sessions, by: ['landing_page', 'landing_page'] },
    },
  },
  {
    q: 'GA4 sessions and Search Console clicks by page, last 7 days vs the preceding period',
    expect: {
      table: GA,
      metrics: sessions,
      by: ['landing_page', 'landing_page'],
      range: lastDays(7),
      compare: [shift(TODAY, -14), shift(TODAY, -8)],
      beside: { table: GSC, metrics: { clicks: 'sum(clicks)' }, by: ['page', 'page'] },
    },
  },
  {
    q: '上个月每周的谷歌广告花费和GA4会话数',
    expect: {
      table: ADS,
      metrics: { cost: COST },
      by: ['week', "date_trunc('week', date)::date"],
      range: LAST_MONTH,
      beside: { table: GA, metrics: sessions, by: ['week', "date_trunc('week', date)::date"] },
    },
  },
  { q: 'sessions by channel from 2020-01-01 to 2020-01-31', expect: 'empty' },
  { q: 'what is the weather like in Paris?', expect: 'refuse' },
  // Chinese
  {
    q: '最近7天各渠道的会话数',
    expect: { table: GA, metrics: sessions, by: ['channel', 'channel'], range: lastDays(7) },
  },
  {
    q: '上个月各设备的转化率同比',
    expect: {
      table: GA,
      metrics: { conversion_rate: 'sum(conversions) * 100.0 / sum(sessions)' },
      by: ['device', 'device'],
      range: LAST_MONTH,
      compare: LAST_MONTH_A_YEAR_AGO,
    },
  },
  {
    q: '本月至今的收入是多少',
    expect: { table: GA, metrics: { revenue: 'sum(revenue)' }, range: THIS_MONTH },
  },
  {
    q: '去年每月的新用户数',
    expect: {
      table: GA,
      metrics: { new_users: 'sum(new_users)' },
      by: ['month', "date_trunc('month', date)::date"],
      range: LAST_YEAR,
    },
  },
  {
    q: '最近30天会话数前5的着陆页',
    expect: {
      table: GA,
      metrics: sessions,
      by: ['landing_page', 'landing_page'],
      range: lastDays(30),
      top: { n: 5, direction: 'desc' },
    },
  },
  {
    q: '上周各国家的跳出率',
    expect: {
      table: GA,
      metrics: { bounce_rate: 'sum(sessions - engaged_sessions) * 100.0 / sum(sessions)' },
      by: ['country', 'country'],
      range: LAST_WEEK,
    },
  },
  {
    q: '上个月搜索词的点击量前5，不含品牌词',
    expect: {
      table: GSC,
      metrics: { clicks: 'sum(clicks)' },
      by: ['query', 'query'],
      where: "query not ilike '%demo store%'",
      range: LAST_MONTH,
      top: { n: 5, direction: 'desc' },
    },
  },
  {
    q: '最近90天各设备的点击率',
    expect: {
      table: GSC,
      metrics: { ctr: 'sum(clicks) * 100.0 / sum(impressions)' },
      by: ['device', 'device'],
      range: lastDays(90),
    },
  },
  {
    q: '今年的广告花费和ROAS按月',
    expect: {
      table: ADS,
      metrics: { cost: COST, roas: `sum(conversion_value) / (${COST})` },
      by: ['month', "date_trunc('month', date)::date"],
      range: THIS_YEAR,
    },
  },
  {
    q: '昨天各广告系列的花费',
    expect: { table: ADS, metrics: { cost: COST }, by: ['campaign', 'campaign'], range: YESTERDAY },
  },
  { q: '3月的新用户数', expect: { table: GA, metrics: { new_users: 'sum(new_users)' }, range: MARCH } },
  {
    q: '2026年3月1日至2026年3月15日的会话数',
    expect: { table: GA, metrics: sessions, range: ['2026-03-01', '2026-03-15'] },
  },
  {
    q: '最近30天仅移动端的会话数，较上一周期',
    expect: {
      table: GA,
      metrics: sessions,
      where: "device = 'mobile'",
      range: lastDays(30),
      compare: [shift(TODAY, -60), shift(TODAY, -31)],
    },
  },
  {
    q: '那桌面端呢？',
    after: ['最近30天仅移动端的会话数，较上一周期'],
    expect: {
      table: GA,
      metrics: sessions,
      where: "device = 'desktop'",
      range: lastDays(30),
      compare: [shift(TODAY, -60), shift(TODAY, -31)],
    },
  },
  {
    q: '最近7天转化最少的3个渠道',
    expect: {
      table: GA,
      metrics: { conversions: 'sum(conversions)' },
      by: ['channel', 'channel'],
      range: lastDays(7),
      top: { n: 3, direction: 'asc' },
    },
  },
  {
    q: '上个月各渠道的平均会话时长，环比',
    expect: {
      table: GA,
      metrics: {
        average_session_duration:
          'sum(session_duration) / sum(case when session_duration is not null then sessions end)',
      },
      by: ['channel', 'channel'],
      range: LAST_MONTH,
      compare: MONTH_BEFORE,
    },
  },
  {
    q: '最近30天自然搜索每天的会话',
    expect: {
      table: GA,
      metrics: sessions,
      by: ['date', 'date'],
      where: "channel = 'Organic Search'",
      range: lastDays(30),
    },
  },
  {
    q: '最近30天各页面的Search Console点击量和GA4会话',
    expect: {
      table: GSC,
      metrics: { clicks: 'sum(clicks)' },
      by: ['page', 'page'],
      range: lastDays(30),
      beside: { table: GA, metrics: sessions, by: ['landing_page', 'landing_page'] },
    },
  },
  {
    // Countries are named differently by the two sources (United States, usa): two tables.
    q: 'GA4 sessions and Search Console clicks by country, last 7 days',
    expect: [
      { table: GA, metrics: sessions, by: ['country', 'country'], range: lastDays(7) },
      { table: GSC, metrics: { clicks: 'sum(clicks)' }, by: ['country', 'country'], range: lastDays(7) },
    ],
  },
  {
    q: '上个月中国的用户数和新用户数',
    expect: {
      table: GA,
      metrics: { users: 'sum(users)', new_users: 'sum(new_users)' },
      where: "country = 'China'",
      range: LAST_MONTH,
    },
  },
  {
    q: '去年同期呢？',
    after: ['最近7天各渠道的会话数'],
    expect: {
      table: GA,
      metrics: sessions,
      by: ['channel', 'channel'],
      range: lastDays(7),
      compare: [shift(TODAY, -7 - 365), shift(TODAY, -1 - 365)],
    },
  },
  { q: '明天会下雨吗', expect: 'refuse' },
];

interface Reply {
  parts: ReplyPart[];
  text: string;
  cost: { credits: number; status: string } | null;
}

/** The SSE frames of the reply stream, read as a client reads them. */
function readStream(body: string): Reply {
  const parts: ReplyPart[] = [];
  let text = '';
  let cost: Reply['cost'] = null;
  for (const line of body.split('\n')) {
    if (!line.startsWith('data: ') || line === 'data: [DONE]') continue;
    const frame = JSON.parse(line.slice(6)) as { type: string; data?: unknown; delta?: string };
    if (frame.type === 'data-part') parts.push(frame.data as ReplyPart);
    if (frame.type === 'text-delta') text += frame.delta ?? '';
    if (frame.type === 'data-cost') cost = frame.data as Reply['cost'];
  }
  return { parts, text, cost };
}

describe('the offline analyst answers questions over the demo, figures checked independently', () => {
  let t: TestApp;
  let user: Awaited<ReturnType<typeof signUpUser>>;
  let counter = 0;

  beforeAll(async () => {
    t = await createTestApp();
    user = await signUpUser(t.app, { name: 'Analyst' });
  });
  afterAll(() => t.close());

  const ask = async (chatId: string, text: string) => {
    counter += 1;
    const res = await callEndpoint(t.app, sendChatMessage, {
      as: user,
      params: { id: chatId },
      body: { id: `question-${counter}-${Date.now()}`, text },
    });
    expect(res.status, res.text.slice(0, 300)).toBe(200);
    return readStream(res.text);
  };

  /** The expected rows, computed here, keyed by the dimension's value (or '' for one row). */
  async function independent(expected: Expected, range: [string, string]) {
    const by = expected.by?.[1];
    const select = Object.entries(expected.metrics)
      .map(([key, aggregate]) => `(${aggregate})::double as ${key}`)
      .join(', ');
    const sql = `select ${by ? `cast(${by} as varchar) as dim, ` : "'' as dim, "}${select}
      from ${expected.table}
      where date between cast(? as date) and cast(? as date) ${expected.where ? `and ${expected.where}` : ''}
      ${by ? 'group by 1' : ''}`;
    const read = await t.platform.analytics.read({ kind: 'demo' }, sql, range);
    const rows = new Map<string, Record<string, number | null>>();
    for (const row of read?.rows ?? []) {
      const values: Record<string, number | null> = {};
      Object.keys(expected.metrics).forEach((key, i) => {
        const value = row[i + 1];
        values[key] = typeof value === 'number' ? value : null;
      });
      rows.set(String(row[0]), values);
    }
    return rows;
  }

  const close = (actual: unknown, wanted: number | null | undefined, what: string) => {
    if (wanted === null || wanted === undefined) {
      expect(actual ?? null, what).toBeNull();
      return;
    }
    expect(typeof actual, what).toBe('number');
    // Shown values are rounded to cents or to 1e-6 of a percent.
    expect(Math.abs((actual as number) - wanted), `${what}: ${actual} vs ${wanted}`).toBeLessThanOrEqual(
      Math.max(0.006, Math.abs(wanted) * 1e-6),
    );
  };

  async function check(part: Extract<ReplyPart, { type: 'ag_table' }>, expected: Expected) {
    expect(
      part.ranges.find((r) => r.role === 'current'),
      'range',
    ).toMatchObject({
      start: expected.range[0],
      end: expected.range[1],
    });
    const current = await independent(expected, expected.range);
    const previous = expected.compare ? await independent(expected, expected.compare) : null;
    if (expected.compare) {
      expect(
        part.ranges.find((r) => r.role === 'previous'),
        'comparison',
      ).toMatchObject({
        start: expected.compare[0],
        end: expected.compare[1],
      });
    }
    const dimKey = expected.by?.[0];
    const keyOf = (row: Record<string, unknown>) => (dimKey ? String(row[dimKey]) : '');
    const metric = Object.keys(expected.metrics)[0] as string;
    if (expected.top) {
      const ranked = [...current.entries()]
        .filter(([, values]) => values[metric] !== null)
        .sort(([, a], [, b]) =>
          expected.top?.direction === 'asc'
            ? (a[metric] as number) - (b[metric] as number)
            : (b[metric] as number) - (a[metric] as number),
        )
        .slice(0, expected.top.n)
        .map(([key]) => key);
      expect(part.rowData.map(keyOf), 'the top rows, in order').toEqual(ranked);
    } else {
      expect(new Set(part.rowData.map(keyOf)), 'the rows').toEqual(new Set(current.keys()));
    }
    for (const row of part.rowData) {
      const key = keyOf(row);
      for (const name of Object.keys(expected.metrics)) {
        const wanted = current.get(key)?.[name];
        close(row[name], wanted, `${key} ${name}`);
        if (previous) {
          const before = previous.get(key)?.[name] ?? null;
          close(row[`${name}_previous`], before, `${key} ${name} previous`);
          if (typeof wanted === 'number' && typeof before === 'number' && before !== 0) {
            close(row[`${name}_change_pct`], ((wanted - before) / before) * 100, `${key} ${name} change %`);
          }
        }
      }
    }
    if (!expected.beside) return;
    // The source beside: on the same rows, its figures for the same page or period, or none.
    const beside = { ...expected.beside, range: expected.range };
    const besideNow = await independent(beside, expected.range);
    const besideBefore = expected.compare ? await independent(beside, expected.compare) : null;
    let found = 0;
    for (const row of part.rowData) {
      const key = keyOf(row);
      for (const name of Object.keys(expected.beside.metrics)) {
        const wanted = besideNow.get(key)?.[name] ?? null;
        if (wanted !== null) found += 1;
        close(row[`beside_${name}`], wanted, `${key} beside ${name}`);
        // Pages compare with the same page (a time grain's previous period is not this test's).
        if (besideBefore) {
          close(
            row[`beside_${name}_previous`],
            besideBefore.get(key)?.[name] ?? null,
            `${key} beside ${name} previous`,
          );
        }
      }
    }
    expect(found, 'figures found beside the rows').toBeGreaterThan(0);
  }

  it('the list covers what the issue asks: 40 questions or more, half of them in Chinese', () => {
    expect(CASES.length).toBeGreaterThanOrEqual(40);
    const chinese = CASES.filter((c) => /[\u4e00-\u9fff]/.test(c.q)).length;
    expect(chinese).toBeGreaterThanOrEqual(CASES.length / 2 - 1);
  });

  for (const item of CASES) {
    it(item.q, async () => {
      const chat = (await callEndpoint(t.app, createChat, { as: user, body: {} })).ok().chat;
      for (const before of item.after ?? []) await ask(chat.id, before);
      const reply = await ask(chat.id, item.q);
      const tables = reply.parts.filter(
        (p): p is Extract<ReplyPart, { type: 'ag_table' }> => p.type === 'ag_table',
      );
      expect(reply.cost?.status).toBe('done');
      if (item.expect === 'refuse') {
        expect(tables).toEqual([]);
        expect(reply.text).toMatch(/I could not tell which figure you want|我无法判断您想要哪个数字/);
        return;
      }
      if (item.expect === 'empty') {
        expect(tables).toHaveLength(1);
        expect(tables[0]?.rowData).toEqual([]);
        expect(reply.text).toMatch(/No data matches/);
        return;
      }
      const expected = Array.isArray(item.expect) ? item.expect : [item.expect];
      expect(tables).toHaveLength(expected.length);
      // Two sources' queries run side by side: each grid is found by the source it names.
      const sourceOf = { ga_daily: 'ga', gsc_daily: 'gsc', gads_daily: 'gads' } as const;
      for (const wanted of expected) {
        const table = tables.find((p) => p.freshness[0]?.source === sourceOf[wanted.table]);
        expect(table, wanted.table).toBeDefined();
        await check(table as never, wanted);
        if (wanted.beside) {
          const sources = (table?.freshness ?? []).map((f) => f.source);
          expect(sources, 'both sources named').toEqual([
            sourceOf[wanted.table],
            sourceOf[wanted.beside.table],
          ]);
        }
      }
      // Every data part names its kept result, and the SQL behind it is in the reply.
      for (const table of tables) {
        expect(reply.parts.some((p) => p.type === 'sql' && p.result_id === table.result_id)).toBe(true);
      }
    });
  }
});
