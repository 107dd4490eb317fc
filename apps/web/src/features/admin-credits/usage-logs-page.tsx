import { BUILT_IN_FUNCTIONS } from '@app/contract/billing/money';
import { adminUsageLogListFields } from '@app/contract/billing/usage';
import type { FilterableField } from '@app/contract/list';
import { Tag, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../lib/format';
import { statusColor, usageStatusLabel } from '../../widgets/billing-labels/billing-labels';
import { DocumentTitle } from '../../widgets/brand/document-title';
import type { FilterFieldConfig } from '../../widgets/filter-drawer/filter-types';
import { sortableByContract } from '../../widgets/list-page/list-field-sort';
import { ServerListView } from '../../widgets/list-page/server-list-view';
import { useServerList } from '../../widgets/list-page/use-server-list';
import { formatCredits } from './credit-format';
import { type AdminUsageLog, adminCreditsKey, fetchUsageLogs } from './credits-api';

const ROUTE = '/admin/usm/resources/credits/usage-logs';

type Filters = Partial<Record<FilterableField<typeof adminUsageLogListFields>, FilterFieldConfig>>;

/**
 * `/admin/usm/resources/credits/usage-logs`: every metered AI call of every team: who, which
 * function and model, tokens, credits charged (and any cost the balance could not cover), latency.
 */
export function UsageLogsPage() {
  const { t } = useTranslation();
  const filterConfig = useMemo(
    (): Filters => ({
      function_key: {
        alias: t('Function'),
        type: 'check_list',
        options: BUILT_IN_FUNCTIONS.map((key) => ({ name: key, value: key })),
      },
      status: {
        alias: t('Status'),
        type: 'option',
        opt: 'eq',
        options: [
          { name: t('All'), value: 'all', is_default: true },
          { name: usageStatusLabel('settled', t), value: 'settled' },
          { name: usageStatusLabel('released', t), value: 'released' },
        ],
      },
      creation_time: { alias: t('Time'), type: 'range' },
    }),
    [t],
  );
  const list = useServerList<AdminUsageLog>({
    queryKey: [...adminCreditsKey, 'usage-logs'],
    fetch: fetchUsageLogs,
    filterConfig,
    defaultSort: '-creation_time',
  });
  const columns = useMemo(
    () =>
      sortableByContract<AdminUsageLog>(
        [
          {
            field: 'creation_time',
            headerName: t('Time'),
            kind: 'dateTime',
            valueFormatter: ({ value }) => formatDate(value),
          },
          {
            colId: 'team_name',
            headerName: t('Team'),
            valueGetter: ({ data }) => data?.team.name ?? '',
          },
          {
            colId: 'user',
            headerName: t('User'),
            valueGetter: ({ data }) => data?.user?.username ?? '',
          },
          { field: 'function_key', headerName: t('Function'), kind: 'code' },
          { field: 'model', headerName: t('Model'), kind: 'code' },
          {
            colId: 'tokens',
            headerName: t('Tokens (in / out)'),
            kind: 'number',
            samples: ['000,000 / 000,000'],
            valueGetter: ({ data }) =>
              data ? `${formatCredits(data.input_tokens)} / ${formatCredits(data.output_tokens)}` : '',
          },
          {
            field: 'credits',
            headerName: t('Credits'),
            kind: 'number',
            type: 'numericColumn',
            valueFormatter: ({ value }) => formatCredits(Number(value)),
          },
          {
            field: 'uncharged',
            headerName: t('Not covered'),
            kind: 'number',
            type: 'numericColumn',
            valueFormatter: ({ value }) => (Number(value) > 0 ? formatCredits(Number(value)) : ''),
          },
          {
            field: 'latency_ms',
            headerName: t('Latency (ms)'),
            kind: 'number',
            type: 'numericColumn',
            valueFormatter: ({ value }) => formatCredits(Number(value)),
          },
          {
            field: 'status',
            headerName: t('Status'),
            kind: 'status',
            samples: ['settled', 'released'].map((status) => usageStatusLabel(status, t)),
            cellRenderer: ({ data }: { data?: AdminUsageLog }) =>
              data ? <Tag color={statusColor(data.status)}>{usageStatusLabel(data.status, t)}</Tag> : null,
          },
        ],
        adminUsageLogListFields,
      ),
    [t],
  );

  return (
    <>
      <DocumentTitle title={t('Credit usage logs')} />
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t('Credit usage logs')}
      </Typography.Title>
      <ServerListView<AdminUsageLog>
        list={list}
        filterConfig={filterConfig}
        searchPlaceholder={t('Search team, user, function or model')}
        columnDefs={columns}
        columnSettings={{ route: ROUTE }}
        getRowId={(log) => log.id}
      />
    </>
  );
}
