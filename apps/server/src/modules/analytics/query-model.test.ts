import {
  addDays,
  comparisonRange,
  type DayRange,
  quickRange,
  todayAt,
} from '@app/contract/analytics/date-ranges';
import {
  type AnalyticsQueryInput,
  getQueryResult,
  QUICK_RANGES,
  runAnalyticsQuery,
} from '@app/contract/analytics/query';
import { lookupDimensionValues } from '@app/contract/analytics/values';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callEndpoint } from '../../test/call-endpoint';
import { createTestApp, signUpUser, type TestApp } from '../../test/test-app';
import { offeredRanges } from './offered-ranges';

type Cells = (string | number | null)[];

/**
 * What the assistant will ask of the query model, over the demo source: like-for-like counts of
 * people, filters that mean what they say (or across row and group filters, case, negatives),
 * stable orders and top movers ordered by change, bad input refused naming the field, and the
 * ranges people say. Every figure is compared with the raw rows added up here.
 */
describe('the query model, as the assistant asks it', () => {
  let t: TestApp;
  let user: Awaited<ReturnType<typeof signUpUser>>;
  const today = todayAt(0);

  beforeAll(async () => {
    t = await createTestApp();
    user = await signUpUser(t.app);
  });
  afterAll(() => t.close());

  const ask = async (query: AnalyticsQueryInput, language?: string) =>
    (
      await callEndpoint(t.app, runAnalyticsQuery, {
        as: user,
        body: query,
        headers: language ? { 'accept-language': language } : {},
      })
    ).ok();
  const refusal = async (query: unknown) => {
    const answer = await callEndpoint(t.app, runAnalyticsQuery, {
      as: user,
      body: query as AnalyticsQueryInput,
    });
    expect(answer.status, JSON.stringify(query)).toBe(400);
    const body = answer.error();
    expect(body.error_code).toBe('VALIDATION_ERROR');
    return Object.keys(body.fields ?? {});
  };
  const raw = async (sql: string, parameters: unknown[] = []): Promise<Cells[]> =>
    ((await t.platform.analytics.read({ kind: 'demo' }, sql, parameters))?.rows ?? []) as Cells[];
  const storedTotal = async (metric: string, range: DayRange) => {
    const rows = await raw(
      'select value from _range_totals where metric = ? and start_date = ? and end_date = ?',
      [metric, range.start, range.end],
    );
    return rows[0]?.[0] ?? null;
  };
  const sumOf = async (column: string, range: DayRange, where = 'true', parameters: unknown[] = []) => {
    const rows = await raw(`select sum(${column}) from ga_daily where date between ? and ? and ${where}`, [
      range.start,
      range.end,
      ...parameters,
    ]);
    return Number(rows[0]?.[0] ?? 0);
  };

  describe('users compared with users', () => {
    it('last 30 days against the preceding 30: both sides are the source’s own totals, like for like', async () => {
      const result = await ask({
        source: 'ga',
        metrics: ['users', 'sessions'],
        date_range: 'last_30_days',
        compare: 'preceding',
      });
      const current = quickRange('last_30_days', today);
      const previous = comparisonRange(current, 'preceding').range;
      const [now, before] = [await storedTotal('users', current), await storedTotal('users', previous)];
      expect(now).not.toBeNull();
      expect(before).not.toBeNull();
      const [row] = result.rows;
      expect(row?.users).toBe(now);
      expect(row?.users_previous).toBe(before);
      expect(row?.users_change).toBe(Number(now) - Number(before));
      expect(row?.users_change_pct).toBeCloseTo((Number(now) - Number(before)) / Number(before), 12);
      // A total is the people in the range: fewer than the daily counts added up.
      expect(Number(now)).toBeLessThan(await sumOf('users', current));
      expect(result.columns.find((c) => c.key === 'users')?.unit).toBeNull();
      // Sessions moved about as much as users did: no -27% against -5% from mixing kinds of figure.
      const usersMove = Number(row?.users_change_pct);
      const sessionsMove = Number(row?.sessions_change_pct);
      expect(Math.abs(usersMove - sessionsMove)).toBeLessThan(0.05);
    });

    it('every quick range and its comparison ranges hold totals in the demo', async () => {
      const missing: string[] = [];
      for (const name of QUICK_RANGES) {
        const range = quickRange(name, today);
        for (const compared of [
          range,
          ...(['preceding', 'mom', 'yoy'] as const).map((mode) => comparisonRange(range, mode).range),
        ]) {
          // Outside the demo's two years ending yesterday there is nothing to total.
          if (compared.start < addDays(today, -730) || compared.start > addDays(today, -1)) continue;
          if ((await storedTotal('users', compared)) === null)
            missing.push(`${name}: ${compared.start}..${compared.end}`);
        }
      }
      expect(missing).toEqual([]);
      expect(offeredRanges(today, addDays(today, -730)).length).toBeGreaterThan(QUICK_RANGES.length * 2);
    });

    it('a range without totals on either side reads as sums on both sides, labelled so', async () => {
      const current = { start: addDays(today, -40), end: addDays(today, -4) };
      const result = await ask({
        source: 'ga',
        metrics: ['users'],
        date_range: current,
        compare: 'preceding',
      });
      const previous = comparisonRange(current, 'preceding').range;
      expect(await storedTotal('users', current)).toBeNull();
      const [row] = result.rows;
      expect(row?.users).toBe(await sumOf('users', current));
      expect(row?.users_previous).toBe(await sumOf('users', previous));
      for (const key of ['users', 'users_previous', 'users_change']) {
        expect(result.columns.find((c) => c.key === key)?.unit).toBe('sum of daily counts');
      }
    });
  });

  describe('filters', () => {
    const range = () => quickRange('last_7_days', today);

    it('text compares without regard to case: mobile, Mobile and MOBILE find the same rows', async () => {
      const answers = await Promise.all(
        ['mobile', 'Mobile', 'MOBILE'].map((value) =>
          ask({
            source: 'ga',
            metrics: ['sessions'],
            date_range: 'last_7_days',
            filters: [{ connect_pre_filter: 'and', field: 'device', operator: 'eq', value }],
          }),
        ),
      );
      const expected = await sumOf('sessions', range(), "device = 'mobile'");
      expect(expected).toBeGreaterThan(0);
      expect(answers.map((a) => a.rows[0]?.sessions)).toEqual([expected, expected, expected]);
      const listed = await ask({
        source: 'gsc',
        metrics: ['clicks'],
        date_range: 'last_7_days',
        filters: [{ connect_pre_filter: 'and', field: 'device', operator: 'in', value: 'mobile;tablet' }],
      });
      const gsc = await raw(
        "select sum(clicks) from gsc_daily where date between ? and ? and device in ('MOBILE', 'TABLET')",
        [range().start, range().end],
      );
      expect(listed.rows[0]?.clicks).toBe(Number(gsc[0]?.[0]));
    });

    it('not_in and not_contains leave out what they name', async () => {
      const result = await ask({
        source: 'ga',
        metrics: ['sessions'],
        dimensions: ['channel'],
        date_range: 'last_7_days',
        filters: [
          { connect_pre_filter: 'and', field: 'channel', operator: 'not_in', value: 'direct;paid search' },
          { connect_pre_filter: 'and', field: 'landing_page', operator: 'not_contains', value: 'BLOG' },
        ],
      });
      const rows = await raw(
        `select channel, sum(sessions) from ga_daily where date between ? and ?
           and channel not in ('Direct', 'Paid Search') and landing_page not like '%blog%' group by channel`,
        [range().start, range().end],
      );
      expect(rows.length).toBeGreaterThan(0);
      expect(Object.fromEntries(result.rows.map((r) => [r.channel, r.sessions]))).toEqual(
        Object.fromEntries(rows.map(([channel, sessions]) => [channel, Number(sessions)])),
      );
    });

    it('an "or" between a grouped dimension and a metric keeps its meaning: either holds', async () => {
      const byChannel = await raw(
        'select channel, sum(sessions) from ga_daily where date between ? and ? group by channel',
        [range().start, range().end],
      );
      const sessions = byChannel.map(([, n]) => Number(n)).sort((a, b) => a - b);
      // A threshold that only the two biggest channels pass, or Email.
      const threshold = sessions[sessions.length - 3] ?? 0;
      const result = await ask({
        source: 'ga',
        metrics: ['sessions'],
        dimensions: ['channel'],
        date_range: 'last_7_days',
        filters: [
          { connect_pre_filter: 'and', field: 'channel', operator: 'eq', value: 'email' },
          { connect_pre_filter: 'or', field: 'sessions', operator: 'gt', value: threshold },
        ],
      });
      const expected = byChannel
        .filter(([channel, n]) => channel === 'Email' || Number(n) > threshold)
        .map(([channel]) => channel)
        .sort();
      expect(expected).toHaveLength(3);
      expect(result.rows.map((r) => r.channel).sort()).toEqual(expected);
    });

    it('an "or" joining a metric filter with a dimension the query does not group by is refused, naming it', async () => {
      const fields = await refusal({
        source: 'ga',
        metrics: ['sessions'],
        dimensions: ['channel'],
        date_range: 'last_7_days',
        filters: [
          { connect_pre_filter: 'and', field: 'device', operator: 'eq', value: 'mobile' },
          { connect_pre_filter: 'or', field: 'sessions', operator: 'gt', value: 100 },
        ],
      });
      expect(fields).toEqual(['filters.1.connect_pre_filter']);
    });
  });

  describe('the fields marketers ask about', () => {
    const range = () => quickRange('last_30_days', today);

    it('GA4 sessions by source / medium and by campaign equal the raw rows grouped here', async () => {
      const bySourceMedium = await ask({
        source: 'ga',
        metrics: ['sessions'],
        dimensions: ['source_medium'],
        date_range: 'last_30_days',
        limit: 100,
      });
      const expected = await raw(
        `select source || ' / ' || medium as sm, sum(sessions) from ga_daily where date between ? and ?
          group by sm order by sm`,
        [range().start, range().end],
      );
      expect(expected.length).toBeGreaterThan(5);
      expect(
        bySourceMedium.rows
          .map((row) => [row.source_medium, row.sessions])
          .sort((a, b) => (String(a[0]) < String(b[0]) ? -1 : 1)),
      ).toEqual(expected.map(([value, n]) => [value, Number(n)]));
      expect(bySourceMedium.rows.map((row) => row.source_medium)).toContain('google / cpc');

      const byParts = await ask({
        source: 'ga',
        metrics: ['sessions'],
        dimensions: ['source', 'medium', 'campaign'],
        date_range: 'last_30_days',
        filters: [{ connect_pre_filter: 'and', field: 'medium', operator: 'eq', value: 'CPC' }],
        limit: 100,
      });
      const paid = await raw(
        `select campaign, sum(sessions) from ga_daily where date between ? and ? and medium = 'cpc'
          group by campaign order by campaign`,
        [range().start, range().end],
      );
      expect(paid.length).toBeGreaterThan(1);
      expect(
        byParts.rows
          .map((row) => [row.source, row.medium, row.campaign, row.sessions])
          .sort((a, b) => String(a[2]).localeCompare(String(b[2]))),
      ).toEqual(paid.map(([campaign, n]) => ['google', 'cpc', campaign, Number(n)]));
    });

    it('bounce rate and average session duration are recomputed from their parts, per device', async () => {
      const answer = await ask({
        source: 'ga',
        metrics: ['sessions', 'bounce_rate', 'average_session_duration', 'engagement_rate'],
        dimensions: ['device'],
        date_range: 'last_30_days',
      });
      const parts = await raw(
        `select device, sum(sessions), sum(engaged_sessions), sum(session_duration) from ga_daily
          where date between ? and ? group by device`,
        [range().start, range().end],
      );
      expect(parts).toHaveLength(3);
      expect(answer.rows).toHaveLength(3);
      for (const [device, sessions, engaged, seconds] of parts) {
        const row = answer.rows.find((r) => r.device === device);
        expect(row, String(device)).toBeDefined();
        const bounce = (Number(sessions) - Number(engaged)) / Number(sessions);
        expect(row?.bounce_rate).toBeCloseTo(bounce, 12);
        expect(Number(row?.bounce_rate) + Number(row?.engagement_rate)).toBeCloseTo(1, 12);
        expect(row?.average_session_duration).toBeCloseTo(Number(seconds) / Number(sessions), 9);
      }
      // Not an average of the rows' own averages, which differs on these rows.
      const ofAverages = await raw(
        `select avg(session_duration / sessions) from ga_daily where date between ? and ? and sessions > 0`,
        [range().start, range().end],
      );
      const whole = await ask({
        source: 'ga',
        metrics: ['average_session_duration'],
        date_range: 'last_30_days',
      });
      const [total] = await raw(
        'select sum(session_duration) / sum(sessions) from ga_daily where date between ? and ?',
        [range().start, range().end],
      );
      expect(whole.rows[0]?.average_session_duration).toBeCloseTo(Number(total?.[0]), 9);
      expect(Math.abs(Number(ofAverages[0]?.[0]) - Number(total?.[0]))).toBeGreaterThan(0.5);
      expect(answer.columns.find((c) => c.key === 'average_session_duration')?.unit).toBe('seconds');
    });

    it('Google Ads by device and network: clicks and cost equal the raw rows', async () => {
      const answer = await ask({
        source: 'gads',
        metrics: ['clicks', 'cost'],
        dimensions: ['device', 'network'],
        date_range: 'last_30_days',
        limit: 100,
      });
      const expected = await raw(
        `select device, network, sum(clicks), round(sum(cost_micros) / 10000.0) from gads_daily
          where date between ? and ? group by device, network order by device, network`,
        [range().start, range().end],
      );
      expect(expected.map(([device, network]) => `${device}/${network}`)).toEqual(
        expect.arrayContaining(['MOBILE/SEARCH', 'DESKTOP/SEARCH_PARTNERS', 'TABLET/CONTENT']),
      );
      expect(
        answer.rows
          .map((row) => [row.device, row.network, row.clicks, row.cost])
          .sort((a, b) => `${a[0]}/${a[1]}`.localeCompare(`${b[0]}/${b[1]}`)),
      ).toEqual(
        expected.map(([device, network, clicks, cost]) => [device, network, Number(clicks), Number(cost)]),
      );
    });
  });

  describe('orders', () => {
    it('ties come back in the same order every time: by the dimensions after the asked order', async () => {
      const query: AnalyticsQueryInput = {
        source: 'gsc',
        metrics: ['clicks'],
        dimensions: ['query'],
        date_range: 'yesterday',
        filters: [{ connect_pre_filter: 'and', field: 'device', operator: 'eq', value: 'tablet' }],
        order: [{ field: 'clicks', direction: 'asc' }],
      };
      const [first, second] = [await ask(query), await ask(query)];
      expect(first.rows).toEqual(second.rows);
      const rows = first.rows.map((r) => [Number(r.clicks), String(r.query)] as const);
      expect(rows.length).toBeGreaterThan(1);
      for (let i = 1; i < rows.length; i += 1) {
        const [clicks, name] = rows[i] as readonly [number, string];
        const [prevClicks, prevName] = rows[i - 1] as readonly [number, string];
        expect(clicks > prevClicks || (clicks === prevClicks && name > prevName)).toBe(true);
      }
    });

    it('top movers: ordered by change, over every landing page, equal the raw rows added up', async () => {
      const result = await ask({
        source: 'ga',
        metrics: ['sessions'],
        dimensions: ['landing_page'],
        date_range: 'last_7_days',
        compare: 'preceding',
        order: [{ field: 'sessions_change', direction: 'desc' }],
        limit: 3,
      });
      const current = quickRange('last_7_days', today);
      const previous = comparisonRange(current, 'preceding').range;
      const rows = await raw(
        `select landing_page,
                sum(case when date >= ? then sessions else 0 end) - sum(case when date < ? then sessions else 0 end) as change
           from ga_daily where date between ? and ? group by landing_page order by change desc, landing_page limit 3`,
        [current.start, current.start, previous.start, current.end],
      );
      expect(rows).toHaveLength(3);
      expect(result.rows.map((r) => [r.landing_page, r.sessions_change])).toEqual(
        rows.map(([page, change]) => [page, Number(change)]),
      );
      expect(result.truncated).toBe(true);
    });

    it('ordering by a change needs a comparison', async () => {
      expect(
        await refusal({
          source: 'ga',
          metrics: ['sessions'],
          date_range: 'last_7_days',
          order: [{ field: 'sessions_change_pct', direction: 'desc' }],
        }),
      ).toEqual(['order.0.field']);
    });
  });

  describe('the SQL a result shows', () => {
    it('runs as shown, its values written in, and answers the same rows', async () => {
      const result = await ask({
        source: 'ga',
        metrics: ['sessions', 'conversion_rate'],
        dimensions: ['channel'],
        date_range: 'last_7_days',
        compare: 'yoy',
        filters: [
          { connect_pre_filter: 'and', field: 'landing_page', operator: 'contains', value: "o'brien%_blog" },
        ],
      });
      expect(result.sql[0]).toContain('?');
      expect(result.sql_runnable[0]).not.toContain('?');
      expect(result.sql_runnable[0]).toContain("'%o''brien\\%\\_blog%'");
      expect(result.parameters[0]?.length).toBeGreaterThan(3);
      const plain = await ask({
        source: 'ga',
        metrics: ['sessions'],
        dimensions: ['channel'],
        date_range: 'last_7_days',
      });
      const again = await raw(plain.sql_runnable[0] as string);
      expect(plain.rows.length).toBeGreaterThan(0);
      expect(again.map(([channel, sessions]) => ({ channel, sessions: Number(sessions) }))).toEqual(
        plain.rows,
      );
    });
  });

  describe('values people type', () => {
    const lookup = async (body: Record<string, unknown>) =>
      (await callEndpoint(t.app, lookupDimensionValues, { as: user, body: body as never })).ok();

    it('maps what was typed to the values stored, heaviest first, with their weight', async () => {
      const range = quickRange('last_30_days', today);
      const devices = await lookup({
        source: 'ga',
        dimension: 'device',
        date_range: 'last_30_days',
        q: 'MOB',
        match: 'prefix',
      });
      expect(devices.weight_metric).toBe('sessions');
      expect(devices.items).toEqual([
        { value: 'mobile', weight: await sumOf('sessions', range, "device = 'mobile'") },
      ]);

      const campaigns = await lookup({
        source: 'gads',
        dimension: 'campaign',
        date_range: 'last_30_days',
        q: 'brand',
      });
      const impressions = await raw(
        "select sum(impressions) from gads_daily where date between ? and ? and campaign = 'Brand'",
        [range.start, range.end],
      );
      expect(campaigns.items).toEqual([{ value: 'Brand', weight: Number(impressions[0]?.[0]) }]);

      const queries = await lookup({
        source: 'gsc',
        dimension: 'query',
        date_range: 'last_30_days',
        q: 'ga4',
        limit: 50,
      });
      const expected = await raw(
        `select query, sum(impressions) as n from gsc_daily where date between ? and ? and query ilike '%ga4%'
          group by query order by n desc, query`,
        [range.start, range.end],
      );
      expect(expected.length).toBeGreaterThan(1);
      expect(queries.items).toEqual(expected.map(([value, n]) => ({ value, weight: Number(n) })));
      // A wildcard typed is a character, not a pattern.
      expect(
        (await lookup({ source: 'gsc', dimension: 'query', date_range: 'last_30_days', q: '%' })).items,
      ).toEqual([]);
    });

    it('only a text dimension of the source can be looked up', async () => {
      for (const dimension of ['sessions', 'date', 'keyword']) {
        const answer = await callEndpoint(t.app, lookupDimensionValues, {
          as: user,
          body: { source: 'ga', dimension, date_range: 'last_7_days' },
        });
        expect(answer.status).toBe(400);
        expect(Object.keys(answer.error().fields ?? {})).toEqual(['dimension']);
      }
    });
  });

  describe('results kept', () => {
    it('a result is kept under an id and read back exactly as answered, by its own team only', async () => {
      const query: AnalyticsQueryInput = {
        source: 'ga',
        metrics: ['sessions'],
        dimensions: ['channel'],
        date_range: 'last_7_days',
        compare: 'yoy',
      };
      const answered = await ask(query);
      expect(answered.result_id).toMatch(/^[0-9a-f-]{36}$/);
      const kept = (
        await callEndpoint(t.app, getQueryResult, { as: user, params: { id: answered.result_id } })
      ).ok();
      expect(kept.result).toEqual(answered);
      expect(kept.query).toMatchObject(query);
      expect(kept.creation_time).toBeGreaterThan(0);
      const stranger = await signUpUser(t.app);
      const theirs = await callEndpoint(t.app, getQueryResult, {
        as: stranger,
        params: { id: answered.result_id },
      });
      expect(theirs.status).toBe(404);
    });
  });

  describe('bad input', () => {
    it('numbers beyond any figure, impossible dates and unknown ranges are refused naming the field', async () => {
      const base = { source: 'ga', metrics: ['sessions'], date_range: 'last_7_days' };
      expect(
        await refusal({
          ...base,
          filters: [{ connect_pre_filter: 'and', field: 'sessions', operator: 'gt', value: 1e308 }],
        }),
      ).toEqual(['filters.0.value']);
      expect(
        await refusal({
          ...base,
          filters: [{ connect_pre_filter: 'and', field: 'sessions', operator: 'gt', value: '1e308' }],
        }),
      ).toEqual(['filters.0.value']);
      expect(
        await refusal({
          ...base,
          filters: [{ connect_pre_filter: 'and', field: 'date', operator: 'eq', value: '2026-02-30' }],
        }),
      ).toEqual(['filters.0.value']);
      for (const date_range of [
        { start: '9999-99-99', end: '9999-99-99' },
        { start: '2026-02-30', end: '2026-03-02' },
        'last_0_days',
        'last_731_days',
        'last_fortnight',
      ]) {
        const fields = await refusal({ ...base, date_range });
        expect(fields.length).toBeGreaterThan(0);
        expect(fields.every((field) => field.startsWith('date_range'))).toBe(true);
      }
    });
  });

  describe('ranges people say', () => {
    it('each named range and last N days answer their own dates, labelled in the caller’s language', async () => {
      const labels: Record<string, string> = {
        this_month_so_far: '本月至今',
        last_month: '上月',
        this_quarter_so_far: '本季度至今',
        last_quarter: '上季度',
        this_year_to_date: '今年至今',
        last_week: '上周',
        last_45_days: '最近 45 天',
      };
      for (const [name, label] of Object.entries(labels)) {
        const result = await ask({ source: 'ga', metrics: ['sessions'], date_range: name }, 'zh_CN');
        expect(result.ranges[0]).toEqual({ role: 'current', label, ...quickRange(name, today) });
        const range = quickRange(name, today);
        // A range with no rows yet (this month so far, on the 1st: today is not synced) has no
        // total: null, as SQL's sum of nothing, never a made-up 0.
        const [sum] = await raw('select sum(sessions) from ga_daily where date between ? and ?', [
          range.start,
          range.end,
        ]);
        expect(result.rows[0]?.sessions ?? null).toBe(sum?.[0] == null ? null : Number(sum[0]));
      }
      const french = await ask({ source: 'ga', metrics: ['sessions'], date_range: 'last_week' }, 'fr_FR');
      expect(french.ranges[0]?.label).toBe('La semaine dernière');
      const hk = await ask({ source: 'ga', metrics: ['sessions'], date_range: 'last_week' }, 'zh_HK');
      expect(hk.ranges[0]?.label).toBe('上週');
    });
  });
});
