import type { AdminBinding } from '@app/contract/connectors/admin-platforms';
import { GOOGLE_SERVICE_LABELS } from '@app/contract/connectors/google-services';
import type { ColDef } from 'ag-grid-community';
import { Button, Flex, Tag } from 'antd';
import { formatDate } from '../../lib/format';
import { GoogleServiceIcon } from '../../widgets/google-connector/google-service-icon';
import { SyncStatusTag } from '../../widgets/google-connector/sync-status-tag';

type Translate = (msgid: string) => string;

/** Every team's bindings; the server sorts by service, team, account, state and bind time. */
export function bindingColumns(
  t: Translate,
  onRevoke: (binding: AdminBinding) => void,
): ColDef<AdminBinding>[] {
  return [
    {
      field: 'service',
      headerName: t('Service'),
      minWidth: 200,
      cellRenderer: ({ data }: { data?: AdminBinding }) =>
        data ? (
          <Flex gap={6} align="center">
            <GoogleServiceIcon
              service={data.service}
              size={16}
              title={t(GOOGLE_SERVICE_LABELS[data.service])}
            />
            <span>{t(GOOGLE_SERVICE_LABELS[data.service])}</span>
          </Flex>
        ) : null,
    },
    { field: 'team_name', headerName: t('Team'), minWidth: 140 },
    {
      colId: 'project_name',
      headerName: t('Project'),
      sortable: false,
      minWidth: 120,
      valueGetter: ({ data }) => data?.project_name ?? '—',
    },
    {
      field: 'account_email',
      headerName: t('Google account'),
      minWidth: 200,
      valueGetter: ({ data }) =>
        data ? (data.account_email ? `${data.account_name} <${data.account_email}>` : data.account_name) : '',
    },
    {
      colId: 'selected_name',
      headerName: t('Syncs'),
      sortable: false,
      minWidth: 140,
      valueGetter: ({ data }) => data?.selected_name ?? t('Not chosen yet'),
    },
    {
      field: 'sync_status',
      headerName: t('Sync'),
      minWidth: 150,
      cellRenderer: ({ data }: { data?: AdminBinding }) =>
        data ? (
          <Flex gap={4}>
            <SyncStatusTag status={data.sync_status} />
            {data.needs_reconnect ? <Tag color="warning">{t('Needs reconnect')}</Tag> : null}
          </Flex>
        ) : null,
    },
    {
      colId: 'last_sync_at',
      headerName: t('Last sync'),
      sortable: false,
      minWidth: 160,
      valueGetter: ({ data }) => (data?.last_sync_at ? formatDate(data.last_sync_at) : t('Never')),
    },
    {
      colId: 'last_error',
      headerName: t('Last error'),
      sortable: false,
      minWidth: 200,
      // The whole message on hover: AG Grid's tooltip module is not loaded for one column.
      cellRenderer: ({ data }: { data?: AdminBinding }) =>
        data?.last_error ? <span title={data.last_error}>{data.last_error}</span> : null,
    },
    {
      field: 'bound_at',
      headerName: t('Bound'),
      minWidth: 160,
      valueFormatter: ({ value }) => formatDate(value),
    },
    {
      colId: 'actions',
      headerName: '',
      sortable: false,
      pinned: 'right',
      width: 110,
      cellRenderer: ({ data }: { data?: AdminBinding }) =>
        data ? (
          <Button size="small" danger onClick={() => onRevoke(data)}>
            {t('Revoke')}
          </Button>
        ) : null,
    },
  ];
}
