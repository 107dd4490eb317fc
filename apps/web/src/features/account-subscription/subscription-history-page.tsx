import { subscriptionHistoryListFields, zSubscriptionEventKind } from '@app/contract/billing/subscriptions';
import { Flex, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DATE_FORMATS, formatDate } from '../../lib/format';
import { planNameLabel } from '../../lib/labels/seeded-labels';
import { ORDER_NUMBER_SHAPE, subscriptionEventLabel } from '../../widgets/billing-labels/billing-labels';
import { DocumentTitle } from '../../widgets/brand/document-title';
import type { GridColDef } from '../../widgets/data-grid/column-widths';
import { filterConfigFrom } from '../../widgets/filter-drawer/filter-config-from-fields';
import type { FilterConfig } from '../../widgets/filter-drawer/filter-types';
import { ServerListView } from '../../widgets/list-page/server-list-view';
import { useServerList } from '../../widgets/list-page/use-server-list';
import { fetchHistory, type SubscriptionEvent, subscriptionKey } from './subscription-api';

type Translate = (msgid: string, options?: Record<string, unknown>) => string;

function historyColumns(t: Translate): GridColDef<SubscriptionEvent>[] {
  const day = (seconds: number | null | undefined) => (seconds ? formatDate(seconds, DATE_FORMATS.date) : '');
  return [
    {
      field: 'creation_time',
      headerName: t('Time'),
      kind: 'dateTime',
      valueFormatter: ({ value }) => formatDate(value),
    },
    {
      field: 'kind',
      headerName: t('Event'),
      sortable: false,
      samples: zSubscriptionEventKind.options.map((kind) => subscriptionEventLabel(kind, t)),
      valueFormatter: ({ value }) => subscriptionEventLabel(String(value ?? ''), t),
    },
    {
      field: 'plan_name',
      headerName: t('Plan'),
      valueFormatter: ({ value }) => planNameLabel(String(value ?? ''), t),
    },
    {
      colId: 'period',
      headerName: t('Period'),
      sortable: false,
      kind: 'date',
      samples: ['0000-00-00 – 0000-00-00'],
      valueGetter: ({ data }) =>
        data?.period_start || data?.period_end ? `${day(data.period_start)} – ${day(data.period_end)}` : '',
    },
    {
      field: 'order_num',
      headerName: t('Order number'),
      sortable: false,
      kind: 'code',
      samples: [ORDER_NUMBER_SHAPE],
      cellRenderer: ({ data }: { data?: SubscriptionEvent }) =>
        data?.order_id && data.order_num ? (
          <Link to={`/account/order/details?${new URLSearchParams({ id: data.order_id })}`}>
            {data.order_num}
          </Link>
        ) : null,
    },
    {
      colId: 'reason',
      headerName: t('Reason'),
      sortable: false,
      kind: 'longText',
      valueGetter: ({ data }) =>
        data
          ? [data.reason, data.actor ? t('by {{name}}', { name: data.actor.username }) : null]
              .filter(Boolean)
              .join(' · ')
          : '',
    },
  ];
}

function historyFilters(t: Translate): FilterConfig {
  return filterConfigFrom(subscriptionHistoryListFields, {
    kind: {
      alias: t('Event'),
      options: (
        [
          'subscribe',
          'renew',
          'upgrade',
          'downgrade_scheduled',
          'downgrade',
          'extend',
          'cancel',
          'expire',
          'refund',
        ] as const
      ).map((kind) => ({ name: subscriptionEventLabel(kind, t), value: kind })),
    },
    creation_time: { alias: t('Time') },
  });
}

/** `/account/subscription-history`: what happened to the team's subscription, newest first. */
export function SubscriptionHistoryPage() {
  const { t } = useTranslation();
  const filterConfig = useMemo(() => historyFilters(t), [t]);
  const columns = useMemo(() => historyColumns(t), [t]);
  const list = useServerList<SubscriptionEvent>({
    queryKey: [...subscriptionKey, 'history'],
    fetch: fetchHistory,
    filterConfig,
    defaultSort: '-creation_time',
  });
  return (
    <>
      <DocumentTitle title={t('Subscription history')} />
      <Flex justify="space-between" align="baseline" wrap gap={8}>
        <Typography.Title level={3} style={{ marginTop: 0 }}>
          {t('Subscription history')}
        </Typography.Title>
        <Link to="/account/subscription">{t('Subscription')}</Link>
      </Flex>
      <ServerListView<SubscriptionEvent>
        list={list}
        filterConfig={filterConfig}
        searchPlaceholder={t('Search plan')}
        columnDefs={columns}
        getRowId={(event) => event.id}
      />
    </>
  );
}
