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
}
