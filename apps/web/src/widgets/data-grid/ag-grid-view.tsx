import {
  CellStyleModule,
  ClientSideRowModelModule,
  ColumnApiModule,
  DateFilterModule,
  LocaleModule,
  ModuleRegistry,
  NumberFilterModule,
  PaginationModule,
  type SortChangedEvent,
  TextFilterModule,
  ValidationModule,
} from 'ag-grid-community';
import { AgGridReact } from 'ag-grid-react';
import { theme } from 'antd';
import { useMemo } from 'react';
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
  TextFilterModule,
  NumberFilterModule,
  DateFilterModule,
  ColumnApiModule,
  LocaleModule,
  CellStyleModule,
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
      }),
    [mode, rowData?.length, columnDefs, sort, onSortChange],
  );

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
      />
    </div>
  );
}
