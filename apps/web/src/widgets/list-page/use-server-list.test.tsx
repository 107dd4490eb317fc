import type { ListPage, ListQueryInput } from '@app/contract/list';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/providers';
import { createQueryClient } from '../../lib/query-client';
import type { FilterConfig } from '../filter-drawer/filter-types';
import { Paginator } from '../paginator/paginator';
import { useServerList } from './use-server-list';

interface User {
  id: string;
  name: string;
}

const USERS: User[] = Array.from({ length: 25 }, (_, index) => ({
  id: `u${index + 1}`,
  name: `User ${index + 1}`,
}));

const config: FilterConfig = {
  status: {
    alias: 'Status',
    type: 'option',
    options: [
      { name: 'Active', value: 'active', is_default: true },
      { name: 'Banned', value: 'banned' },
    ],
  },
};

/** A server that pages the fixed users and records the queries it got. */
function fakeServer() {
  const queries: ListQueryInput[] = [];
  const fetch = vi.fn(async (query: ListQueryInput): Promise<ListPage<User>> => {
    queries.push(query);
    const start = (query.page - 1) * query.page_size;
    return {
      items: USERS.slice(start, start + query.page_size),
      total: USERS.length,
      page: query.page,
      page_size: query.page_size,
    };
  });
  return { fetch, queries };
}

function UsersList({ fetch }: { fetch: (query: ListQueryInput) => Promise<ListPage<User>> }) {
  const list = useServerList<User>({ queryKey: ['users'], fetch, filterConfig: config, defaultSort: 'name' });
  return (
    <>
      <ul aria-label="Users">
        {list.data?.items.map((user) => (
          <li key={user.id}>{user.name}</li>
        ))}
      </ul>
      <Paginator
        total={list.data?.total ?? 0}
        page={list.state.page}
        pageSize={list.state.pageSize}
        onChange={(page, pageSize) => list.setState({ page, pageSize })}
      />
    </>
  );
}

function renderList(path: string) {
  const server = fakeServer();
  const router = createMemoryRouter([{ path: '/users', element: <UsersList fetch={server.fetch} /> }], {
    initialEntries: [path],
  });
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...server, router, user: userEvent.setup() };
}

const names = () =>
  Array.from(screen.getByRole('list', { name: 'Users' }).querySelectorAll('li'), (item) => item.textContent);

describe('useServerList', () => {
  it('asks the server for the URL’s page with the default sort and the default filter', async () => {
    const { queries } = renderList('/users?page=2');
    await waitFor(() => expect(names()[0]).toBe('User 11'));
    expect(queries[0]).toEqual({
      page: 2,
      page_size: 10,
      sort: 'name',
      filters: JSON.stringify([
        { connect_pre_filter: 'and', field: 'status', operator: 'eq', value: 'active' },
      ]),
    });
  });

  it('paging writes the URL and fetches that page', async () => {
    const { router, user } = renderList('/users');
    await waitFor(() => expect(names()).toHaveLength(10));
    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(names()).toEqual(['User 21', 'User 22', 'User 23', 'User 24', 'User 25']));
    expect(router.state.location.search).toBe('?page=3');
  });

  it('a page past the end moves to the last page', async () => {
    const { router } = renderList('/users?page=9');
    await waitFor(() => expect(router.state.location.search).toBe('?page=3'));
    await waitFor(() => expect(names()[0]).toBe('User 21'));
  });
});
