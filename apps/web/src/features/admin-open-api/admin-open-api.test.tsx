import type { OpenApiRequest } from '@app/contract/admin/open-api/open-api-requests';
import type { RestToken } from '@app/contract/admin/open-api/rest-tokens';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../app/testing/render-app';
import { signedInRoutes, signIn } from '../../app/testing/signed-in-stubs';
import { stubFetch } from '../../app/testing/stub-fetch';

// AG Charts draws on a canvas jsdom does not have: the stand-in shows what the chart was given.
vi.mock('ag-charts-react', () => ({
  AgCharts: ({ options }: { options: { data?: unknown[] } }) => (
    <output aria-label="Requests chart">{JSON.stringify(options.data)}</output>
  ),
}));
vi.mock('ag-charts-community', () => ({
  BarSeriesModule: {},
  CartesianChartModule: {},
  CategoryAxisModule: {},
  LocaleModule: {},
  NumberAxisModule: {},
}));

const TOKEN: RestToken = {
  id: 'tok-1',
  name: 'Partner feed',
  team: { id: 'team-1', name: 'Acme' },
  scopes: ['team.credits.read'],
  token_prefix: 'rt_AbCdEf…',
  rate_limit_per_minute: 60,
  status: 'active',
  created_by: { id: 'u1', name: 'Root', email: 'root@example.com' },
  created_at: 1_700_000_000,
  expires_at: null,
  revoked_at: null,
  last_used_at: null,
};

const page = (items: unknown[]) => ({ body: { items, total: items.length, page: 1, page_size: 10 } });

describe('/admin/permission/rest-token', () => {
  it('lists tokens by prefix, issues one and shows it once, revokes one', async () => {
    signIn();
    const fetch = stubFetch({
      ...signedInRoutes(),
      'GET /api/admin/permission/rest-tokens': page([TOKEN]),
      'GET /api/admin/permission/rest-tokens/scopes': {
        body: {
          items: [
            {
              scope: 'team.credits.read',
              held: true,
              endpoints: [
                {
                  id: 'GET /api/account/credits',
                  operation_id: 'get_api_account_credits',
                  summary: 'My credits',
                },
              ],
            },
            { scope: 'admin.users.read', held: false, endpoints: [] },
          ],
        },
      },
      'GET /api/admin/teams': page([
        {
          id: 'team-1',
          name: 'Acme',
          personal: false,
          owner: { id: 'u2', username: 'Ann', email: 'ann@example.com' },
          members_count: 2,
          created_at: 1_700_000_000,
        },
      ]),
      'POST /api/admin/permission/rest-tokens': { body: { item: TOKEN, token: 'rt_secret-token-value' } },
      'POST /api/admin/permission/rest-tokens/tok-1/revoke': {
        body: { item: { ...TOKEN, status: 'revoked' } },
      },
    });
    renderApp('/admin/permission/rest-token');
    expect(await screen.findByText('Partner feed')).toBeTruthy();
    expect(screen.getByText('rt_AbCdEf…')).toBeTruthy();
    expect(screen.queryByText('rt_secret-token-value')).toBeNull();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Issue token' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Name'), 'Partner feed');
    await user.click(within(dialog).getByLabelText('Team'));
    await user.click(await screen.findByText('Acme · ann@example.com'));
    await user.click(await within(dialog).findByRole('checkbox', { name: /team\.credits\.read/ }));
    // A scope the admin does not hold cannot be given.
    expect(
      (within(dialog).getByRole('checkbox', { name: /admin\.users\.read/ }) as HTMLInputElement).disabled,
    ).toBe(true);
    await user.click(within(dialog).getByRole('button', { name: 'Issue the token' }));
    expect(await screen.findByTestId('issued-token')).toHaveProperty('textContent', 'rt_secret-token-value');
    const [issued] = fetch.callsTo('POST /api/admin/permission/rest-tokens');
    expect(await issued?.json()).toEqual({
      name: 'Partner feed',
      team_id: 'team-1',
      scopes: ['team.credits.read'],
      expires_in_days: 90,
      rate_limit_per_minute: 60,
    });
    await user.click(screen.getByRole('button', { name: 'Done' }));

    await user.click(screen.getByRole('button', { name: 'Revoke token Partner feed' }));
    await user.click(await screen.findByRole('button', { name: 'Revoke' }));
    await waitFor(() =>
      expect(fetch.callsTo('POST /api/admin/permission/rest-tokens/tok-1/revoke')).toHaveLength(1),
    );
  });
});

describe('/admin/logs/open-api/requests', () => {
  it('charts calls and errors from the stats and lists each call', async () => {
    signIn();
    const call: OpenApiRequest = {
      id: 1,
      req_id: 'req-1',
      token: { id: 'tok-1', name: 'Partner feed' },
      team: { id: 'team-1', name: 'Acme' },
      method: 'GET',
      route: 'GET /api/account/storage/files',
      status: 403,
      error_code: 'FORBIDDEN',
      latency_ms: 12,
      bytes: 120,
      ip: '127.0.0.1',
      creation_time: 1_700_000_000,
    };
    const fetch = stubFetch({
      ...signedInRoutes(),
      'GET /api/admin/logs/open-api/requests': page([call]),
      'GET /api/admin/logs/open-api/requests/stats': {
        body: {
          bucket_seconds: 900,
          buckets: [
            { start: 1_700_000_000, calls: 3, errors: 1 },
            { start: 1_700_000_900, calls: 0, errors: 0 },
          ],
          calls: 3,
          errors: 1,
          p95_latency_ms: 12,
        },
      },
    });
    renderApp('/admin/logs/open-api/requests');
    expect(await screen.findByText('GET /api/account/storage/files')).toBeTruthy();
    expect(screen.getByText('FORBIDDEN')).toBeTruthy();
    const chart = await screen.findByLabelText('Requests chart');
    expect(JSON.parse(chart.textContent ?? '[]').map((point: { calls: number }) => point.calls)).toEqual([
      3, 0,
    ]);
    const [stats] = fetch.callsTo('GET /api/admin/logs/open-api/requests/stats');
    const url = new URL(stats?.url ?? '', 'http://localhost');
    expect(Number(url.searchParams.get('to')) - Number(url.searchParams.get('from'))).toBe(86_400);
  });
});
