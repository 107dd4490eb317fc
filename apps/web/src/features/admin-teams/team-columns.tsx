import type { zAdminTeamRow } from '@app/contract/admin/teams/teams';
import { Tag } from 'antd';
import type { z } from 'zod';
import { formatDate } from '../../lib/format';
import type { GridColDef } from '../../widgets/data-grid/column-widths';

export type AdminTeamRow = z.infer<typeof zAdminTeamRow>;

type Translate = (msgid: string) => string;

/** The teams list's columns; the server sorts by name, kind and creation time. */
export function teamColumns(t: Translate): GridColDef<AdminTeamRow>[] {
  return [
    { field: 'name', headerName: t('Team') },
    {
      colId: 'owner',
      headerName: t('Owner'),
      sortable: false,
      kind: 'longText',
      valueGetter: ({ data }) => (data ? `${data.owner.username} (${data.owner.email})` : ''),
    },
    {
      field: 'members_count',
      headerName: t('Members'),
      sortable: false,
      kind: 'number',
      type: 'numericColumn',
    },
    {
      field: 'personal',
      headerName: t('Kind'),
      kind: 'status',
      samples: [t('Personal'), t('Shared')],
      cellRenderer: ({ data }: { data?: AdminTeamRow }) =>
        data?.personal ? <Tag>{t('Personal')}</Tag> : <Tag color="blue">{t('Shared')}</Tag>,
    },
    {
      field: 'created_at',
      headerName: t('Created'),
      kind: 'dateTime',
      valueFormatter: ({ value }) => formatDate(value),
    },
  ];
}
