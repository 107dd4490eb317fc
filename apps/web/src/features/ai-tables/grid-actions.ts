import type { AiTableColumn, AiTableRow, CellValue } from '@app/contract/ai-tables/tables';
import { createContext, useContext } from 'react';

/**
 * What the table's cells can do, handed to them through context: AG Grid renders cells as React
 * portals in the page's tree, so a context reaches them while the column defs stay unchanged (a
 * new column def would redraw every cell).
 */
export interface AiGridActions {
  /** The AI columns by grid column id. */
  aiColumns: ReadonlyMap<string, AiTableColumn>;
  /**
   * The row as the page holds it now. AG Grid redraws a cell only when its value changes, so a
   * cell whose state moves without a value (queued to running) reads its row here, not from the
   * grid's copy.
   */
  currentRow: (rowId: string) => AiTableRow | undefined;
  saveCell: (rowId: string, column: AiTableColumn, value: CellValue) => Promise<void>;
  openAdCopy: (rowId: string, column: AiTableColumn, editing: boolean) => void;
}

export const AiGridActionsContext = createContext<AiGridActions | null>(null);

export function useAiGridActions(): AiGridActions {
  const actions = useContext(AiGridActionsContext);
  if (!actions) throw new Error('AI table cells render inside AiGridActionsContext');
  return actions;
}

/** The grid column id of an AI column. */
export const aiColId = (columnId: string) => `ai:${columnId}`;
