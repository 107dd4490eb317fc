import type { GridColumnDef } from './column-widths';

export type { GridColumnDef };

/** What the grid reports per column: the column id (its field) and its sort, if any. */
export interface ColumnSortState {
  colId: string;
  sort?: 'asc' | 'desc' | null;
}

/** The list sort (`field` or `-field`, ARCHITECTURE section 5) of the grid's sorted column. */
export function sortFromColumnState(states: ColumnSortState[]): string | undefined {
  const sorted = states.find((state) => state.sort === 'asc' || state.sort === 'desc');
  if (!sorted) return undefined;
  return sorted.sort === 'desc' ? `-${sorted.colId}` : sorted.colId;
}

function parseSort(sort: string | undefined): { field: string; direction: 'asc' | 'desc' } | null {
  if (!sort) return null;
  return sort.startsWith('-')
    ? { field: sort.slice(1), direction: 'desc' }
    : { field: sort, direction: 'asc' };
}

// Every pair of rows compares equal, so the grid keeps the order the server sent.
const keepServerOrder = () => 0;

/**
 * Column defs for a server-paged list: the sort arrow follows the caller's `sort`, clicking a
 * header asks the caller (the grid sorting one page would mislead), and without `sortable` no
 * header offers sorting at all.
 */
export function serverSortColumnDefs<Row>(
  defs: GridColumnDef<Row>[],
  sort: string | undefined,
  sortable: boolean,
): GridColumnDef<Row>[] {
  const wanted = parseSort(sort);
  return defs.map((def): GridColumnDef<Row> => {
    if ('children' in def) return { ...def, children: serverSortColumnDefs(def.children, sort, sortable) };
    const field = def.colId ?? def.field;
    return {
      ...def,
      sortable: sortable && def.sortable !== false,
      comparator: keepServerOrder,
      // null, not undefined: the grid only clears a column's sort when told to.
      sort: wanted && wanted.field === field ? wanted.direction : null,
    };
  });
}
