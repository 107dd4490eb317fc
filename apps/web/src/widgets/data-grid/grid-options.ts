import type { ColDef } from 'ag-grid-community';
import { filtersEnabled, GRID_PAGE_SIZE, GRID_PAGE_SIZES } from './grid-rules';
import { type GridColumnDef, serverSortColumnDefs } from './server-sort';

export type GridMode = 'client' | 'server';

export interface GridOptionsInput<Row> {
  mode: GridMode;
  rowCount: number;
  columnDefs: GridColumnDef<Row>[];
  sort?: string;
  /** Server mode: whether the caller sorts (it passed `onSortChange`). */
  serverSortable: boolean;
  /** Client mode: false scrolls every row in one body instead of paging. */
  paged?: boolean;
}

export interface GridBehaviour<Row> {
  columnDefs: GridColumnDef<Row>[];
  defaultColDef: ColDef<Row>;
  pagination: boolean;
  paginationPageSize?: number;
  paginationPageSizeSelector?: number[];
}

/**
 * What a grid does in each mode. Client: the grid pages (10, with 10/20/50/100) and sorts its
 * rows, with column filters from 20 rows (spec section 9); unpaged, it scrolls them. Server: one page of a server list, so
 * the grid neither pages nor filters, and sorting is the caller's.
 */
export function gridBehaviour<Row>(input: GridOptionsInput<Row>): GridBehaviour<Row> {
  const defaultColDef: ColDef<Row> = { flex: 1, minWidth: 110 };
  if (input.mode === 'server') {
    return {
      columnDefs: serverSortColumnDefs(input.columnDefs, input.sort, input.serverSortable),
      defaultColDef: { ...defaultColDef, filter: false },
      pagination: false,
    };
  }
  const defaults = { ...defaultColDef, filter: filtersEnabled(input.rowCount) };
  if (input.paged === false)
    return { columnDefs: input.columnDefs, defaultColDef: defaults, pagination: false };
  return {
    columnDefs: input.columnDefs,
    defaultColDef: defaults,
    pagination: true,
    paginationPageSize: GRID_PAGE_SIZE,
    paginationPageSizeSelector: GRID_PAGE_SIZES,
  };
}
