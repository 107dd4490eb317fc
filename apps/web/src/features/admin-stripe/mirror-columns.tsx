import type { ColDefField } from 'ag-grid-community';
import { Tag } from 'antd';
import { formatDate } from '../../lib/format';
import type { Translate } from '../../lib/labels/translate';
import type { GridColDef } from '../../widgets/data-grid/column-widths';
import type { FilterFieldConfig } from '../../widgets/filter-drawer/filter-types';
import { type MirrorActions, RowActions } from './mirror-actions';

/*
 * The columns and filters every mirror list has: the times Stripe and the mirror keep, the team,
 * the status as a tag, and the row's buttons.
 */

/** A time in seconds (created at Stripe, last synced), `YYYY-MM-DD HH:mm:ss`. */
export function timeColumn<Row>(field: ColDefField<Row>, headerName: string): GridColDef<Row> {
  return { field, headerName, kind: 'dateTime', valueFormatter: ({ value }) => formatDate(value) };
}

/** The team the object is ours for, if any. */
export function teamColumn<Row extends { team: { name: string } | null }>(t: Translate): GridColDef<Row> {
  return { colId: 'team_name', headerName: t('Team'), valueGetter: ({ data }) => data?.team?.name ?? '' };
}

/** Stripe's status of the object, as a tag coloured by what it means. */
export function statusColumn<Row extends { status: string }>(
  t: Translate,
  status: {
    field: ColDefField<Row>;
    values: readonly string[];
    label: (status: string, t: Translate) => string;
    color: (status: string) => string | undefined;
  },
): GridColDef<Row> {
  return {
    field: status.field,
    headerName: t('Status'),
    kind: 'status',
    samples: status.values.map((value) => status.label(value, t)),
    cellRenderer: ({ data }: { data?: Row }) =>
      data ? <Tag color={status.color(data.status)}>{status.label(data.status, t)}</Tag> : null,
  };
}

/** The row's buttons: the one that opens its drawer, then its actions; pinned on the right. */
export function actionsColumn<Row, Action extends string>({
  actions,
  onOpen,
  onAction,
}: {
  actions: MirrorActions<Row, Action>;
  onOpen: (row: Row) => void;
  onAction: (row: Row, action: Action) => void;
}): GridColDef<Row> {
  return {
    colId: 'actions',
    headerName: '',
    kind: 'actions',
    samples: [actions.open.label, ...actions.widest.map(actions.label)],
    cellRenderer: ({ data }: { data?: Row }) =>
      data ? <RowActions row={data} actions={actions} onOpen={onOpen} onAction={onAction} /> : null,
  };
}

/** A filter by one of a closed list of values (a status, an end behaviour), each by its label. */
export function checkListFilter(
  alias: string,
  values: readonly string[],
  label: (value: string) => string,
): FilterFieldConfig {
  return { alias, type: 'check_list', options: values.map((value) => ({ name: label(value), value })) };
}
