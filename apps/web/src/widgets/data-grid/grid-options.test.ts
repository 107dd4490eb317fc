import type { ColDef, ColGroupDef } from 'ag-grid-community';
import { describe, expect, it } from 'vitest';
import { gridBehaviour } from './grid-options';
import { type GridColumnDef, sortFromColumnState } from './server-sort';

interface User {
  name: string;
  created_at: number;
}

const columns: GridColumnDef<User>[] = [
  { field: 'name', headerName: 'Name' },
  { headerName: 'Dates', children: [{ field: 'created_at', headerName: 'Created' }] },
];

const leaf = (defs: (ColDef<User> | ColGroupDef<User>)[], index: number, child?: number): ColDef<User> => {
  const def = defs[index];
  if (!def) throw new Error(`no column ${index}`);
  if ('children' in def) {
    const inner = def.children[child ?? 0];
    if (!inner || 'children' in inner) throw new Error('expected a leaf column');
    return inner;
  }
  return def;
};

describe('client mode', () => {
  it('pages by 10 with the choices 10, 20, 50, 100', () => {
    const behaviour = gridBehaviour({
      mode: 'client',
      rowCount: 5,
      columnDefs: columns,
      serverSortable: false,
    });
    expect(behaviour.pagination).toBe(true);
    expect(behaviour.paginationPageSize).toBe(10);
    expect(behaviour.paginationPageSizeSelector).toEqual([10, 20, 50, 100]);
  });

  it('unpaged, every row is in one scrolled body (no pager), still sorted and filtered by the grid', () => {
    const behaviour = gridBehaviour({
      mode: 'client',
      rowCount: 10_000,
      columnDefs: columns,
      serverSortable: false,
      paged: false,
    });
    expect(behaviour.pagination).toBe(false);
    expect(behaviour.paginationPageSize).toBeUndefined();
    expect(behaviour.defaultColDef.filter).toBe(true);
  });

  it('column filters are on with 20 rows and off with 19', () => {
    const on = gridBehaviour({ mode: 'client', rowCount: 20, columnDefs: columns, serverSortable: false });
    const off = gridBehaviour({ mode: 'client', rowCount: 19, columnDefs: columns, serverSortable: false });
    expect(on.defaultColDef.filter).toBe(true);
    expect(off.defaultColDef.filter).toBe(false);
  });

  it('leaves sorting to the grid: no sort, comparator or sortable flag is set on a column', () => {
    const behaviour = gridBehaviour({
      mode: 'client',
      rowCount: 5,
      columnDefs: columns,
      serverSortable: false,
    });
    for (const def of [leaf(behaviour.columnDefs, 0), leaf(behaviour.columnDefs, 1, 0)]) {
      expect(def.sort).toBeUndefined();
      expect(def.comparator).toBeUndefined();
      expect(def.sortable).toBeUndefined();
    }
    expect(leaf(behaviour.columnDefs, 1, 0).field).toBe('created_at');
  });
});

describe('server mode', () => {
  it('has no internal pagination and no column filters, whatever the row count', () => {
    const behaviour = gridBehaviour({
      mode: 'server',
      rowCount: 100,
      columnDefs: columns,
      serverSortable: true,
    });
    expect(behaviour.pagination).toBe(false);
    expect(behaviour.paginationPageSize).toBeUndefined();
    expect(behaviour.defaultColDef.filter).toBe(false);
  });

  it('shows the caller’s sort on its column (also inside groups) and clears the others', () => {
    const behaviour = gridBehaviour({
      mode: 'server',
      rowCount: 10,
      columnDefs: columns,
      sort: '-created_at',
      serverSortable: true,
    });
    expect(leaf(behaviour.columnDefs, 0).sort).toBeNull();
    expect(leaf(behaviour.columnDefs, 1).sort).toBe('desc');
    expect(leaf(behaviour.columnDefs, 1).sortable).toBe(true);
  });

  it('keeps the server’s row order: the grid’s comparator calls every pair equal', () => {
    const behaviour = gridBehaviour({
      mode: 'server',
      rowCount: 10,
      columnDefs: columns,
      serverSortable: true,
    });
    const comparator = leaf(behaviour.columnDefs, 0).comparator;
    expect(typeof comparator).toBe('function');
    if (typeof comparator === 'function') {
      expect(comparator('a', 'b', undefined as never, undefined as never, false)).toBe(0);
    }
  });

  it('offers no sorting when the caller does not sort', () => {
    const behaviour = gridBehaviour({
      mode: 'server',
      rowCount: 10,
      columnDefs: columns,
      serverSortable: false,
    });
    expect(leaf(behaviour.columnDefs, 0).sortable).toBe(false);
  });

  it('reads the clicked sort as field or -field', () => {
    expect(sortFromColumnState([{ colId: 'name', sort: 'asc' }])).toBe('name');
    expect(
      sortFromColumnState([
        { colId: 'name', sort: null },
        { colId: 'created_at', sort: 'desc' },
      ]),
    ).toBe('-created_at');
    expect(sortFromColumnState([{ colId: 'name', sort: null }])).toBeUndefined();
  });
});
