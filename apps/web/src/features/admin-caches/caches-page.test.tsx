import type { CacheInfo } from '@app/contract/admin/caches/caches';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../app/testing/render-app';
import { signedInRoutes, signIn } from '../../app/testing/signed-in-stubs';
import { stubFetch } from '../../app/testing/stub-fetch';

const cache = (overrides: Partial<CacheInfo>): CacheInfo => ({
  name: 'sessions',
  backend: 'memory',
  entries: 3,
  hits: 9,
  misses: 1,
  hit_rate: 0.9,
  bytes: 2048,
  ttl_seconds: 30,
  ...overrides,
});

describe('/admin/system/data-cache', () => {
  it("lists every cache with this instance's figures and evicts all after confirming", async () => {
    signIn();
    const fetch = stubFetch({
      ...signedInRoutes(),
      'GET /api/admin/system/data-cache': {
        body: {
          instance_id: 'abcd1234',
          items: [
            cache({}),
            cache({
              name: 'version:roles',
              entries: 1,
              hits: 0,
              misses: 0,
              hit_rate: null,
              ttl_seconds: null,
            }),
            cache({
              name: 'rate-limit',
              backend: 'redis',
              hits: null,
              misses: null,
              hit_rate: null,
              bytes: null,
            }),
          ],
        },
      },
      'POST /api/admin/system/data-cache/evict': { body: { evicted: 3 } },
    });
    renderApp('/admin/system/data-cache');

    // The page's lazy chunk may take a while on a busy machine.
    const sessions = await screen.findByTestId('cache-sessions', {}, { timeout: 10_000 });
    expect(within(sessions).getByText('Sessions')).toBeTruthy();
    expect(within(sessions).getByText('90.0% (9/10)')).toBeTruthy();
    expect(within(sessions).getByText('2.00 KB')).toBeTruthy();
    expect(within(sessions).getByText('30 s')).toBeTruthy();
    expect(screen.getByTestId('cache-instance').textContent).toContain('abcd1234');
    const roles = screen.getByTestId('cache-version:roles');
    expect(within(roles).getByText('Until the data changes')).toBeTruthy();
    expect(within(screen.getByTestId('cache-rate-limit')).getByText('Redis')).toBeTruthy();

    const user = userEvent.setup();
    await user.click(within(sessions).getByRole('button', { name: 'Evict all' }));
    expect(fetch.callsTo('POST /api/admin/system/data-cache/evict')).toHaveLength(0);
    // The confirmation's own button, after the three rows' buttons.
    await waitFor(() => expect(screen.getAllByRole('button', { name: 'Evict all' })).toHaveLength(4));
    await user.click(screen.getAllByRole('button', { name: 'Evict all' })[3] as HTMLElement);
    await waitFor(() =>
      expect(fetch.callsTo('POST /api/admin/system/data-cache/evict')[0]?.json()).toEqual({
        name: 'sessions',
      }),
    );
  });

  it("searches a cache's keys, shows an entry redacted and evicts one key", async () => {
    signIn();
    const fetch = stubFetch({
      ...signedInRoutes(),
      'GET /api/admin/system/data-cache': { body: { instance_id: 'abcd1234', items: [cache({})] } },
      'GET /api/admin/system/data-cache/keys': {
        body: {
          items: [
            {
              id: 'k1',
              label: 'root@example.com · Root',
              age_seconds: 5,
              expires_in_seconds: 25,
              bytes: 400,
            },
          ],
          total: 1,
          page: 1,
          page_size: 20,
        },
      },
      'GET /api/admin/system/data-cache/key': {
        body: {
          key: {
            id: 'k1',
            label: 'root@example.com · Root',
            age_seconds: 5,
            expires_in_seconds: 25,
            bytes: 400,
          },
          value: { user: { email: 'root@example.com' }, session_expires_at: 1_900_000_000 },
        },
      },
      'POST /api/admin/system/data-cache/evict': { body: { evicted: 1 } },
    });
    renderApp('/admin/system/data-cache');
    const user = userEvent.setup();
    await user.click(
      within(await screen.findByTestId('cache-sessions')).getByRole('button', { name: 'Keys' }),
    );
    expect(await screen.findByText('root@example.com · Root')).toBeTruthy();

    await user.type(screen.getByRole('searchbox', { name: 'Search keys' }), 'root{Enter}');
    await waitFor(() =>
      expect(
        fetch.callsTo('GET /api/admin/system/data-cache/keys').some((call) => call.url.includes('q=root')),
      ).toBe(true),
    );

    await user.click(screen.getByRole('button', { name: /expand row/i }));
    expect((await screen.findByTestId('cache-key-value')).textContent).toContain('session_expires_at');

    await user.click(screen.getByRole('button', { name: 'Evict' }));
    await waitFor(() => expect(screen.getAllByRole('button', { name: 'Evict' })).toHaveLength(2));
    await user.click(screen.getAllByRole('button', { name: 'Evict' })[1] as HTMLElement);
    await waitFor(() =>
      expect(fetch.callsTo('POST /api/admin/system/data-cache/evict')[0]?.json()).toEqual({
        name: 'sessions',
        id: 'k1',
      }),
    );
  });
});
