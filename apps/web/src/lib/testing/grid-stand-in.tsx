import type { ColDef, ColGroupDef } from 'ag-grid-community';
import type { ComponentType, ReactNode } from 'react';
import type { GridViewProps } from '../../widgets/data-grid/grid-view-props';

type Def<Row> = ColDef<Row> | ColGroupDef<Row>;
type Params<Row> = { data: Row; value: unknown; node: null; colDef: ColDef<Row> };

/**
 * A stand-in for the lazy AG Grid chunk (`widgets/data-grid/ag-grid-view`) in page tests. AG Grid
 * does not lay out in jsdom: it virtualises columns against a zero width and renders rows late on
 * a loaded machine, so a page test could not see a row's last cells. This renders every row and
 * every visible column through the page's own column defs (valueGetter, valueFormatter,
 * cellRenderer), so the test checks what the page would show; the real grid is checked in Chromium.
 *
 * Every web test gets it in place of the real chunk (vitest.setup.ts).
 */
export function AgGridView<Row>({ rowData, columnDefs, getRowId, onRowClicked }: GridViewProps<Row>) {
  const columns = flatten(columnDefs).filter((column) => !column.hide);
  return (
    <table>
      <thead>
        <tr>
          {columns.map((column, index) => (
            <th key={column.colId ?? column.field ?? index}>{column.headerName}</th>
          ))}
        </tr>
      </thead>
      <tbody>
        {(rowData ?? []).map((row, rowIndex) => (
          <tr
            key={getRowId ? getRowId(row) : rowIndex}
            className="ag-row"
            onClick={onRowClicked ? () => onRowClicked(row) : undefined}
          >
            {columns.map((column, index) => (
              <td key={column.colId ?? column.field ?? index}>{cell(column, row)}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function flatten<Row>(defs: Def<Row>[]): ColDef<Row>[] {
  return defs.flatMap((def) => ('children' in def ? flatten(def.children) : [def]));
}

function cell<Row>(column: ColDef<Row>, row: Row): ReactNode {
  const field = column.field as string | undefined;
  const base = { data: row, node: null, colDef: column } as const;
  const getter = column.valueGetter;
  const value =
    typeof getter === 'function'
      ? (getter as (params: Omit<Params<Row>, 'value'>) => unknown)(base)
      : field
        ? (row as Record<string, unknown>)[field]
        : undefined;
  const params: Params<Row> = { ...base, value };
  const formatter = column.valueFormatter;
  const formatted =
    typeof formatter === 'function' ? (formatter as (p: Params<Row>) => unknown)(params) : undefined;
  if (typeof column.cellRenderer === 'function') {
    // As AG Grid does: the renderer gets the formatter's text beside the value.
    const Renderer = column.cellRenderer as ComponentType<Params<Row> & { valueFormatted?: unknown }>;
    return <Renderer {...params} valueFormatted={formatted} />;
  }
  const shown = typeof formatter === 'function' ? formatted : value;
  return shown === null || shown === undefined ? '' : String(shown);
}
