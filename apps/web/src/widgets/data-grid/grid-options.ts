import type { ColDef, ColGroupDef } from 'ag-grid-community';
import {
  fitColumns,
  type GridColumnDef,
  type GridFont,
  type MeasureText,
  measureTextIn,
} from './column-widths';
import { filtersEnabled, GRID_PAGE_SIZE, GRID_PAGE_SIZES } from './grid-rules';
import { serverSortColumnDefs } from './server-sort';

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
  /** The grid's font (the antd theme's): columns are sized to their text in it. */
  font?: GridFont;
  /** Measures text instead of the font (tests). */
  measure?: MeasureText;
}

export interface GridBehaviour<Row> {
  /** The page's columns under the width rule (column-widths.ts). */
  columnDefs: (ColDef<Row> | ColGroupDef<Row>)[];
  defaultColDef: ColDef<Row>;
  /** A cut cell shows its whole text when pointed at, and only a cut one. */
  tooltips: typeof GRID_TOOLTIPS;
  pagination: boolean;
  paginationPageSize?: number;
  paginationPageSizeSelector?: number[];
}

/** Antd's default font, for a grid drawn without a theme (tests). */
const DEFAULT_FONT: GridFont = { family: 'sans-serif', size: 14 };

export const GRID_TOOLTIPS = { tooltipShowMode: 'whenTruncated', tooltipShowDelay: 400 } as const;

/**
 * What a grid does in each mode. Client: the grid pages (10, with 10/20/50/100) and sorts its
 * rows, with column filters from 20 rows (spec section 9); unpaged, it scrolls them. Server: one page of a server list, so
 * the grid neither pages nor filters, and sorting is the caller's.
 */
export function gridBehaviour<Row>(input: GridOptionsInput<Row>): GridBehaviour<Row> {
  const defaultColDef: ColDef<Row> = { flex: 1, minWidth: 110 };
  const measure = input.measure ?? measureTextIn(input.font ?? DEFAULT_FONT);
  if (input.mode === 'server') {
    return {
      columnDefs: fitColumns(serverSortColumnDefs(input.columnDefs, input.sort, input.serverSortable), {
        measure,
        filters: false,
      }),
      defaultColDef: { ...defaultColDef, filter: false },
      tooltips: GRID_TOOLTIPS,
      pagination: false,
    };
  }
  const filters = filtersEnabled(input.rowCount);
  const defaults = { ...defaultColDef, filter: filters };
  const columnDefs = fitColumns(input.columnDefs, { measure, filters });
  if (input.paged === false)
    return { columnDefs, defaultColDef: defaults, tooltips: GRID_TOOLTIPS, pagination: false };
  return {
    columnDefs,
    defaultColDef: defaults,
    tooltips: GRID_TOOLTIPS,
    pagination: true,
    paginationPageSize: GRID_PAGE_SIZE,
    paginationPageSizeSelector: GRID_PAGE_SIZES,
  };
}
