import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { type UseListState, useListState } from './use-list-state';

interface Sink {
  current: UseListState | null;
}

function Probe({ sink, defaultSort }: { sink: Sink; defaultSort?: string }) {
  sink.current = useListState({ defaultSort });
  return null;
}

/** Renders the hook inside a real (memory) router, returning the latest result and the router. */
function renderListState(path: string, defaultSort?: string) {
  const latest: Sink = { current: null };
  const router = createMemoryRouter(
    [{ path: '/users', element: <Probe sink={latest} defaultSort={defaultSort} /> }],
    {
      initialEntries: [path],
    },
  );
  render(<RouterProvider router={router} />);
  const result = () => {
    if (!latest.current) throw new Error('the hook did not render');
    return latest.current;
  };
  return { result, router, search: () => router.state.location.search };
}

describe('useListState', () => {
  it('reads the state from the URL, validated', () => {
    const { result } = renderListState('/users?page=3&page_size=1&sort=-name&q=ada&other=1');
    expect(result().state).toEqual({ page: 3, pageSize: 2, sort: '-name', q: 'ada', filters: {} });
  });

  it('writes the URL and reads back the same state after a reload', async () => {
    const first = renderListState('/users?year_month=202405');
    const filters = { role: { type: 'check_list' as const, value: 'admin' } };
    await act(async () => first.result().setState({ filters, pageSize: 50 }));
    await act(async () => first.result().setState({ page: 2 }));
    const url = `/users${first.search()}`;
    expect(new URLSearchParams(first.search()).get('year_month')).toBe('202405');

    const reloaded = renderListState(url);
    expect(reloaded.result().state).toEqual({
      page: 2,
      pageSize: 50,
      sort: undefined,
      q: undefined,
      filters,
    });
  });

  it('changing filters resets page to 1', async () => {
    const { result } = renderListState('/users?page=5');
    await act(async () => result().setState({ filters: { status: { type: 'option', value: 'banned' } } }));
    expect(result().state.page).toBe(1);
  });

  it('typing a search replaces the history entry; paging pushes one', async () => {
    const { result, router } = renderListState('/users');
    await act(async () => result().setState({ page: 2 }));
    expect(router.state.historyAction).toBe('PUSH');
    await act(async () => result().setState({ q: 'ad' }));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(result().state).toMatchObject({ q: 'ad', page: 1 });
  });

  it('leaves the default sort out of the URL', async () => {
    const { result, search } = renderListState('/users?sort=name', '-created_at');
    await act(async () => result().setState({ sort: '-created_at' }));
    expect(search()).toBe('');
    expect(result().state.sort).toBe('-created_at');
  });
});
