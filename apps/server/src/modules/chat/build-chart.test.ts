import { type QueryResult, runAnalyticsQuery } from '@app/contract/analytics/query';
import { CHART_COLORS, zChartOptions } from '@app/contract/chat/chart';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callEndpoint } from '../../test/call-endpoint';
import { createTestApp, signUpUser, type TestApp } from '../../test/test-app';
import { buildChart } from './build-chart';

const column = (
  key: string,
  type: QueryResult['columns'][number]['type'],
  role: QueryResult['columns'][number]['role'],
  extra: { unit?: string | null; metric?: string | null; label?: string } = {},
) => ({
  key,
  label: extra.label ?? key,
  type,
  role,
  unit: extra.unit ?? null,
  metric: extra.metric ?? (role === 'dimension' ? null : key.replace(/_previous$/, '')),
});

/** Sessions and revenue by channel, last 7 days against the 7 before. */
const RESULT: QueryResult = {
  columns: [
    column('channel', 'text', 'dimension', { label: 'Channel' }),
    column('date', 'date', 'dimension', { label: 'Date' }),
    column('sessions', 'number', 'value', { label: 'Sessions' }),
    column('sessions_previous', 'number', 'previous', { label: 'Sessions' }),
    column('conversion_rate', 'percent', 'value', { label: 'Conversion rate' }),
    column('revenue', 'money', 'value', { label: 'Revenue', unit: 'USD' }),
  ],
  rows: [
    {
      channel: 'Direct',
      date: '2026-11-20',
      sessions: 120,
      sessions_previous: 100,
      conversion_rate: 0.0251,
      revenue: 123456,
    },
    {
      channel: 'Email',
      date: '2026-11-19',
      sessions: 80,
      sessions_previous: 90,
      conversion_rate: 0.04,
      revenue: 5000,
    },
  ],
  ranges: [
    { role: 'current', label: 'Last 7 days', start: '2026-11-20', end: '2026-11-26' },
    { role: 'previous', label: 'Preceding 7 days', start: '2026-11-13', end: '2026-11-19' },
  ],
  freshness: [
    {
      source: 'ga',
      demo: true,
      property: 'properties/1',
      property_name: 'Demo Store (GA4)',
      synced_at: 1_700_000_000,
      complete_through: '2026-11-26',
    },
  ],
  sql: ['select 1'],
  parameters: [[]],
  sql_runnable: ['select 1'],
  truncated: false,
};

const built = (intent: unknown, result: QueryResult = RESULT) => {
  const chart = buildChart(result, intent);
  if (!chart.ok) throw new Error(chart.reason);
  // What is sent always validates: no reply ever carries an invalid chart.
  return zChartOptions.parse(chart.options);
};
const reason = (intent: unknown, result: QueryResult = RESULT) => {
  const chart = buildChart(result, intent);
  expect(chart.ok, JSON.stringify(intent)).toBe(false);
  return chart.ok ? '' : chart.reason;
};

describe('charts built by the server from an intent', () => {
  it('bars: one series per metric in the six colours, money in currency units, titled with its source and range', () => {
    const options = built({ type: 'bar', x: 'channel', series: ['revenue'] });
    expect(options.series).toEqual([
      { type: 'bar', xKey: 'channel', yKey: 'revenue', yName: 'Revenue', fill: CHART_COLORS[0] },
    ]);
    // 123456 cents are 1234.56 dollars, drawn as such.
    expect(options.data).toEqual([
      { channel: 'Direct', revenue: 1234.56 },
      { channel: 'Email', revenue: 50 },
    ]);
    expect(options.axes.y.title.text).toBe('Revenue (USD)');
    expect(options.title?.text).toBe('Revenue by Channel');
    expect(options.subtitle?.text).toBe('Demo Store (GA4) (Demo) · Last 7 days vs Preceding 7 days');
    expect(options.legend.enabled).toBe(false);
  });

  it('percentages are drawn 0 to 100 on an axis titled %', () => {
    const options = built({ type: 'bar', x: 'channel', series: ['conversion_rate'] });
    expect(options.data.map((row) => row.conversion_rate)).toEqual([2.51, 4]);
    expect(options.axes.y.title.text).toBe('Conversion rate (%)');
  });

  it('a comparison draws each metric beside its previous value, named by its range', () => {
    const options = built({ type: 'bar', x: 'channel', series: ['sessions'], compare: true });
    expect(options.series.map((s) => [s.yKey, s.yName, s.fill])).toEqual([
      ['sessions', 'Sessions (Last 7 days)', CHART_COLORS[0]],
      ['sessions_previous', 'Sessions (Preceding 7 days)', CHART_COLORS[1]],
    ]);
    expect(options.data[0]).toEqual({ channel: 'Direct', sessions: 120, sessions_previous: 100 });
    expect(options.legend.enabled).toBe(true);
  });

  it('a line runs along dates in time order, whatever order the table has', () => {
    const options = built({ type: 'line', x: 'date', series: ['sessions'] });
    expect(options.data.map((row) => row.date)).toEqual(['2026-11-19', '2026-11-20']);
    expect(options.series[0]).toMatchObject({ type: 'line', stroke: CHART_COLORS[0] });
  });

  it('refuses what cannot be drawn truthfully, saying why', () => {
    expect(reason({ type: 'bar', x: 'campaign', series: ['sessions'] })).toBe(
      'The result has no column campaign',
    );
    expect(reason({ type: 'bar', x: 'channel', series: ['clicks'] })).toBe('The result has no column clicks');
    expect(reason({ type: 'bar', x: 'sessions', series: ['revenue'] })).toMatch(
      /not something to draw along the x axis/,
    );
    expect(reason({ type: 'bar', x: 'channel', series: ['channel'] })).toMatch(/not a figure/);
    expect(reason({ type: 'line', x: 'channel', series: ['sessions'] })).toMatch(/A line needs dates/);
    expect(reason({ type: 'bar', x: 'channel', series: ['sessions', 'revenue'] })).toMatch(/different units/);
    expect(reason({ type: 'bar', x: 'channel', series: ['sessions', 'sessions'] })).toBe(
      'A series is named twice',
    );
    expect(reason({ type: 'bar', x: 'channel', series: ['revenue'], compare: true })).toBe(
      'The result has no previous value of Revenue',
    );
    expect(reason({ type: 'pie', x: 'channel', series: ['sessions'] })).toBeTruthy();
    expect(reason({ type: 'bar', x: 'channel', series: [] })).toBe('Name at least one metric to draw');
    expect(reason('draw me something')).toBeTruthy();
  });

  it('a comparison needs exactly two distinct ranges; too many bars or no rows are refused', () => {
    const one = { ...RESULT, ranges: RESULT.ranges.slice(0, 1) };
    expect(reason({ type: 'bar', x: 'channel', series: ['sessions'], compare: true }, one)).toBe(
      'A comparison chart needs a result that compares exactly two ranges',
    );
    const same = {
      ...RESULT,
      ranges: RESULT.ranges.map((r) => ({ ...r, start: '2026-11-20', end: '2026-11-26' })),
    };
    expect(reason({ type: 'bar', x: 'channel', series: ['sessions'], compare: true }, same)).toMatch(
      /exactly two/,
    );
    const many = {
      ...RESULT,
      rows: Array.from({ length: 51 }, (_, i) => ({ ...RESULT.rows[0], channel: `c${i}` })),
    } as QueryResult;
    expect(reason({ type: 'bar', x: 'channel', series: ['sessions'] }, many)).toMatch(
      /^51 bars are too many/,
    );
    expect(reason({ type: 'bar', x: 'channel', series: ['sessions'] }, { ...RESULT, rows: [] })).toBe(
      'The result has no rows to draw',
    );
  });

  it('speaks the reader’s language through the translation it is given', () => {
    const zh: Record<string, string> = {
      '{{metrics}} by {{dimension}}': '按{{dimension}}的{{metrics}}',
      'The result has no column {{column}}': '结果中没有列 {{column}}',
    };
    const chart = buildChart(RESULT, { type: 'bar', x: 'channel', series: ['sessions'] }, (m) => zh[m] ?? m);
    expect(chart.ok && chart.options.title?.text).toBe('按Channel的Sessions');
    const refused = buildChart(RESULT, { type: 'bar', x: 'nope', series: ['sessions'] }, (m) => zh[m] ?? m);
    expect(refused.ok ? '' : refused.reason).toBe('结果中没有列 nope');
  });

  describe('over a real answer of the query model', () => {
    let t: TestApp;
    let user: Awaited<ReturnType<typeof signUpUser>>;
    beforeAll(async () => {
      t = await createTestApp();
      user = await signUpUser(t.app);
    });
    afterAll(() => t.close());

    it('sessions by channel, last 30 days vs the preceding period: drawn from the answer’s own figures', async () => {
      const answer = (
        await callEndpoint(t.app, runAnalyticsQuery, {
          as: user,
          body: {
            source: 'ga',
            metrics: ['sessions'],
            dimensions: ['channel'],
            date_range: 'last_30_days',
            compare: 'preceding',
          },
        })
      ).ok();
      const options = built({ type: 'bar', x: 'channel', series: ['sessions'], compare: true }, answer);
      expect(options.data.length).toBe(answer.rows.length);
      expect(options.data.length).toBeGreaterThan(3);
      for (const [i, row] of answer.rows.entries()) {
        expect(options.data[i]).toEqual({
          channel: row.channel,
          sessions: row.sessions,
          sessions_previous: row.sessions_previous,
        });
      }
    });
  });
});
