import {
  CellStyleModule,
  ClientSideRowModelModule,
  ColumnApiModule,
  DateFilterModule,
  type GridApi,
  type GridReadyEvent,
  type IRowNode,
  LocaleModule,
  ModuleRegistry,
  NumberFilterModule,
  PaginationModule,
  RowSelectionModule,
  type RowSelectionOptions,
  type SelectionChangedEvent,
  type SortChangedEvent,
  TextFilterModule,
  TooltipModule,
  ValidationModule,
} from 'ag-grid-community';
import { AgGridReact } from 'ag-grid-react';
import { theme } from 'antd';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useThemeMode } from '../../lib/theme-mode';
import { gridBehaviour } from './grid-options';
import { gridTheme } from './grid-theme';
import type { GridViewProps } from './grid-view-props';
import { sortFromColumnState } from './server-sort';
import './data-grid.css';

/**
 * This module is the AG Grid chunk: only `data-grid.tsx` imports it, lazily, so pages without a
 * grid never download AG Grid. Only the features the wrapper uses are registered; the validation
 * module (which names a missing one) in development only.
 */
ModuleRegistry.registerModules([
  ClientSideRowModelModule,
  PaginationModule,
  RowSelectionModule,
  TextFilterModule,
  NumberFilterModule,
  DateFilterModule,
  ColumnApiModule,
  LocaleModule,
  CellStyleModule,
  TooltipModule,
  ...(import.meta.env.DEV ? [ValidationModule] : []),
]);

/** AG Grid's own texts that a list shows (pager and overlays), in the UI language. */
function useGridLocaleText(): Record<string, string> {
  const { t } = useTranslation();
  return useMemo(
    () => ({
      page: t('Page'),
      of: t('of'),
      to: t('to'),
      more: t('more'),
      firstPage: t('First page'),
      previousPage: t('Previous page'),
      nextPage: t('Next page'),
      lastPage: t('Last page'),
      pageSizeSelectorLabel: t('Page size:'),
      ariaPageSizeSelectorLabel: t('Page size'),
      loadingOoo: t('Loading...'),
      noRowsToShow: t('No data'),
      ariaRowToggleSelection: t('Choose this row'),
      // The header box's name (AG Grid names it by the column, after the select-all text).
      ariaRowSelectAll: t('Choose every row shown'),
      ariaHeaderSelection: t('Choose every row shown'),
      ariaChecked: t('chosen'),
      ariaUnchecked: t('not chosen'),
      ariaIndeterminate: t('some chosen'),
    }),
    [t],
  );
}

export function AgGridView<Row>({
  rowData,
  columnDefs,
  loading,
  mode,
  getRowId,
  onRowClicked,
  height,
  sort,
  onSortChange,
  paged,
  selection,
}: GridViewProps<Row>) {
  const { i18n } = useTranslation();
  const { token } = theme.useToken();
  const colorScheme = useThemeMode();
  const localeText = useGridLocaleText();
  // Rebuilt only when a colour or size changes: a new theme object restyles the whole grid.
  const gridLook = useMemo(
    () =>
      gridTheme({
        colorPrimary: token.colorPrimary,
        colorText: token.colorText,
        colorTextHeading: token.colorTextHeading,
        colorBgContainer: token.colorBgContainer,
        colorBorderSecondary: token.colorBorderSecondary,
        colorFillAlter: token.colorFillAlter,
        controlItemBgHover: token.controlItemBgHover,
        controlItemBgActive: token.controlItemBgActive,
        fontFamily: token.fontFamily,
        fontSize: token.fontSize,
        borderRadius: token.borderRadius,
        borderRadiusLG: token.borderRadiusLG,
        colorScheme,
      }),
    [
      token.colorPrimary,
      token.colorText,
      token.colorTextHeading,
      token.colorBgContainer,
      token.colorBorderSecondary,
      token.colorFillAlter,
      token.controlItemBgHover,
      token.controlItemBgActive,
      token.fontFamily,
      token.fontSize,
      token.borderRadius,
      token.borderRadiusLG,
      colorScheme,
    ],
  );

  const behaviour = useMemo(
    () =>
      gridBehaviour({
        mode,
        rowCount: rowData?.length ?? 0,
        columnDefs,
        sort,
        serverSortable: onSortChange !== undefined,
        paged,
        font: { family: token.fontFamily, size: token.fontSize },
      }),
    [mode, rowData?.length, columnDefs, sort, onSortChange, paged, token.fontFamily, token.fontSize],
  );
  const api = useRef<GridApi<Row> | null>(null);
  const chosen = selection?.chosen;
  // The page holds the choice: the boxes follow it (a run started clears it), by row id, when it
  // changes and when rows arrive.
  const showChoice = useCallback(() => {
    const grid = api.current;
    if (!grid || !chosen || grid.isDestroyed()) return;
    const change = { select: [] as IRowNode<Row>[], clear: [] as IRowNode<Row>[] };
    grid.forEachNode((node) => {
      const want = node.id !== undefined && chosen.has(node.id);
      if (want !== Boolean(node.isSelected())) (want ? change.select : change.clear).push(node);
    });
    if (change.select.length > 0)
      grid.setNodesSelected({ nodes: change.select, newValue: true, source: 'api' });
    if (change.clear.length > 0)
      grid.setNodesSelected({ nodes: change.clear, newValue: false, source: 'api' });
  }, [chosen]);
  useEffect(showChoice, [showChoice]);
  const selecting = selection !== undefined;
  const rowSelection = useMemo<RowSelectionOptions<Row> | undefined>(
    () =>
      selecting
        ? {
            mode: 'multiRow',
            checkboxes: true,
            headerCheckbox: true,
            // The header's box chooses the rows the filters leave, not rows out of sight.
            selectAll: 'filtered',
            enableClickSelection: false,
          }
        : undefined,
    [selecting],
  );
  const onSelection = selection?.onChange;
  const handleSelectionChanged = (event: SelectionChangedEvent<Row>) => {
    // Only a person's click is news; the page's own choice came in through the effect above.
    if (!onSelection || event.source === 'api') return;
    onSelection(event.api.getSelectedNodes().flatMap((node) => (node.id === undefined ? [] : [node.id])));
  };

  const handleSortChanged = (event: SortChangedEvent<Row>) => {
    if (mode !== 'server' || !onSortChange) return;
    const next = sortFromColumnState(event.api.getColumnState());
    // The grid also reports the sort we set from `sort`; only a user's click is news.
    if (next !== sort) onSortChange(next);
  };

  const fixedHeight = height !== undefined;
  return (
    <div
      className={onRowClicked ? 'data-grid data-grid--clickable' : 'data-grid'}
      style={fixedHeight ? { height } : undefined}
    >
      <AgGridReact<Row>
        // localeText is read once at start-up; a new language starts a new grid.
        key={i18n.language}
        theme={gridLook}
        localeText={localeText}
        rowData={rowData}
        columnDefs={behaviour.columnDefs}
        defaultColDef={behaviour.defaultColDef}
        {...behaviour.tooltips}
        pagination={behaviour.pagination}
        paginationPageSize={behaviour.paginationPageSize}
        paginationPageSizeSelector={behaviour.paginationPageSizeSelector}
        suppressMultiSort={mode === 'server'}
        loading={loading}
        domLayout={fixedHeight ? 'normal' : 'autoHeight'}
        getRowId={getRowId ? (params) => getRowId(params.data) : undefined}
        onRowClicked={
          onRowClicked ? (event) => event.data !== undefined && onRowClicked(event.data) : undefined
        }
        onSortChanged={handleSortChanged}
        rowSelection={rowSelection}
        onSelectionChanged={handleSelectionChanged}
        onGridReady={(event: GridReadyEvent<Row>) => {
          api.current = event.api;
          showChoice();
        }}
        onRowDataUpdated={showChoice}
      />
    </div>
  );
}
