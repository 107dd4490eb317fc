import type { FuncCacheFunction } from '@app/contract/admin/caches/func-cache';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../app/testing/render-app';
import { signedInRoutes, signIn } from '../../app/testing/signed-in-stubs';
import { stubFetch } from '../../app/testing/stub-fetch';

const fn = (overrides: Partial<FuncCacheFunction>): FuncCacheFunction => ({
  function_key: 'analysis.channel_performance',
  name: 'Channel performance',
  enabled: true,
  ttl_seconds: 3600,
  entries: 4,
  hits: 3,
  misses: 1,
  hit_rate: 0.75,
  newest_age_seconds: 95,
  ...overrides,
});

describe('/admin/system/data-cache/func-cache', () => {
  it('lists the functions with their switch, time to live and figures; switches, sets a TTL and evicts', async () => {
    signIn();
    const fetch = stubFetch({
      ...signedInRoutes(),
      'GET /api/admin/system/data-cache/func-cache': {
        body: {
          instance_id: 'abcd1234',
          items: [
            fn({}),
            fn({
              function_key: 'analysis.top_movers',
              name: 'Top movers',
              enabled: false,
              entries: 0,
              hits: 0,
              misses: 0,
              hit_rate: null,
              newest_age_seconds: null,
            }),
          ],
        },
      },
      'POST /api/admin/system/data-cache/func-cache/settings': { body: { item: fn({ enabled: false }) } },
      'POST /api/admin/system/data-cache/func-cache/evict': { body: { evicted: 4 } },
    });
    renderApp('/admin/system/data-cache/func-cache');

    const channels = await screen.findByTestId(
      'func-cache-analysis.channel_performance',
      {},
      { timeout: 10_000 },
    );
    expect(within(channels).getByText('Channel performance')).toBeTruthy();
    expect(within(channels).getByText('75.0% (3/4)')).toBeTruthy();
    expect(within(channels).getByText('1 min 35 s')).toBeTruthy();
    expect(within(channels).getByText('1 h 0 min')).toBeTruthy();
    expect(screen.getByTestId('func-cache-explained').textContent).toContain('abcd1234');
    const movers = screen.getByTestId('func-cache-analysis.top_movers');
    expect(within(movers).getByRole('switch').getAttribute('aria-checked')).toBe('false');
    expect(within(movers).getByRole('button', { name: 'Evict' })).toHaveProperty('disabled', true);

    const user = userEvent.setup();
    await user.click(within(channels).getByRole('switch'));
    await waitFor(() =>
      expect(fetch.callsTo('POST /api/admin/system/data-cache/func-cache/settings')[0]?.json()).toEqual({
        function_key: 'analysis.channel_performance',
        enabled: false,
        ttl_seconds: 3600,
      }),
    );

    const ttl = within(movers).getByRole('spinbutton');
    await user.clear(ttl);
    await user.type(ttl, '600');
    await user.click(within(movers).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(fetch.callsTo('POST /api/admin/system/data-cache/func-cache/settings')[1]?.json()).toEqual({
        function_key: 'analysis.top_movers',
        enabled: false,
        ttl_seconds: 600,
      }),
    );

    await user.click(within(channels).getByRole('button', { name: 'Evict' }));
    expect(fetch.callsTo('POST /api/admin/system/data-cache/func-cache/evict')).toHaveLength(0);
    const confirm = await screen.findByRole('tooltip');
    await user.click(within(confirm).getByRole('button', { name: 'Evict' }));
    await waitFor(() =>
      expect(fetch.callsTo('POST /api/admin/system/data-cache/func-cache/evict')[0]?.json()).toEqual({
        function_key: 'analysis.channel_performance',
      }),
    );
  });
});
