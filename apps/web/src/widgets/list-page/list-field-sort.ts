import type { ListFields } from '@app/contract/list';
import type { GridColDef } from '../data-grid/column-widths';

/**
 * Lets a column offer sorting only when the list's contract declares its field sortable: a header
 * the server would refuse (`Cannot sort by ...`) shows no arrow at all.
 */
export function sortableByContract<Row>(columns: GridColDef<Row>[], fields: ListFields): GridColDef<Row>[] {
  return columns.map((column) => {
    const id = column.colId ?? column.field;
    const sortable = typeof id === 'string' && fields[id]?.sort === true;
    return sortable ? column : { ...column, sortable: false };
  });
}
