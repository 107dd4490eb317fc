import type { AnalysisFunction, AnalysisRun } from '@app/contract/analysis/runs';
import type { ReplyPart } from '@app/contract/chat/parts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../app/testing/render-app';
import { signedInRoutes, signIn } from '../../app/testing/signed-in-stubs';
import { type StubRoutes, stubFetch } from '../../app/testing/stub-fetch';

// AG Charts does not draw in jsdom: the stand-in shows what the page hands it.
vi.mock('ag-charts-react', () => ({
  AgCharts: ({ options }: { options: { series?: { yKey: string }[] } }) => (
    <output aria-label="Reply chart">{JSON.stringify(options.series?.map((s) => s.yKey))}</output>
  ),
}));
vi.mock('ag-charts-community', () => ({
  BarSeriesModule: {},
  LineSeriesModule: {},
  CartesianChartModule: {},
  CategoryAxisModule: {},
  NumberAxisModule: {},
  LegendModule: {},
  LocaleModule: {},
}));

const T0 = 1_795_000_000;

const CHANNELS: AnalysisFunction = {
  key: 'analysis.channel_performance',
  version: 1,
  name: 'Channel performance',
  description: 'Sessions by channel, compared.',
  sources: ['ga'],
  parameters: [
    {
      key: 'period',
      alias: 'Period',
      name: 'Period',
      required: true,
      input_data: {
        label: 'Period',
        type: 'date',
        compare: true,
        default: { range: 'last_30_days', compare: 'yoy' },
      },
    },
    {
      key: 'metrics',
      alias: 'Metrics',
      name: 'Metrics',
      required: true,
      input_data: {
        label: 'Metrics',
        type: 'check_list',
        options: [
          { value: 'sessions', display: 'Sessions' },
          { value: 'revenue', display: 'Revenue' },
        ],
        default: 'sessions',
      },
    },
  ],
  filters: [
    {
      category: 'Dimensions',
      fields: [{ field: 'device', name: 'Device' }],
      operators: ['eq', 'contains'],
      filter_value_type: 'string',
    },
  ],
  price: 5,
  allowed: true,
};

const WASTE: AnalysisFunction = {
  ...CHANNELS,
  key: 'analysis.gads_wasted_spend',
  name: 'Ads wasted spend',
  parameters: [],
  filters: [],
  allowed: false,
};

const RANGES = [
  { role: 'current' as const, label: 'Last 30 days', start: '2026-10-28', end: '2026-11-26' },
  { role: 'previous' as const, label: 'Same period last year', start: '2025-10-28', end: '2025-11-26' },
];
const FRESHNESS = [
  {
    source: 'ga',
    demo: true,
    property: 'properties/1',
    property_name: 'Demo store',
    synced_at: T0,
    complete_through: '2026-11-26',
  },
];
const QUERY = {
  source: 'ga',
  metrics: ['sessions'],
  dimensions: ['channel'],
  filters: [],
  date_range: 'last_30_days',
  compare: 'yoy' as const,
  order: [],
  limit: 50,
};
const PARTS: ReplyPart[] = [
  { type: 'content', content: 'Sessions rose 12% against last year.' },
  {
    type: 'ag_table',
    columnDefs: [
      { headerName: 'Channel', field: 'channel', cellDataType: 'text' },
      { headerName: 'Sessions', field: 'sessions', cellDataType: 'number' },
    ],
    rowData: [{ channel: 'Organic Search', sessions: 1200 }],
    truncated: false,
    result_id: 'r1',
    query: QUERY,
    ranges: RANGES,
    freshness: FRESHNESS,
  },
];

function run(over: Partial<AnalysisRun> = {}): AnalysisRun {
  return {
    id: 'run-1',
    function_key: CHANNELS.key,
    function_name: CHANNELS.name,
    version: 1,
    inputs: { period: { range: 'last_30_days', compare: 'yoy' }, metrics: 'sessions' },
    filters: [{ connect_pre_filter: 'and', field: 'device', operator: 'eq', value: 'mobile' }],
    status: 'succeeded',
    credits: 5,
    model: 'offline',
    error: null,
    shared: false,
    mine: true,
    user_name: 'Ann',
    creation_time: T0,
    finish_time: T0,
    parts: PARTS,
    ...over,
  };
}

function routes(over: StubRoutes = {}): StubRoutes {
  return {
    ...signedInRoutes(),
    'GET /api/analysis/functions': { body: { items: [CHANNELS, WASTE] } },
    'GET /api/analysis/runs': { body: { items: [], total: 0 } },
    ...over,
  };
}

describe('/ai-table/analysis', () => {
  it('runs the chosen function with its form defaults, then shows the kept run with its sources', async () => {
    signIn();
    const fetch = stubFetch(routes({ 'POST /api/analysis/runs': { body: { run: run() } } }));
    renderApp('/ai-table/analysis');

    // The page's lazy chunk is transformed on its first load: seconds on a loaded machine.
    expect(await screen.findByRole('heading', { name: 'Analysis' }, { timeout: 30_000 })).toBeTruthy();
    expect(await screen.findByText('5 credits per run')).toBeTruthy();
    // The function list says what the plan does not include.
    const nav = screen.getByRole('navigation', { name: 'Analysis functions' });
    expect(within(nav).getByText('Not in your plan')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Run' }));
    await waitFor(() => expect(fetch.callsTo('POST /api/analysis/runs')).toHaveLength(1));
    expect(fetch.callsTo('POST /api/analysis/runs')[0]?.json()).toEqual({
      function_key: 'analysis.channel_performance',
      inputs: { period: { range: 'last_30_days', compare: 'yoy' }, metrics: 'sessions' },
      filters: [],
    });
    const result = await screen.findByTestId('analysis-run');
    expect(within(result).getByText('Sessions rose 12% against last year.')).toBeTruthy();
    expect(within(result).getByText(/Run by Ann/)).toBeTruthy();
    expect(within(result).getByText('Credits: 5')).toBeTruthy();
    // The inputs as run: the range against its comparison.
    expect(
      within(result).getByText(/Period: Last 30 days vs Same period last year · Metrics: Sessions/),
    ).toBeTruthy();
  });

  it('a plan without the function says so with the way to upgrade', async () => {
    signIn();
    stubFetch(routes());
    renderApp('/ai-table/analysis?fn=analysis.gads_wasted_spend');
    expect(
      await screen.findByText('Your plan does not include this function. Upgrade your plan to use it.'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Upgrade' }).getAttribute('href')).toBe('/account/subscription');
  });

  it('opens a kept run from the history, fills the form and the filters with what it ran, and re-runs it as it was', async () => {
    signIn();
    const kept = run({ mine: false, shared: true, user_name: 'Bo' });
    const fetch = stubFetch(
      routes({
        'GET /api/analysis/runs': { body: { items: [kept], total: 1 } },
        'GET /api/analysis/runs/run-1': { body: { run: kept } },
        'POST /api/analysis/runs': { body: { run: run({ id: 'run-2' }) } },
      }),
    );
    renderApp('/ai-table/analysis');
    fireEvent.click(await screen.findByRole('button', { name: 'Run history' }));
    const item = await screen.findByRole('button', { name: /Channel performance/ });
    expect(within(item).getByText(/Bo/)).toBeTruthy();
    fireEvent.click(item);

    const result = await screen.findByTestId('analysis-run');
    expect(within(result).getByText('Shared')).toBeTruthy();
    // Someone else's run: no share switch.
    expect(within(result).queryByRole('switch')).toBeNull();
    expect(await screen.findByText('Filters (1)')).toBeTruthy();

    fireEvent.click(within(result).getByRole('button', { name: /Run again/ }));
    await waitFor(() => expect(fetch.callsTo('POST /api/analysis/runs')).toHaveLength(1));
    expect(fetch.callsTo('POST /api/analysis/runs')[0]?.json()).toEqual({
      function_key: kept.function_key,
      inputs: kept.inputs,
      filters: kept.filters,
    });
  });

  it('the author shares a run with the team', async () => {
    signIn();
    const fetch = stubFetch(
      routes({
        'GET /api/analysis/runs/run-1': { body: { run: run() } },
        'PUT /api/analysis/runs/run-1/share': { body: { run: { ...run(), shared: true, parts: undefined } } },
      }),
    );
    renderApp('/ai-table/analysis?run=run-1');
    const share = await screen.findByRole('switch', { name: 'Share with the team' });
    fireEvent.click(share);
    await waitFor(() => expect(fetch.callsTo('PUT /api/analysis/runs/run-1/share')).toHaveLength(1));
    expect(fetch.callsTo('PUT /api/analysis/runs/run-1/share')[0]?.json()).toEqual({ shared: true });
    await waitFor(() => expect(share.getAttribute('aria-checked')).toBe('true'));
  });
});
