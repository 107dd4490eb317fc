import { Tag } from 'antd';
import { formatDate } from '../../lib/format';
import { roleNameLabel, seededText } from '../../lib/labels/seeded-labels';
import { AsWrittenCell } from '../../widgets/data-grid/as-written-cell';
import type { GridColDef } from '../../widgets/data-grid/column-widths';
import { RoleActions } from './role-actions';
import type { Role } from './roles-api';

type Translate = (msgid: string) => string;

interface RoleColumnActions {
  onRename: (role: Role) => void;
  onDelete: (role: Role) => Promise<unknown>;
}

export function roleColumns(t: Translate, actions: RoleColumnActions): GridColDef<Role>[] {
  return [
    {
      field: 'name',
      headerName: t('Name'),
      valueFormatter: ({ value }) => roleNameLabel(value, t),
    },
    {
      field: 'code',
      headerName: t('Code'),
      kind: 'code',
      samples: ['super_admin'],
      cellClass: 'admin-roles__code',
      // The code is what grants and the API name the role by: written as is.
      cellRenderer: AsWrittenCell,
    },
    {
      field: 'is_system',
      headerName: t('Type'),
      kind: 'status',
      samples: [t('Seeded'), t('Custom')],
      cellRenderer: ({ data }: { data?: Role }) =>
        data?.is_system ? <Tag>{t('Seeded')}</Tag> : <Tag color="blue">{t('Custom')}</Tag>,
    },
    {
      field: 'description',
      headerName: t('Description'),
      kind: 'longText',
      valueFormatter: ({ value }) => seededText(value ?? '', t),
    },
    { field: 'users_count', headerName: t('Users'), kind: 'number', type: 'numericColumn' },
    {
      field: 'created_at',
      headerName: t('Created'),
      kind: 'dateTime',
      valueFormatter: ({ value }) => formatDate(value),
    },
    {
      colId: 'actions',
      headerName: t('Actions'),
      kind: 'actions',
      buttonIcons: true,
      samples: [t('Rename'), t('Delete')],
      cellRenderer: ({ data }: { data?: Role }) => (data ? <RoleActions role={data} {...actions} /> : null),
    },
  ];
}
