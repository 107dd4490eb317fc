import type { AdminUserRow } from '@app/contract/admin/users/user-row';
import type { ColDef } from 'ag-grid-community';
import { Tag } from 'antd';
import { formatDate } from '../../lib/format';
import { roleNameLabel } from '../../lib/labels/seeded-labels';

type Translate = (msgid: string) => string;

/** The users list's columns; the server sorts by every one but last activity. */
export function userColumns(t: Translate): ColDef<AdminUserRow>[] {
  return [
    { field: 'username', headerName: t('Username'), minWidth: 140 },
    { field: 'email', headerName: t('E-mail'), minWidth: 180, flex: 1.5 },
    {
      field: 'role',
      headerName: t('Role'),
      valueFormatter: ({ data }) => roleNameLabel(data?.role_name ?? '', t),
    },
    {
      field: 'banned',
      headerName: t('Status'),
      minWidth: 100,
      maxWidth: 130,
      cellRenderer: ({ data }: { data?: AdminUserRow }) =>
        data?.banned ? <Tag color="red">{t('Banned')}</Tag> : <Tag color="green">{t('Active')}</Tag>,
    },
    {
      field: 'created_at',
      headerName: t('Created'),
      minWidth: 160,
      valueFormatter: ({ value }) => formatDate(value),
    },
    {
      field: 'last_active_at',
      headerName: t('Last active'),
      sortable: false,
      minWidth: 160,
      valueFormatter: ({ value }) => (value ? formatDate(value) : t('Never')),
    },
  ];
}
