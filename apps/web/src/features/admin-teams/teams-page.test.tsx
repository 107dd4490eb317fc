import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../app/testing/render-app';
import { signedInRoutes, signIn } from '../../app/testing/signed-in-stubs';
import { stubFetch } from '../../app/testing/stub-fetch';

const TEAM = {
  id: 't-1',
  name: 'Growth',
  personal: false,
  owner: { id: 'u-1', username: 'Ada', email: 'ada@example.com' },
  members_count: 2,
  created_at: 1_700_000_000,
};

describe('/admin/user/teams', () => {
  it('lists teams and opens one with its owner and members', async () => {
    signIn();
    const fetch = stubFetch({
      ...signedInRoutes(),
      'GET /api/admin/teams': { body: { items: [TEAM], total: 1, page: 1, page_size: 10 } },
      'GET /api/admin/teams/t-1': {
        body: {
          team: TEAM,
          members: [
            { id: 'u-1', username: 'Ada', email: 'ada@example.com', role: 'owner', joined_at: 1_700_000_000 },
            {
              id: 'u-2',
              username: 'Grace',
              email: 'grace@example.com',
              role: 'member',
              joined_at: 1_700_000_100,
            },
          ],
        },
      },
    });
    renderApp('/admin/user/teams');
    // AG Grid's stylesheet makes jsdom's pointer-events check slow; what is clicked is on screen.
    const user = userEvent.setup({ pointerEventsCheck: 0 });

    await user.click(await screen.findByText('Growth'));

    expect(await screen.findByText('grace@example.com')).toBeTruthy();
    await waitFor(() => expect(fetch.callsTo('GET /api/admin/teams/t-1')).toHaveLength(1));
    expect(screen.getByText('Members (2)')).toBeTruthy();
    expect(screen.getByText('Grace').closest('a')?.getAttribute('href')).toBe('/admin/user/details?id=u-2');
  });
});
