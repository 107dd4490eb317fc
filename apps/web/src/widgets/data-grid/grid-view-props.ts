import type { GridMode } from './grid-options';
import type { GridColumnDef } from './server-sort';

/** The data grid's props (see `DataGrid`), shared by the wrapper and its lazy AG Grid chunk. */
export interface GridViewProps<Row> {
  rowData: Row[] | undefined;
  columnDefs: GridColumnDef<Row>[];
  loading?: boolean;
  mode: GridMode;
  getRowId?: (row: Row) => string;
  onRowClicked?: (row: Row) => void;
  /** A fixed height (px or CSS length); without one the grid grows with its rows. */
  height?: number | string;
  /** Server mode: the list sort in force, `field` or `-field`. */
  sort?: string;
  /** Server mode: a header was clicked; undefined means unsorted. */
  onSortChange?: (sort: string | undefined) => void;
  /**
   * Client mode: false shows every row in one body that scrolls (give it a `height`), AG Grid
   * drawing only the rows in view, for tables of thousands of rows. Default true: pages of 10.
   */
  paged?: boolean;
  /**
   * Rows chosen with AG Grid's own check boxes (needs `getRowId`); the header's box chooses every
   * row the filters leave. The page holds the choice: clearing it there clears the boxes.
   */
  selection?: GridSelection;
}

export interface GridSelection {
  chosen: ReadonlySet<string>;
  onChange: (ids: string[]) => void;
}
