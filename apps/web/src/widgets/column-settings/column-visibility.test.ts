import { describe, expect, it } from 'vitest';
import {
  columnChoicesFrom,
  readColumnViewValues,
  visibleColumns,
  withColumnVisibility,
} from './column-visibility';

const columns = [
  { field: 'a', title: 'A' },
  { field: 'b', title: 'B', defaultHidden: true },
];

describe('column visibility rules', () => {
  it('choices are the columns with a field, titled by their header; computed columns cannot be hidden', () => {
    const defs = [
      { field: 'name', headerName: 'Name' },
      { headerName: 'Changes' },
      { field: 'ua', headerName: 'Browser' },
    ];
    expect(columnChoicesFrom(defs, ['ua'])).toEqual([
      { field: 'name', title: 'Name' },
      { field: 'ua', title: 'Browser', defaultHidden: true },
    ]);
  });

  it('a saved show flag wins over the default; unsaved columns use their default', () => {
    expect(visibleColumns(columns, {})).toEqual({ a: true, b: false });
    expect(visibleColumns(columns, { b: { show: true } })).toEqual({ a: true, b: true });
  });

  it('at least one column stays visible, even if the saved view hides all', () => {
    expect(visibleColumns(columns, { a: { show: false }, b: { show: false } })).toEqual({
      a: true,
      b: false,
    });
  });

  it('ignores malformed saved values', () => {
    expect(readColumnViewValues({ a: { show: 'no' }, b: null, c: { show: false } })).toEqual({
      c: { show: false },
    });
  });

  it("sets the grid columns' hide flag", () => {
    expect(
      withColumnVisibility([{ field: 'a' }, { field: 'b' }, { headerName: 'x' }], { a: true, b: false }),
    ).toEqual([{ field: 'a', hide: false }, { field: 'b', hide: true }, { headerName: 'x' }]);
  });
});
