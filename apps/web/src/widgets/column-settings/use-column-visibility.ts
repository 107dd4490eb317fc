import { getViewSettings, putViewSettings } from '@app/contract/account/view-settings';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useRef, useState } from 'react';
import { callApi } from '../../lib/api/client';
import {
  COLUMNS_VIEW_TYPE,
  type ColumnChoice,
  type ColumnViewValues,
  readColumnViewValues,
  toColumnViewValues,
  visibleColumns,
} from './column-visibility';

export function columnViewQueryKey(route: string) {
  return ['view-settings', route, COLUMNS_VIEW_TYPE] as const;
}

export interface ColumnVisibility {
  visible: Record<string, boolean>;
  setVisible: (field: string, show: boolean) => void;
  /** Back to every column's default. */
  reset: () => void;
  /** The saved view is still loading; `visible` holds the defaults meanwhile. */
  loading: boolean;
}

/**
 * Which columns of a list show, saved per user and route on the server (GET/PUT
 * /api/account/view/settings, type `columns`). Changes show at once and are rolled back if the
 * save fails. Several components of a page may call this: they share one cache entry.
 */
export function useColumnVisibility(route: string, columns: ColumnChoice[]): ColumnVisibility {
  const queryClient = useQueryClient();
  const queryKey = useMemo(() => columnViewQueryKey(route), [route]);

  const query = useQuery({
    queryKey,
    // Silent: a list without its saved columns still works, so a failure shows the defaults.
    queryFn: async ({ signal }) => {
      const answer = await callApi(getViewSettings, {
        query: { route, type: COLUMNS_VIEW_TYPE },
        silent: true,
        signal,
      });
      return readColumnViewValues(answer.values);
    },
  });

  // A click's values, shown at once (see `visible` below); `basis` is the saved view it was made on.
  const [clicked, setClicked] = useState<{ basis: ColumnViewValues | undefined; values: ColumnViewValues }>();

  const save = useMutation({
    mutationKey: queryKey,
    // One route's saves run in order, so the last click is what the server keeps.
    scope: { id: queryKey.join(':') },
    mutationFn: ({ values }: { values: ColumnViewValues; previous: ColumnViewValues | undefined }) =>
      callApi(putViewSettings, { body: { route, type: COLUMNS_VIEW_TYPE, values } }),
    onError: (_error, { previous }) => {
      setClicked(undefined);
      queryClient.setQueryData<ColumnViewValues>(queryKey, previous);
      void queryClient.invalidateQueries({ queryKey });
    },
  });

  const saved = query.data;
  // The query cache tells its observers a task later (TanStack's notify scheduler), so a checkbox
  // fed by the cache alone would read unchanged right after its click. A click's values show from
  // this component's own state at once, until the cache has moved on from what this render saw.
  const savedInRender = useRef(saved);
  savedInRender.current = saved;
  const current = clicked && clicked.basis === saved ? clicked.values : saved;
  const visible = useMemo(() => visibleColumns(columns, current ?? {}), [columns, current]);

  const { mutate } = save;
  const setVisible = useCallback(
    (field: string, show: boolean) => {
      // From the cache, not this render: quick clicks each build on the one before.
      const current = visibleColumns(columns, queryClient.getQueryData<ColumnViewValues>(queryKey) ?? {});
      if (current[field] === show || !(field in current)) return;
      const next = { ...current, [field]: show };
      if (!Object.values(next).some(Boolean)) return;
      const previous = queryClient.getQueryData<ColumnViewValues>(queryKey);
      const values = toColumnViewValues(next);
      // Shown at once, in the same event as the click; the save follows (and is undone if refused).
      // A load still in flight is dropped, not reverted to, so it cannot undo the choice.
      void queryClient.cancelQueries({ queryKey }, { revert: false });
      queryClient.setQueryData<ColumnViewValues>(queryKey, values);
      setClicked({ basis: savedInRender.current, values });
      mutate({ values, previous });
    },
    [columns, queryClient, mutate, queryKey],
  );

  const reset = useCallback(() => {
    const previous = queryClient.getQueryData<ColumnViewValues>(queryKey);
    void queryClient.cancelQueries({ queryKey }, { revert: false });
    queryClient.setQueryData<ColumnViewValues>(queryKey, {});
    setClicked({ basis: savedInRender.current, values: {} });
    mutate({ values: {}, previous });
  }, [mutate, queryClient, queryKey]);

  return { visible, setVisible, reset, loading: query.isPending };
}
