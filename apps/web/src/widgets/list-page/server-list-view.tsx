import { Flex } from 'antd';
import { type ReactNode, useMemo } from 'react';
import { ColumnSettingsButton } from '../column-settings/column-settings-button';
import { columnChoicesFrom, withColumnVisibility } from '../column-settings/column-visibility';
import { useColumnVisibility } from '../column-settings/use-column-visibility';
import type { GridColDef } from '../data-grid/column-widths';
import { DataGrid } from '../data-grid/data-grid';
import type { FilterConfig } from '../filter-drawer/filter-types';
import { SearchWithFilters } from '../filter-drawer/search-with-filters';
import { Paginator } from '../paginator/paginator';
import type { ServerList } from './use-server-list';

export interface ServerListViewProps<Row> {
  /** What `useServerList` answered: state in the URL, the page of rows, loading. */
  list: ServerList<Row>;
  filterConfig?: FilterConfig;
  searchPlaceholder: string;
  /** Flat columns (no groups), so each can be hidden by the Columns button; each says what it holds (column-widths.ts). */
  columnDefs: GridColDef<Row>[];
  getRowId: (row: Row) => string;
  onRowClicked?: (row: Row) => void;
  /**
   * With it, a Columns button lets each user hide columns, saved per route; the choices are the
   * columns with a field, `defaultHidden` those hidden until the user shows them.
   */
  columnSettings?: ColumnSettings;
  /** The page's own actions, at the end of the toolbar (an Upload button). */
  actions?: ReactNode;
}

export interface ColumnSettings {
  route: string;
  defaultHidden?: readonly string[];
}

/**
 * The body of every server-paged list: search with the filter drawer (and the Columns button),
 * the grid in server mode, and the paginator, all driven by the list's URL state. A list page is
 * its title, its columns and filters, this, and whatever opens on a row.
 */
export function ServerListView<Row>(props: ServerListViewProps<Row>) {
  return props.columnSettings ? (
    <WithColumnSettings {...props} settings={props.columnSettings} />
  ) : (
    <ListBody {...props} />
  );
}

function WithColumnSettings<Row>({
  settings,
  ...props
}: ServerListViewProps<Row> & { settings: ColumnSettings }) {
  const choices = useMemo(
    () => columnChoicesFrom(props.columnDefs, settings.defaultHidden),
    [props.columnDefs, settings.defaultHidden],
  );
  const { visible } = useColumnVisibility(settings.route, choices);
  return (
    <ListBody
      {...props}
      columnDefs={withColumnVisibility(props.columnDefs, visible)}
      toolbarEnd={
        <Flex gap={8}>
          {props.actions}
          <ColumnSettingsButton route={settings.route} columns={choices} />
        </Flex>
      }
    />
  );
}

function ListBody<Row>({
  list,
  filterConfig,
  searchPlaceholder,
  columnDefs,
  getRowId,
  onRowClicked,
  actions,
  toolbarEnd = actions,
}: ServerListViewProps<Row> & { toolbarEnd?: ReactNode }) {
  return (
    <>
      <Flex justify="space-between" wrap gap={8} style={{ marginBottom: 12 }}>
        <SearchWithFilters
          q={list.state.q}
          onSearch={(q) => list.setState({ q })}
          config={filterConfig ?? {}}
          values={list.state.filters}
          onChange={(filters) => list.setState({ filters })}
          placeholder={searchPlaceholder}
        />
        {toolbarEnd}
      </Flex>
      <DataGrid<Row>
        mode="server"
        rowData={list.data?.items}
        columnDefs={columnDefs}
        loading={list.isLoading}
        getRowId={getRowId}
        onRowClicked={onRowClicked}
        sort={list.state.sort}
        onSortChange={(sort) => list.setState({ sort })}
      />
      <Paginator
        total={list.data?.total ?? 0}
        page={list.state.page}
        pageSize={list.state.pageSize}
        onChange={(page, pageSize) => list.setState({ page, pageSize })}
      />
    </>
  );
}
