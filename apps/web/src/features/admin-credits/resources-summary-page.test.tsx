import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../app/testing/render-app';
import { signedInRoutes, signIn } from '../../app/testing/signed-in-stubs';
import { stubFetch } from '../../app/testing/stub-fetch';
import { page, T0 } from '../../lib/testing/admin-billing-fixtures';

const SLOW = { timeout: 20_000 };

const SUMMARY = {
  start: '2026-01-01',
  end: '2026-01-30',
  totals: {
    granted: 10_100,
    purchased: 2000,
    used: 4300,
    expired: 0,
    refunded: 0,
    adjusted: -500,
    remaining: 7300,
    held: 200,
    teams: 2,
  },
  by_plan: [
    { plan_id: 'plan-pro', plan_name: 'Pro', teams: 1, granted: 10_000, used: 3900, remaining: 7000 },
    { plan_id: 'plan-free', plan_name: 'Free', teams: 1, granted: 100, used: 400, remaining: 300 },
  ],
  by_team: [
    {
      team_id: 'team-1',
      team_name: 'Growth',
      plan_name: 'Pro',
      granted: 10_000,
      used: 3900,
      remaining: 7000,
      storage_used_bytes: 512 * 1024 ** 2,
      storage_limit_bytes: 1024 ** 3,
    },
  ],
  by_function: [{ function_key: 'chat', credits: 4300, calls: 12 }],
};

describe('/admin/usm/resources/summary', () => {
  it('shows credits granted, used and remaining by plan and team, each plan table with its total', async () => {
    signIn();
    const fetch = stubFetch({
      ...signedInRoutes(),
      'GET /api/admin/usm/resources/summary': { body: SUMMARY },
    });
    renderApp('/admin/usm/resources/summary?start=2026-01-01&end=2026-01-30');

    // The first visit compiles the lazy page; on a loaded machine that outlasts the default wait.
    await screen.findByText(
      'Credits moved in the range; remaining and held are the balances now, over 2 teams.',
      {},
      SLOW,
    );
    const tile = (title: string) =>
      screen.getByText(title, { selector: '.ant-statistic-title' }).closest('.ant-statistic');
    expect(tile('Granted')?.textContent).toContain('10,100');
    expect(tile('Remaining now')?.textContent).toContain('7,300');
    const byPlan = within((await screen.findByText('By plan')).closest('.ant-card') as HTMLElement);
    const total = byPlan.getByText('Total').closest('tr') as HTMLElement;
    expect(within(total).getByText('10,100')).toBeTruthy();
    expect(within(total).getByText('4,300')).toBeTruthy();
    expect(within(total).getByText('7,300')).toBeTruthy();
    const byTeam = within((await screen.findByText('By team')).closest('.ant-card') as HTMLElement);
    expect(byTeam.getByText('512.00 MB / 1.00 GB')).toBeTruthy();
    await waitFor(() =>
      expect(fetch.callsTo('GET /api/admin/usm/resources/summary')[0]?.url).toBe(
        '/api/admin/usm/resources/summary?start=2026-01-01&end=2026-01-30',
      ),
    );
  });
});

describe('/admin/usm/resources/credits/usage-logs', () => {
  it('lists every metered call with team, function, model, tokens, credits and latency', async () => {
    signIn();
    stubFetch({
      ...signedInRoutes(),
      'GET /api/admin/usm/usage-logs': {
        body: page([
          {
            id: 'log-1',
            user: { id: 'u-1', username: 'Ada' },
            function_key: 'chat',
            model: 'offline-analyst',
            input_tokens: 1200,
            output_tokens: 340,
            credits: 15,
            uncharged: 0,
            latency_ms: 1830,
            status: 'settled',
            creation_time: T0,
            team: { id: 'team-1', name: 'Growth' },
          },
        ]),
      },
    });
    renderApp('/admin/usm/resources/credits/usage-logs');

    const cell = await screen.findByText('offline-analyst', {}, SLOW);
    const row = within(cell.closest('tr') as HTMLElement);
    expect(row.getByText('1,200 / 340')).toBeTruthy();
    expect(row.getByText('1,830')).toBeTruthy();
    expect(row.getByText('Charged')).toBeTruthy();
  });
});
