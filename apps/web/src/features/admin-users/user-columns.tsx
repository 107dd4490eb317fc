import type { AdminUserRow } from '@app/contract/admin/users/user-row';
import { Tag } from 'antd';
import { formatDate } from '../../lib/format';
import { roleNameLabel } from '../../lib/labels/seeded-labels';
import type { GridColDef } from '../../widgets/data-grid/column-widths';

type Translate = (msgid: string) => string;

/** The users list's columns; the server sorts by every one but last activity. */
export function userColumns(t: Translate): GridColDef<AdminUserRow>[] {
  return [
    { field: 'username', headerName: t('Username') },
    { field: 'email', headerName: t('E-mail'), flex: 1.5 },
    {
      field: 'role',
      headerName: t('Role'),
      valueFormatter: ({ data }) => roleNameLabel(data?.role_name ?? '', t),
    },
    {
      field: 'banned',
      headerName: t('Status'),
      kind: 'status',
      samples: [t('Banned'), t('Active')],
      cellRenderer: ({ data }: { data?: AdminUserRow }) =>
        data?.banned ? <Tag color="red">{t('Banned')}</Tag> : <Tag color="green">{t('Active')}</Tag>,
    },
    {
      field: 'created_at',
      headerName: t('Created'),
      kind: 'dateTime',
      valueFormatter: ({ value }) => formatDate(value),
    },
    {
      field: 'last_active_at',
      headerName: t('Last active'),
      sortable: false,
      kind: 'dateTime',
      samples: [t('Never')],
      valueFormatter: ({ value }) => (value ? formatDate(value) : t('Never')),
    },
  ];
}
