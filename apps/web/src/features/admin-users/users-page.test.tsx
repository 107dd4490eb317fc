import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../app/testing/render-app';
import { signedInRoutes, signIn } from '../../app/testing/signed-in-stubs';
import { stubFetch } from '../../app/testing/stub-fetch';

const ROLES = {
  items: [
    { code: 'admin', name: 'Admin', description: '', is_system: true, users_count: 1, created_at: 1 },
    { code: 'operator', name: 'Operator', description: '', is_system: true, users_count: 0, created_at: 1 },
  ],
};

/*
 * AG Grid's stylesheet makes jsdom's style lookups slow, so role queries skip the visibility check
 * (`hidden: true`) and clicks skip the pointer-events check.
 */
function server() {
  return stubFetch({
    ...signedInRoutes(),
    'GET /api/admin/users': (request) => {
      const url = new URL(request.url, 'http://localhost');
      return {
        body: {
          items: [],
          total: 0,
          page: Number(url.searchParams.get('page')),
          page_size: Number(url.searchParams.get('page_size')),
        },
      };
    },
    'GET /api/admin/roles': { body: ROLES },
    'GET /api/account/view/settings': { body: { route: '/admin/user/users', type: 'columns', values: {} } },
  });
}

/** The query of the latest users call. */
function lastQuery(fetch: ReturnType<typeof server>): URLSearchParams {
  const calls = fetch.callsTo('GET /api/admin/users');
  return new URL(calls.at(-1)?.url ?? '', 'http://localhost').searchParams;
}

const filtersOf = (query: URLSearchParams) => JSON.parse(query.get('filters') ?? '[]') as unknown[];

describe('/admin/user/users', () => {
  it('asks for the first page, newest first', async () => {
    signIn();
    const fetch = server();
    renderApp('/admin/user/users');

    await waitFor(() => expect(fetch.callsTo('GET /api/admin/users').length).toBeGreaterThan(0));
    const query = lastQuery(fetch);
    expect(query.get('page')).toBe('1');
    expect(query.get('page_size')).toBe('10');
    expect(query.get('sort')).toBe('-created_at');
    expect(query.get('filters')).toBeNull();
  });

  it('puts the search into the API query and the URL', async () => {
    signIn();
    const fetch = server();
    const app = renderApp('/admin/user/users?page=3');
    const user = userEvent.setup({ pointerEventsCheck: 0 });

    await user.click(await screen.findByRole('searchbox', { name: 'Search name or e-mail', hidden: true }));
    await user.paste('grace');

    await waitFor(() => expect(lastQuery(fetch).get('q')).toBe('grace'));
    // A new search starts at page 1.
    expect(lastQuery(fetch).get('page')).toBe('1');
    expect(app.location()).toBe('/admin/user/users?q=grace');
  });

  it('puts the role and ban filters into the API query and the URL', async () => {
    signIn();
    const fetch = server();
    const app = renderApp('/admin/user/users');
    const user = userEvent.setup({ pointerEventsCheck: 0 });

    await user.click(await screen.findByRole('button', { name: 'Filters', hidden: true }));
    // antd gives every dialog the same id under test, so the drawer is found by role alone.
    const drawer = within(await screen.findByRole('dialog', { hidden: true }));
    await user.click(await drawer.findByRole('checkbox', { name: 'Operator', hidden: true }));
    await user.click(drawer.getByRole('switch', { name: 'Banned', hidden: true }));
    await user.click(drawer.getByRole('button', { name: 'Apply', hidden: true }));

    await waitFor(() =>
      expect(filtersOf(lastQuery(fetch))).toEqual([
        { connect_pre_filter: 'and', field: 'role', operator: 'in', value: 'operator' },
        { connect_pre_filter: 'and', field: 'banned', operator: 'eq', value: true },
      ]),
    );
    const url = new URL(app.location(), 'http://localhost');
    expect(JSON.parse(url.searchParams.get('f') ?? '{}')).toMatchObject({
      role: { value: 'operator' },
      banned: { value: true },
    });
    expect(await screen.findByRole('button', { name: 'Filters, 2 active', hidden: true })).toBeTruthy();
  });

  it('reads search and filters back from a shared URL', async () => {
    signIn();
    const fetch = server();
    const f = JSON.stringify({ banned: { value: false, type: 'bool' } });
    renderApp(`/admin/user/users?q=ada&f=${encodeURIComponent(f)}`);

    await waitFor(() => expect(fetch.callsTo('GET /api/admin/users').length).toBeGreaterThan(0));
    expect(lastQuery(fetch).get('q')).toBe('ada');
    expect(filtersOf(lastQuery(fetch))).toEqual([
      { connect_pre_filter: 'and', field: 'banned', operator: 'eq', value: false },
    ]);
    expect(
      (
        (await screen.findByRole('searchbox', {
          name: 'Search name or e-mail',
          hidden: true,
        })) as HTMLInputElement
      ).value,
    ).toBe('ada');
  });
});
