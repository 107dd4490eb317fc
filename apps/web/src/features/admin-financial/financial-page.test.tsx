import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../app/testing/render-app';
import { signedInRoutes, signIn } from '../../app/testing/signed-in-stubs';
import { stubFetch } from '../../app/testing/stub-fetch';
import { financialFixture } from '../../lib/testing/admin-billing-fixtures';
import { findMismatches } from './financial-checks';
import { paidOrdersLink } from './financial-page';

// AG Charts draws on a canvas jsdom does not have (ARCHITECTURE section 3: mocked here, checked in
// the browser). The stand-in shows what each chart was given.
vi.mock('ag-charts-react', () => ({
  AgCharts: ({ options }: { options: { data?: unknown[] } }) => (
    <output data-testid="chart">{JSON.stringify(options.data)}</output>
  ),
}));
vi.mock('ag-charts-community', () => ({
  BarSeriesModule: {},
  CartesianChartModule: {},
  CategoryAxisModule: {},
  DonutSeriesModule: {},
  LegendModule: {},
  LocaleModule: {},
  NumberAxisModule: {},
  PolarChartModule: {},
}));

const PATH = '/admin/financial';

function tableOf(name: string) {
  return within(screen.getByRole('table', { name }));
}

describe(PATH, () => {
  it('shows revenue, refunds and net as money, each breakdown with a Total equal to the totals', async () => {
    signIn();
    stubFetch({ ...signedInRoutes(), 'GET /api/admin/financial': { body: financialFixture() } });
    renderApp(PATH);

    expect(
      await screen.findByText('Every breakdown adds up to the totals, and net is revenue less refunds.'),
    ).toBeTruthy();
    expect(screen.getAllByText('$118.90').length).toBeGreaterThan(0);
    expect(screen.getAllByText('$99.00').length).toBeGreaterThan(0);
    for (const table of [
      'Revenue by day',
      'Revenue by month',
      'Revenue by payment method',
      'Revenue by plan',
    ]) {
      const total = tableOf(table).getByText('Total').closest('tr') as HTMLElement;
      expect(within(total).getByText('$118.90'), table).toBeTruthy();
      expect(within(total).getByText('$19.90'), table).toBeTruthy();
      expect(within(total).getByText('$99.00'), table).toBeTruthy();
      expect(within(total).getByText('2'), table).toBeTruthy();
    }
    expect(tableOf('Revenue by payment method').getByText('Card (Stripe)')).toBeTruthy();
  });

  it('loads the charts lazily with the figures in cents', async () => {
    signIn();
    stubFetch({ ...signedInRoutes(), 'GET /api/admin/financial': { body: financialFixture() } });
    renderApp(PATH);

    const charts = await screen.findAllByTestId('chart');
    expect(charts).toHaveLength(4);
    expect(JSON.parse(charts[0]?.textContent ?? '[]')).toEqual([
      { category: '01-01', revenue: 1990, refunds: 0 },
      { category: '01-02', revenue: 9900, refunds: 1990 },
    ]);
    expect(
      within(screen.getByRole('img', { name: 'Revenue by plan' })).getByTestId('chart').textContent,
    ).toBe(
      JSON.stringify([
        { name: 'Pro', revenue: 1990 },
        { name: 'Team', revenue: 9900 },
      ]),
    );
  });

  it('says so when a breakdown does not add up to the totals', async () => {
    signIn();
    const report = financialFixture({
      by_method: [{ method: 'sandbox', revenue: 1990, refunds: 1990, orders: 1 }],
    });
    stubFetch({ ...signedInRoutes(), 'GET /api/admin/financial': { body: report } });
    renderApp(PATH);

    expect(
      await screen.findByText('These figures do not add up; report it before relying on them.'),
    ).toBeTruthy();
    expect(screen.getByText('by_method.revenue: 1990 ≠ 11890')).toBeTruthy();
    expect(findMismatches(financialFixture())).toEqual([]);
  });

  it('asks for another currency and range, kept in the URL', async () => {
    signIn();
    const fetch = stubFetch({
      ...signedInRoutes(),
      'GET /api/admin/financial': (request) => ({
        body: financialFixture({
          currency: new URL(request.url, 'http://x').searchParams.get('currency') ?? 'USD',
        }),
      }),
    });
    const app = renderApp(`${PATH}?start=2026-01-01&end=2026-01-30`);
    const user = userEvent.setup({ pointerEventsCheck: 0 });

    await screen.findByText('Every breakdown adds up to the totals, and net is revenue less refunds.');
    await user.click(screen.getByRole('combobox', { name: 'Currency' }));
    await user.click(await screen.findByTitle('CNY'));

    await waitFor(() => expect(app.location()).toContain('currency=CNY'));
    await waitFor(() =>
      expect(fetch.callsTo('GET /api/admin/financial').map((call) => call.url)).toContain(
        '/api/admin/financial?start=2026-01-01&end=2026-01-30&currency=CNY',
      ),
    );
    expect((await screen.findAllByText('¥118.90')).length).toBeGreaterThan(0);
  });

  it('links to the orders paid in the report days', () => {
    const link = new URL(paidOrdersLink('2026-01-01', '2026-01-30'), 'http://x');
    expect(link.pathname).toBe('/admin/order');
    const filters = JSON.parse(link.searchParams.get('f') ?? '{}');
    expect(filters.paid_time.type).toBe('range');
    expect(filters.paid_time.end_time - filters.paid_time.start_time).toBe(30 * 86_400 - 1);
  });
});
