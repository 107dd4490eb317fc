import type { ListFields } from '@app/contract/list';
import { Typography } from 'antd';
import { type ComponentType, type ReactNode, useMemo, useState } from 'react';
import { DocumentTitle } from '../../widgets/brand/document-title';
import type { GridColDef } from '../../widgets/data-grid/column-widths';
import type { FilterConfig } from '../../widgets/filter-drawer/filter-types';
import { sortableByContract } from '../../widgets/list-page/list-field-sort';
import { ServerListView } from '../../widgets/list-page/server-list-view';
import { type ServerListOptions, useServerList } from '../../widgets/list-page/use-server-list';
import { type Acting, MirrorActionModal, type MirrorActions, type MirrorDrawerProps } from './mirror-actions';
import { actionsColumn } from './mirror-columns';

interface MirrorListPageProps<Row extends { id: string }, Action extends string> {
  title: string;
  /** The page's path: each user's column choices are saved under it. */
  route: string;
  queryKey: readonly unknown[];
  fetch: ServerListOptions<Row>['fetch'];
  /** The list's contract: a column sorts only when its field does there. */
  fields: ListFields;
  filterConfig: FilterConfig;
  searchPlaceholder: string;
  /** The page's own columns, memoised (a new array redraws the grid); the row's buttons follow them. */
  columns: GridColDef<Row>[];
  /** Memoised, like the columns: the row's buttons are drawn from it. */
  actions: MirrorActions<Row, Action>;
  /** Makes an action the operator confirmed with a reason (silently: the dialog shows a refusal). */
  act: (row: Row, action: Action, reason: string) => Promise<unknown>;
  /** What the row's first button opens. */
  drawer: ComponentType<MirrorDrawerProps<Row, Action>>;
  /** The page's own buttons, at the toolbar's end. */
  toolbar?: ReactNode;
  /** The page's own dialogs (those its toolbar opens). */
  children?: ReactNode;
}

/**
 * The list page of one of Stripe's objects as the mirror holds them (Stripe's webhooks keep it):
 * the title, the search with its filters and the Columns button, the grid newest first (sortable
 * where the contract allows) ending with each row's buttons, the paginator; a row's drawer, and
 * the reason dialog of the action started from the row or the drawer. A page is its filters, its
 * columns, its drawer and its actions.
 */
export function MirrorListPage<Row extends { id: string }, Action extends string>({
  title,
  route,
  queryKey,
  fetch,
  fields,
  filterConfig,
  searchPlaceholder,
  columns,
  actions,
  act,
  drawer: Drawer,
  toolbar,
  children,
}: MirrorListPageProps<Row, Action>) {
  const list = useServerList<Row>({ queryKey, fetch, filterConfig, defaultSort: '-creation_time' });
  const [open, setOpen] = useState<Row | null>(null);
  const [acting, setActing] = useState<Acting<Row, Action> | null>(null);
  const columnDefs = useMemo(
    () =>
      sortableByContract(
        [
          ...columns,
          actionsColumn({ actions, onOpen: setOpen, onAction: (row, action) => setActing({ row, action }) }),
        ],
        fields,
      ),
    [columns, actions, fields],
  );
  return (
    <>
      <DocumentTitle title={title} />
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {title}
      </Typography.Title>
      <ServerListView<Row>
        list={list}
        filterConfig={filterConfig}
        searchPlaceholder={searchPlaceholder}
        columnDefs={columnDefs}
        columnSettings={{ route }}
        getRowId={(row) => row.id}
        actions={toolbar}
      />
      <Drawer
        row={open}
        actions={actions}
        onClose={() => setOpen(null)}
        onAction={(row, action) => setActing({ row, action })}
      />
      <MirrorActionModal acting={acting} actions={actions} act={act} onClose={() => setActing(null)} />
      {children}
    </>
  );
}
