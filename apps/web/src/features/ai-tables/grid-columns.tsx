import type { AiCell, AiTableColumn, AiTableRow } from '@app/contract/ai-tables/tables';
import type { SuppressKeyboardEventParams } from 'ag-grid-community';
import { formatCount } from '../../lib/numbers';
import { AsWrittenCell } from '../../widgets/data-grid/as-written-cell';
import type { GridColumnDef } from '../../widgets/data-grid/server-sort';
import { AiCellRenderer, adLine, isAdCopy } from './ai-cell';
import { aiColId } from './grid-actions';

/** What an AI cell sorts and filters by: its value as text or number (an ad by its headlines). */
function cellSortValue(cell: AiCell | undefined, output: string): string | number | null {
  const value = cell?.value ?? null;
  if (value === null) return null;
  if (isAdCopy(value)) return adLine(value);
  if (output === 'number') return typeof value === 'number' ? value : null;
  return String(value);
}

// While a cell's own field has the keys, the grid must not take them for moving between cells.
const typingInCell = ({ event }: SuppressKeyboardEventParams<AiTableRow>) =>
  event.target instanceof HTMLElement && event.target.closest('input, textarea, .ant-select') !== null;

/**
 * The grid's columns: the data columns as they came, then the AI columns (the choose boxes are
 * AG Grid's own, in the first column). Each sorts
 * and filters by its value (the grid offers filters from 20 rows); AI cells draw their state.
 */
export function gridColumns(columns: AiTableColumn[]): GridColumnDef<AiTableRow>[] {
  const formatNumber = ({ value }: { value: unknown }) =>
    typeof value === 'number' ? formatCount(value) : value == null ? '' : String(value);
  const data = columns
    .filter((column) => column.kind === 'data')
    .map(
      (column): GridColumnDef<AiTableRow> => ({
        colId: `data:${column.key}`,
        headerName: column.name,
        valueGetter: ({ data: row }) => {
          const value = row?.data[column.key] ?? null;
          if (column.type !== 'number' || value === null) return value;
          const number = typeof value === 'number' ? value : Number(value);
          return Number.isFinite(number) ? number : null;
        },
        cellDataType: column.type === 'number' ? 'number' : 'text',
        valueFormatter: formatNumber,
        ...(column.type === 'number' ? { type: 'rightAligned' } : {}),
        cellRenderer: AsWrittenCell,
      }),
    );
  const ai = columns
    .filter((column) => column.kind === 'ai' && column.ai)
    .map((column): GridColumnDef<AiTableRow> => {
      const output = column.ai?.output ?? 'text';
      return {
        colId: aiColId(column.id),
        headerName: column.name,
        headerClass: 'ai-tables__ai-header',
        valueGetter: ({ data: row }) => cellSortValue(row?.cells[column.id], output),
        cellDataType: output === 'number' ? 'number' : 'text',
        minWidth: output === 'ad_copy' ? 280 : 160,
        cellRenderer: AiCellRenderer,
        suppressKeyboardEvent: typingInCell,
      };
    });
  return [...data, ...ai];
}
