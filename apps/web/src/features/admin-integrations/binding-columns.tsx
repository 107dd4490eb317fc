import type { AdminBinding } from '@app/contract/connectors/admin-platforms';
import { GOOGLE_SERVICE_LABELS } from '@app/contract/connectors/google-services';
import { Button, Flex, Tag } from 'antd';
import { formatDate } from '../../lib/format';
import { syncStatusLabel } from '../../lib/labels/connector-labels';
import type { GridColDef } from '../../widgets/data-grid/column-widths';
import { GoogleServiceIcon } from '../../widgets/google-connector/google-service-icon';
import { SyncStatusTag } from '../../widgets/google-connector/sync-status-tag';

type Translate = (msgid: string) => string;

/** Every team's bindings; the server sorts by service, team, account, state and bind time. */
export function bindingColumns(
  t: Translate,
  onRevoke: (binding: AdminBinding) => void,
): GridColDef<AdminBinding>[] {
  return [
    {
      field: 'service',
      headerName: t('Service'),
      // The service's icon and name: as wide as a tag of its name.
      kind: 'status',
      samples: Object.values(GOOGLE_SERVICE_LABELS).map((label) => t(label)),
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
    { field: 'team_name', headerName: t('Team') },
    {
      colId: 'project_name',
      headerName: t('Project'),
      sortable: false,
      valueGetter: ({ data }) => data?.project_name ?? '—',
    },
    {
      field: 'account_email',
      headerName: t('Google account'),
      valueGetter: ({ data }) =>
        data ? (data.account_email ? `${data.account_name} <${data.account_email}>` : data.account_name) : '',
    },
    {
      colId: 'selected_name',
      headerName: t('Syncs'),
      sortable: false,
      valueGetter: ({ data }) => data?.selected_name ?? t('Not chosen yet'),
    },
    {
      field: 'sync_status',
      headerName: t('Sync'),
      kind: 'status',
      samples: [`${syncStatusLabel('succeeded', t)} ${t('Needs reconnect')}`],
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
      kind: 'dateTime',
      samples: [t('Never')],
      valueGetter: ({ data }) => (data?.last_sync_at ? formatDate(data.last_sync_at) : t('Never')),
    },
    {
      colId: 'last_error',
      headerName: t('Last error'),
      sortable: false,
      kind: 'longText',
      // The whole message on hover (a cell the page draws gives its own title).
      cellRenderer: ({ data }: { data?: AdminBinding }) =>
        data?.last_error ? <span title={data.last_error}>{data.last_error}</span> : null,
    },
    {
      field: 'bound_at',
      headerName: t('Bound'),
      kind: 'dateTime',
      valueFormatter: ({ value }) => formatDate(value),
    },
    {
      colId: 'actions',
      headerName: '',
      kind: 'actions',
      samples: [t('Revoke')],
      cellRenderer: ({ data }: { data?: AdminBinding }) =>
        data ? (
          <Button size="small" danger onClick={() => onRevoke(data)}>
            {t('Revoke')}
          </Button>
        ) : null,
    },
  ];
}
