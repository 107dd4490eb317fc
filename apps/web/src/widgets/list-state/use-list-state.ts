import type { ListQueryInput } from '@app/contract/list';
import { useCallback, useLayoutEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { toFilterItems } from '../filter-drawer/filter-items';
import type { FilterConfig, FilterValues } from '../filter-drawer/filter-types';
import { parseListState, patchListState, writeListState } from './list-state';

/** A list's state as it lives in the URL: shareable, and the same after a reload. */
export interface ListState {
  page: number;
  pageSize: number;
  /** `field` ascending or `-field` descending (ARCHITECTURE section 5). */
  sort?: string;
  q?: string;
  /** Only what the user changed from the filter defaults (see `changedFilterValues`). */
  filters: FilterValues;
}

export interface ListStateDefaults {
  defaultSort?: string;
}

export interface SetListStateOptions {
  /** Replace the history entry instead of adding one; implied when the patch is a search text. */
  replace?: boolean;
}

export interface UseListState {
  state: ListState;
  setState: (patch: Partial<ListState>, options?: SetListStateOptions) => void;
}

/**
 * A list's page, size, sort, search and filters, kept in the URL (`page`, `page_size`, `sort`,
 * `q`, `f`) so the list can be shared and reloaded. Bad values fall back to defaults. Changing
 * filters, search, size or sort goes back to page 1. A new search text replaces the history entry
 * (typing should not fill the back button); everything else pushes one.
 */
export function useListState(options: ListStateDefaults = {}): UseListState {
  const { defaultSort } = options;
  const [searchParams, setSearchParams] = useSearchParams();
  const state = useMemo(() => parseListState(searchParams, { defaultSort }), [searchParams, defaultSort]);

  // The URL as last written: a search debounced from an older render, or two patches in one tick,
  // build on the newest state instead of the one their render saw.
  const latest = useRef(searchParams);
  useLayoutEffect(() => {
    latest.current = searchParams;
  }, [searchParams]);

  const setState = useCallback(
    (patch: Partial<ListState>, setOptions: SetListStateOptions = {}) => {
      const current = latest.current;
      const before = parseListState(current, { defaultSort });
      const next = writeListState(current, patchListState(before, patch), { defaultSort });
      latest.current = next;
      setSearchParams(next, { replace: setOptions.replace ?? 'q' in patch });
    },
    [setSearchParams, defaultSort],
  );

  return { state, setState };
}

/**
 * The API query for a list state. With the list's filter config, its defaults (an `is_default`
 * option) are emitted too; `filters` is left out when nothing filters.
 */
export function toListQuery(state: ListState, config?: FilterConfig): ListQueryInput {
  const query: ListQueryInput = { page: state.page, page_size: state.pageSize };
  if (state.sort) query.sort = state.sort;
  if (state.q) query.q = state.q;
  const items = toFilterItems(config, state.filters);
  if (items.length > 0) query.filters = JSON.stringify(items);
  return query;
}
