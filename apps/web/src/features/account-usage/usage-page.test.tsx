import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../app/testing/render-app';
import { signedInRoutes, signIn } from '../../app/testing/signed-in-stubs';
import { stubFetch } from '../../app/testing/stub-fetch';
import { T0 } from '../../lib/testing/billing-fixtures';

// AG Charts draws on a canvas jsdom does not have (ARCHITECTURE section 3: mocked here, checked in
// the browser by the billing journey). The stand-in shows what the chart was given.
vi.mock('ag-charts-react', () => ({
  AgCharts: ({ options }: { options: { data?: unknown[]; series?: { xKey: string; yKey: string }[] } }) => (
    <output aria-label="Credits per day chart">
      {JSON.stringify({ data: options.data, series: options.series?.map((s) => [s.xKey, s.yKey]) })}
    </output>
  ),
}));
vi.mock('ag-charts-community', () => ({
  BarSeriesModule: {},
  CartesianChartModule: {},
  CategoryAxisModule: {},
  LocaleModule: {},
  NumberAxisModule: {},
}));

const USAGE = {
  start: '2026-01-01',
  end: '2026-01-30',
  total_credits: 420,
  total_calls: 7,
  by_day: [
    { day: '2026-01-01', credits: 120, calls: 2 },
    { day: '2026-01-02', credits: 300, calls: 5 },
  ],
  by_function: [
    { function_key: 'chat', credits: 300, calls: 5 },
    { function_key: 'analysis.gads_wasted_spend', credits: 120, calls: 2 },
  ],
  by_member: [
    { user_id: 'user-1', username: 'Ada', credits: 400, calls: 6 },
    { user_id: 'user-2', username: 'Grace', credits: 20, calls: 1 },
  ],
};

const LOG = {
  id: 'log-1',
  user: { id: 'user-1', username: 'Ada' },
  function_key: 'chat',
  model: 'offline-analyst',
  input_tokens: 1200,
  output_tokens: 340,
  credits: 12,
  uncharged: 0,
  latency_ms: 1530,
  status: 'settled',
  creation_time: T0,
};

describe('/account/usage', () => {
  it('charts credits per day, splits them by function and by member, and lists the usage log', async () => {
    signIn();
    const fetch = stubFetch({
      ...signedInRoutes(),
      'GET /api/account/usage': { body: USAGE },
      'GET /api/account/usage/logs': { body: { items: [LOG], total: 1, page: 1, page_size: 10 } },
      // The names of the analysis functions, in the reader's language.
      'GET /api/analysis/functions': {
        body: {
          items: [
            {
              key: 'analysis.gads_wasted_spend',
              version: 1,
              name: 'Ads wasted spend',
              description: 'Spend that brought no conversions',
              sources: ['gads'],
              parameters: [],
              filters: [],
              price: 5,
              allowed: true,
            },
          ],
        },
      },
    });
    renderApp('/account/usage?start=2026-01-01&end=2026-01-30');

    // The chart is its own lazy chunk: its first load under vitest's transform takes a while.
    const chart = await screen.findByRole('status', { name: 'Credits per day chart' }, { timeout: 20_000 });
    expect(JSON.parse(chart.textContent ?? '')).toEqual({ data: USAGE.by_day, series: [['day', 'credits']] });
    expect(fetch.callsTo('GET /api/account/usage')[0]?.url).toContain('start=2026-01-01&end=2026-01-30');

    const byFunction = within(screen.getByText('By function').closest('.ant-card') as HTMLElement);
    expect(byFunction.getByText('Chat assistant')).toBeTruthy();
    expect(byFunction.getByText('300')).toBeTruthy();
    // A function is shown by its name, not its key.
    expect(await byFunction.findByText('Ads wasted spend')).toBeTruthy();
    expect(byFunction.queryByText('analysis.gads_wasted_spend')).toBeNull();
    const byMember = within(screen.getByText('By member').closest('.ant-card') as HTMLElement);
    expect(byMember.getByText('Grace')).toBeTruthy();
    expect(byMember.getByText('400')).toBeTruthy();

    const log = within(screen.getByText('Usage log').closest('.ant-card') as HTMLElement);
    await waitFor(() => expect(log.getByText('offline-analyst')).toBeTruthy());
    expect(log.getByText('1.2K / 340')).toBeTruthy();
    expect(log.getByText('1.53 s')).toBeTruthy();
    expect(log.getByText('12')).toBeTruthy();
    expect(log.getByText('Charged')).toBeTruthy();
  });
});
