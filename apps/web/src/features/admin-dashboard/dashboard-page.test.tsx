import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../app/testing/render-app';
import { signedInRoutes, signIn } from '../../app/testing/signed-in-stubs';
import { stubFetch } from '../../app/testing/stub-fetch';

// AG Charts draws on a canvas jsdom does not have (ARCHITECTURE section 3: mocked here, checked in
// the browser). The stand-in shows what the chart was given.
vi.mock('ag-charts-react', () => ({
  AgCharts: ({ options }: { options: { data?: unknown[] } }) => (
    <output aria-label="Sign-ups chart">{JSON.stringify(options.data)}</output>
  ),
}));
vi.mock('ag-charts-community', () => ({
  BarSeriesModule: {},
  CartesianChartModule: {},
  CategoryAxisModule: {},
  LocaleModule: {},
  NumberAxisModule: {},
}));

const DASHBOARD = {
  users_total: 1234,
  users_banned: 7,
  active_sessions: 42,
  signups_per_day: [
    { date: '2026-11-20', count: 3 },
    { date: '2026-11-21', count: 5 },
  ],
  recent_server_errors: [
    { id: 1, req_id: 'req-9', route: '/api/admin/roles', message: 'Boom', creation_time: 1_700_000_000 },
  ],
};

describe('/admin (dashboard)', () => {
  it('shows the tiles, the sign-ups chart and recent errors linking to the error log', async () => {
    signIn();
    const fetch = stubFetch({ ...signedInRoutes(), 'GET /api/admin/dashboard': { body: DASHBOARD } });
    renderApp('/admin');

    const chart = await screen.findByRole('status', { name: 'Sign-ups chart' });
    expect(JSON.parse(chart.textContent ?? '[]')).toEqual([
      { day: '11-20', count: 3 },
      { day: '11-21', count: 5 },
    ]);
    expect(screen.getByText('1,234')).toBeTruthy();
    expect(screen.getByText('42')).toBeTruthy();
    expect(screen.getByText('8 in 30 days')).toBeTruthy();
    const link = screen.getByRole('link', { name: 'Open server error req-9' });
    expect(link.getAttribute('href')).toBe('/admin/sys-logs/server-error?q=req-9');
    expect(fetch.callsTo('GET /api/admin/dashboard')[0]?.url).toBe('/api/admin/dashboard?days=30');
  });

  it('asks for another period, kept in the URL', async () => {
    signIn();
    const fetch = stubFetch({ ...signedInRoutes(), 'GET /api/admin/dashboard': { body: DASHBOARD } });
    const app = renderApp('/admin');
    const user = userEvent.setup();

    await user.click(within(await screen.findByRole('radiogroup', { name: 'Period' })).getByText('7 days'));

    await waitFor(() => expect(app.location()).toBe('/admin?days=7'));
    await waitFor(() =>
      expect(fetch.callsTo('GET /api/admin/dashboard').map((r) => r.url)).toContain(
        '/api/admin/dashboard?days=7',
      ),
    );
  });
});
