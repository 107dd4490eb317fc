import type { zAdminTeamRow } from '@app/contract/admin/teams/teams';
import type { ColDef } from 'ag-grid-community';
import { Tag } from 'antd';
import type { z } from 'zod';
import { formatDate } from '../../lib/format';

export type AdminTeamRow = z.infer<typeof zAdminTeamRow>;

type Translate = (msgid: string) => string;

/** The teams list's columns; the server sorts by name, kind and creation time. */
export function teamColumns(t: Translate): ColDef<AdminTeamRow>[] {
  return [
    { field: 'name', headerName: t('Team'), minWidth: 160 },
    {
      colId: 'owner',
      headerName: t('Owner'),
      sortable: false,
      minWidth: 200,
      valueGetter: ({ data }) => (data ? `${data.owner.username} (${data.owner.email})` : ''),
    },
    {
      field: 'members_count',
      headerName: t('Members'),
      sortable: false,
      maxWidth: 120,
      type: 'numericColumn',
    },
    {
      field: 'personal',
      headerName: t('Kind'),
      maxWidth: 130,
      cellRenderer: ({ data }: { data?: AdminTeamRow }) =>
        data?.personal ? <Tag>{t('Personal')}</Tag> : <Tag color="blue">{t('Shared')}</Tag>,
    },
    {
      field: 'created_at',
      headerName: t('Created'),
      minWidth: 170,
      valueFormatter: ({ value }) => formatDate(value),
    },
  ];
}
