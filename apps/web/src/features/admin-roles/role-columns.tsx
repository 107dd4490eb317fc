import type { ColDef } from 'ag-grid-community';
import { Tag } from 'antd';
import { formatDate } from '../../lib/format';
import { roleNameLabel, seededText } from '../../lib/labels/seeded-labels';
import { RoleActions } from './role-actions';
import type { Role } from './roles-api';

type Translate = (msgid: string) => string;

interface RoleColumnActions {
  onRename: (role: Role) => void;
  onDelete: (role: Role) => Promise<unknown>;
}

export function roleColumns(t: Translate, actions: RoleColumnActions): ColDef<Role>[] {
  return [
    {
      field: 'name',
      headerName: t('Name'),
      minWidth: 130,
      valueFormatter: ({ value }) => roleNameLabel(value, t),
    },
    {
      field: 'code',
      headerName: t('Code'),
      minWidth: 120,
      cellClass: 'admin-roles__code',
      // The code is what grants and the API name the role by: written as is.
      cellRenderer: ({ value }: { value?: string }) => <span translate="no">{value}</span>,
    },
    {
      field: 'is_system',
      headerName: t('Type'),
      minWidth: 90,
      maxWidth: 120,
      cellRenderer: ({ data }: { data?: Role }) =>
        data?.is_system ? <Tag>{t('Seeded')}</Tag> : <Tag color="blue">{t('Custom')}</Tag>,
    },
    {
      field: 'description',
      headerName: t('Description'),
      flex: 2,
      minWidth: 140,
      valueFormatter: ({ value }) => seededText(value ?? '', t),
    },
    { field: 'users_count', headerName: t('Users'), minWidth: 80, maxWidth: 110, type: 'numericColumn' },
    {
      field: 'created_at',
      headerName: t('Created'),
      minWidth: 160,
      valueFormatter: ({ value }) => formatDate(value),
    },
    {
      colId: 'actions',
      headerName: t('Actions'),
      sortable: false,
      minWidth: 180,
      cellRenderer: ({ data }: { data?: Role }) => (data ? <RoleActions role={data} {...actions} /> : null),
    },
  ];
}
