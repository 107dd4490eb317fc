import type { ListPage, ListQueryInput } from '@app/contract/list';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { FilterConfig } from '../filter-drawer/filter-types';
import { toListQuery, type UseListState, useListState } from '../list-state/use-list-state';
import { pageCount } from '../paginator/page-group';

export interface ServerListOptions<Item> {
  /** The feature's key for this list; the list query is appended to it. */
  queryKey: readonly unknown[];
  fetch: (query: ListQueryInput, context: { signal: AbortSignal }) => Promise<ListPage<Item>>;
  filterConfig?: FilterConfig;
  defaultSort?: string;
}

export interface ServerList<Item> extends UseListState {
  /** The answer for the current query; the previous page's while the next one loads. */
  data: ListPage<Item> | undefined;
  /** Nothing to show yet (first load). */
  isLoading: boolean;
  /** A request is under way (also when the previous page is still shown). */
  isFetching: boolean;
  error: Error | null;
  query: ListQueryInput;
  refetch: () => void;
}

/**
 * A server-paged list: the state in the URL (useListState), the query derived from it, and the
 * page from the server. The previous page stays on screen while the next loads, so the grid and
 * paginator do not jump. A page past the end (rows deleted meanwhile, an old link) moves to the
 * last page.
 */
export function useServerList<Item>(options: ServerListOptions<Item>): ServerList<Item> {
  const { state, setState } = useListState({ defaultSort: options.defaultSort });
  const query = toListQuery(state, options.filterConfig);
  const answer = useQuery({
    queryKey: [...options.queryKey, query],
    queryFn: ({ signal }) => options.fetch(query, { signal }),
    placeholderData: keepPreviousData,
  });

  const data = answer.data;
  const stale = answer.isPlaceholderData;
  useEffect(() => {
    if (!data || stale || data.items.length > 0 || data.total === 0) return;
    const last = pageCount(data.total, state.pageSize);
    if (state.page > last) setState({ page: last }, { replace: true });
  }, [data, stale, state.page, state.pageSize, setState]);

  return {
    state,
    setState,
    data,
    isLoading: answer.isLoading,
    isFetching: answer.isFetching,
    error: answer.error,
    query,
    refetch: () => void answer.refetch(),
  };
}
