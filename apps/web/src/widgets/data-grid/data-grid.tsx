import { lazy, type ReactElement, Suspense } from 'react';
import { DelayedSkeleton } from './delayed-skeleton';
import type { GridMode } from './grid-options';
import type { GridViewProps } from './grid-view-props';

/** Starts downloading the AG Grid chunk, e.g. from a route loader, before the grid renders. */
export function preloadDataGrid(): Promise<unknown> {
  return import('./ag-grid-view');
}

// React.lazy drops the view's type parameter; the cast gives it back (the props are the same).
const LazyGridView = lazy(() =>
  import('./ag-grid-view').then((module) => ({ default: module.AgGridView })),
) as unknown as <Row>(props: GridViewProps<Row>) => ReactElement;

export interface DataGridProps<Row> extends Omit<GridViewProps<Row>, 'mode'> {
  /**
   * 'client' (default): the grid pages (10 a page; 10, 20, 50, 100), sorts, and offers column
   * filters from 20 rows. 'server': one page of a server list; pair it with `Paginator`, and sort
   * through `sort` / `onSortChange` (`field` or `-field`).
   */
  mode?: GridMode;
}

/**
 * AG Grid behind a lazy boundary: the grid's chunk downloads when the first grid renders, with a
 * skeleton if that takes longer than 750 ms.
 */
export function DataGrid<Row>({ mode = 'client', ...props }: DataGridProps<Row>) {
  return (
    <Suspense fallback={<DelayedSkeleton />}>
      <LazyGridView<Row> mode={mode} {...props} />
    </Suspense>
  );
}
