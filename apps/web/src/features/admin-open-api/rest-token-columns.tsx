import type { RestToken } from '@app/contract/admin/open-api/rest-tokens';
import { Flex, Tag, Typography } from 'antd';
import { formatDate } from '../../lib/format';
import { restTokenStatusLabel } from '../../lib/labels/open-api-labels';
import type { GridColDef } from '../../widgets/data-grid/column-widths';
import { RestTokenActions } from './rest-token-actions';

type Translate = (msgid: string) => string;

const STATUS_COLOR: Record<RestToken['status'], string> = {
  active: 'green',
  expired: 'default',
  revoked: 'red',
};

/** The REST tokens' columns; the server sorts by name, creation and last use. */
export function restTokenColumns(
  t: Translate,
  onRevoke: (token: RestToken) => Promise<unknown>,
): GridColDef<RestToken>[] {
  return [
    { field: 'name', headerName: t('Name') },
    {
      colId: 'team',
      headerName: t('Team'),
      sortable: false,
      valueGetter: ({ data }) => data?.team.name ?? '',
    },
    {
      field: 'token_prefix',
      headerName: t('Token'),
      sortable: false,
      kind: 'code',
    },
    {
      field: 'scopes',
      headerName: t('Scopes'),
      sortable: false,
      kind: 'longText',
      cellRenderer: ({ data }: { data?: RestToken }) =>
        data ? (
          <Flex wrap gap={4}>
            {data.scopes.map((scope) => (
              <Typography.Text key={scope} code translate="no">
                {scope}
              </Typography.Text>
            ))}
          </Flex>
        ) : null,
    },
    {
      field: 'status',
      headerName: t('Status'),
      sortable: false,
      kind: 'status',
      samples: ['active', 'expired', 'revoked'].map((status) => restTokenStatusLabel(status, t)),
      cellRenderer: ({ data }: { data?: RestToken }) =>
        data ? <Tag color={STATUS_COLOR[data.status]}>{restTokenStatusLabel(data.status, t)}</Tag> : null,
    },
    {
      field: 'rate_limit_per_minute',
      headerName: t('Calls a minute'),
      sortable: false,
      kind: 'number',
      samples: ['6000'],
    },
    {
      colId: 'created_by',
      headerName: t('Issued by'),
      sortable: false,
      valueGetter: ({ data }) => data?.created_by.email ?? '',
    },
    {
      field: 'created_at',
      headerName: t('Issued'),
      kind: 'dateTime',
      valueFormatter: ({ value }) => formatDate(value),
    },
    {
      field: 'expires_at',
      headerName: t('Expires'),
      sortable: false,
      kind: 'dateTime',
      valueFormatter: ({ value }) => (value ? formatDate(value) : t('Never')),
    },
    {
      field: 'last_used_at',
      headerName: t('Last used'),
      kind: 'dateTime',
      valueFormatter: ({ value }) => (value ? formatDate(value) : t('Never')),
    },
    {
      colId: 'actions',
      headerName: t('Actions'),
      kind: 'actions',
      buttonIcons: true,
      samples: [t('Revoke')],
      cellRenderer: ({ data }: { data?: RestToken }) =>
        data ? <RestTokenActions token={data} onRevoke={onRevoke} /> : null,
    },
  ];
}
