import type { ExternalCall, InterfaceStat } from '@app/contract/connectors/admin-interfaces';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../app/testing/render-app';
import { signedInRoutes, signIn } from '../../app/testing/signed-in-stubs';
import { stubFetch } from '../../app/testing/stub-fetch';
import { chartData } from './interface-series';

// AG Charts draws on a canvas jsdom does not have: the stand-in shows what the chart was given.
vi.mock('ag-charts-react', () => ({
  AgCharts: ({ options }: { options: { series?: { yKey: string; yName: string }[]; data?: unknown[] } }) => (
    <output aria-label="Interfaces chart">
      {JSON.stringify({ series: options.series?.map((s) => s.yName), data: options.data })}
    </output>
  ),
}));
vi.mock('ag-charts-community', () => ({
  CartesianChartModule: {},
  LegendModule: {},
  LineSeriesModule: {},
  LocaleModule: {},
  NumberAxisModule: {},
  TimeAxisModule: {},
}));

const PATH = '/admin/integ-3rd-platform/interfaces';
/** The first visit in a file waits for the page chunk (AG Grid included) to be transformed. */
const SLOW = { timeout: 30_000 };
const HOUR = 3600;
/** On an hour boundary, as the server buckets. */
const T0 = 1_767_002_400;

function stat(overrides: Partial<InterfaceStat>): InterfaceStat {
  return {
    api: 'analytics_data.run_report',
    label: 'Analytics Data: run report',
    calls: 0,
    errors: 0,
    quota_errors: 0,
    auth_errors: 0,
    avg_latency_ms: null,
    p95_latency_ms: null,
    quota_used: 0,
    last_call_at: null,
    last_status: null,
    series: [],
    ...overrides,
  };
}

const RUN_REPORT = stat({
  calls: 40,
  errors: 4,
  quota_errors: 3,
  auth_errors: 1,
  avg_latency_ms: 120.4,
  p95_latency_ms: 310,
  quota_used: 55,
  last_call_at: T0 + 2 * HOUR,
  last_status: 429,
  series: [
    { at: T0, calls: 30, errors: 1, quota_used: 40, avg_latency_ms: 100 },
    { at: T0 + HOUR, calls: 10, errors: 3, quota_used: 15, avg_latency_ms: 180 },
  ],
});
const SITES = stat({
  api: 'search_console.sites',
  label: 'Search Console: sites',
  calls: 2,
  avg_latency_ms: 50,
  p95_latency_ms: 60,
  quota_used: 2,
  last_call_at: T0 + HOUR,
  last_status: 200,
  series: [{ at: T0 + HOUR, calls: 2, errors: 0, quota_used: 2, avg_latency_ms: 50 }],
});
const UNUSED = stat({ api: 'oauth.revoke', label: 'OAuth: revoke' });

const CALL: ExternalCall = {
  id: 'c-1',
  created_at: T0 + 2 * HOUR,
  api: 'analytics_data.run_report',
  method: 'POST',
  path: '/v1beta/properties/1001:runReport',
  status: 429,
  outcome: 'quota',
  error_code: 'RESOURCE_EXHAUSTED',
  latency_ms: 87,
  quota_cost: 0,
  service: 'ga',
  team_id: 't-1',
  team_name: 'Acme',
};

function server() {
  return stubFetch({
    ...signedInRoutes(),
    'GET /api/admin/integ-3rd-platform/interfaces': ({ url }) => ({
      body: {
        from: T0,
        to: T0 + 3 * HOUR,
        bucket: new URL(url, 'http://x').searchParams.get('days') === '1' ? 'hour' : 'day',
        items: [RUN_REPORT, SITES, UNUSED],
      },
    }),
    'GET /api/admin/integ-3rd-platform/interfaces/calls': {
      body: { items: [CALL], total: 1, page: 1, page_size: 10 },
    },
  });
}

describe(PATH, () => {
  it('shows each external API’s calls, errors, latency and quota, a chart over time and the recent calls', async () => {
    signIn();
    server();
    renderApp(PATH);

    // The API's row of the statistics table (the recent calls name it too).
    await screen.findAllByText('Analytics Data: run report', {}, SLOW);
    const row = within(document.querySelector('tr[data-row-key="analytics_data.run_report"]') as HTMLElement);
    expect(row.getByText('4 (10.0%)')).toBeTruthy();
    expect(row.getByText('120 ms')).toBeTruthy();
    expect(row.getByText('310 ms')).toBeTruthy();
    expect(row.getByText(/· 429$/)).toBeTruthy();

    const chart = JSON.parse((await screen.findByLabelText('Interfaces chart')).textContent ?? '{}');
    // APIs not called in the period are left out of the chart.
    expect(chart.series).toEqual(['Analytics Data: run report', 'Search Console: sites']);
    // One row per day of the period answered, calls or not.
    expect(chart.data.length).toBeGreaterThanOrEqual(1);

    expect(await screen.findByText('POST /v1beta/properties/1001:runReport')).toBeTruthy();
    expect(screen.getByText('RESOURCE_EXHAUSTED')).toBeTruthy();
    expect(screen.getByText('Quota', { selector: '.ant-tag' })).toBeTruthy();
  });

  it('asks for the period chosen', async () => {
    signIn();
    const fetch = server();
    const app = renderApp(PATH);
    const user = userEvent.setup({ pointerEventsCheck: 0 });

    await screen.findByLabelText('Interfaces chart', {}, SLOW);
    await user.click(screen.getByText('Last 24 hours'));

    await waitFor(() =>
      expect(
        fetch
          .callsTo('GET /api/admin/integ-3rd-platform/interfaces')
          .map((r) => new URL(r.url, 'http://x').searchParams.get('days')),
      ).toContain('1'),
    );
    expect(app.location()).toContain('days=1');
  });
});

describe('interface series', () => {
  const label = (item: InterfaceStat) => item.label;
  const period = { from: T0, to: T0 + 2 * HOUR, bucket: 'hour' as const };
  it('spans the period bucket by bucket: counts are 0 where an API made no call; latency is left blank', () => {
    const calls = chartData([RUN_REPORT, SITES, UNUSED], 'calls', label, period);
    expect(calls.rows).toEqual([
      { at: T0 * 1000, analytics_data__run_report: 30, search_console__sites: 0 },
      { at: (T0 + HOUR) * 1000, analytics_data__run_report: 10, search_console__sites: 2 },
      { at: (T0 + 2 * HOUR) * 1000, analytics_data__run_report: 0, search_console__sites: 0 },
    ]);
    // APIs never called stay out; no dot in a field name (AG Charts reads it as a nested path).
    expect(calls.series.map((item) => item.key)).toEqual([
      'analytics_data__run_report',
      'search_console__sites',
    ]);
    const latency = chartData([RUN_REPORT, SITES], 'avg_latency_ms', label, period);
    expect(latency.rows[0]?.search_console__sites).toBeUndefined();
    expect(latency.rows[1]?.search_console__sites).toBe(50);
  });
});
