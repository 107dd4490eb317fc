import type { ColDef, ColGroupDef } from 'ag-grid-community';
import type { ComponentType, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
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
export function AgGridView<Row>({
  rowData,
  columnDefs,
  getRowId,
  onRowClicked,
  selection,
}: GridViewProps<Row>) {
  const columns = flatten(columnDefs).filter((column) => !column.hide);
  const rows = rowData ?? [];
  const idOf = (row: Row, index: number) => (getRowId ? getRowId(row) : String(index));
  const chosen = selection?.chosen ?? new Set<string>();
  // AG Grid's check boxes, named as the real grid names them through its locale texts.
  const { t } = useTranslation();
  const state = (on: boolean) => (on ? t('chosen') : t('not chosen'));
  const allChosen = rows.length > 0 && rows.every((row, index) => chosen.has(idOf(row, index)));
  return (
    <table>
      <thead>
        <tr>
          {selection && (
            <th>
              <input
                type="checkbox"
                aria-label={t('Choose every row shown')}
                checked={allChosen}
                onChange={() => selection.onChange(allChosen ? [] : rows.map(idOf))}
              />
            </th>
          )}
          {columns.map((column, index) => (
            <th key={column.colId ?? column.field ?? index}>{column.headerName}</th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row, rowIndex) => (
          <tr
            key={idOf(row, rowIndex)}
            row-id={idOf(row, rowIndex)}
            className="ag-row"
            onClick={onRowClicked ? () => onRowClicked(row) : undefined}
          >
            {selection && (
              <td>
                <input
                  type="checkbox"
                  aria-label={`${t('Choose this row')} (${state(chosen.has(idOf(row, rowIndex)))})`}
                  checked={chosen.has(idOf(row, rowIndex))}
                  onChange={() => {
                    const id = idOf(row, rowIndex);
                    const next = new Set(chosen);
                    if (!next.delete(id)) next.add(id);
                    selection.onChange(rows.map(idOf).filter((each) => next.has(each)));
                  }}
                />
              </td>
            )}
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
