import { adminSubscriptionListFields } from '@app/contract/billing/subscriptions';
import type { FilterableField } from '@app/contract/list';
import { useQuery } from '@tanstack/react-query';
import { Button, Space, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../lib/format';
import { planNameLabel } from '../../lib/labels/seeded-labels';
import { statusColor, subscriptionStatusLabel } from '../../widgets/billing-labels/billing-labels';
import { DocumentTitle } from '../../widgets/brand/document-title';
import type { FilterFieldConfig } from '../../widgets/filter-drawer/filter-types';
import { sortableByContract } from '../../widgets/list-page/list-field-sort';
import { ServerListView } from '../../widgets/list-page/server-list-view';
import { useServerList } from '../../widgets/list-page/use-server-list';
import { CancelSubscriptionModal } from './cancel-subscription-modal';
import { ExtendSubscriptionModal } from './extend-subscription-modal';
import { SubscriptionHistoryDrawer } from './subscription-history-drawer';
import {
  type AdminSubscription,
  adminSubscriptionsKey,
  fetchSubscriptions,
  planChoicesQuery,
} from './subscriptions-api';

const ROUTE = '/admin/usm/subscription';
const STATUSES = ['active', 'scheduled', 'expired', 'canceled', 'replaced'] as const;

type Filters = Partial<Record<FilterableField<typeof adminSubscriptionListFields>, FilterFieldConfig>>;

/** Only a running paid subscription can be extended or cancelled; the free plan renews itself. */
export function canChange(subscription: AdminSubscription): boolean {
  return subscription.status === 'active' && !subscription.is_default_plan;
}

/**
 * `/admin/usm/subscription`: every team's subscription, searched by team, owner or plan. An
 * operator extends one (no payment) or cancels it (the team falls back to the free plan); both
 * take a reason that is recorded, and History shows the team's events with who did what and why.
 */
export function SubscriptionsPage() {
  const { t } = useTranslation();
  const plans = useQuery(planChoicesQuery);
  const filterConfig = useMemo(
    (): Filters => ({
      status: {
        alias: t('Status'),
        type: 'check_list',
        options: STATUSES.map((status) => ({ name: subscriptionStatusLabel(status, t), value: status })),
      },
      plan_id: {
        alias: t('Plan'),
        type: 'check_list',
        options: (plans.data?.items ?? []).map((plan) => ({
          name: planNameLabel(plan.name, t),
          value: plan.id,
        })),
      },
      period_end: { alias: t('Period ends'), type: 'range' },
      creation_time: { alias: t('Started'), type: 'range' },
    }),
    [t, plans.data],
  );
  const list = useServerList<AdminSubscription>({
    queryKey: [...adminSubscriptionsKey, 'list'],
    fetch: fetchSubscriptions,
    filterConfig,
    defaultSort: '-creation_time',
  });
  const [extending, setExtending] = useState<AdminSubscription | null>(null);
  const [canceling, setCanceling] = useState<AdminSubscription | null>(null);
  const [history, setHistory] = useState<AdminSubscription | null>(null);

  const columns = useMemo(
    () =>
      sortableByContract<AdminSubscription>(
        [
          { field: 'team_name', headerName: t('Team') },
          { field: 'owner_email', headerName: t('Owner') },
          {
            field: 'plan_name',
            headerName: t('Plan'),
            valueFormatter: ({ value }) => planNameLabel(String(value ?? ''), t),
          },
          {
            field: 'status',
            headerName: t('Status'),
            kind: 'status',
            samples: STATUSES.map((status) => subscriptionStatusLabel(status, t)),
            cellRenderer: ({ data }: { data?: AdminSubscription }) =>
              data ? (
                <Tag color={statusColor(data.status)}>{subscriptionStatusLabel(data.status, t)}</Tag>
              ) : null,
          },
          {
            field: 'period_start',
            headerName: t('Period starts'),
            kind: 'dateTime',
            valueFormatter: ({ value }) => formatDate(value),
          },
          {
            field: 'period_end',
            headerName: t('Period ends'),
            kind: 'dateTime',
            valueFormatter: ({ value }) => formatDate(value),
          },
          {
            field: 'creation_time',
            headerName: t('Started'),
            kind: 'dateTime',
            valueFormatter: ({ value }) => formatDate(value),
          },
          {
            colId: 'actions',
            headerName: '',
            kind: 'actions',
            samples: [t('History'), t('Extend'), t('Cancel subscription')],
            cellRenderer: ({ data }: { data?: AdminSubscription }) =>
              data ? (
                <Space size={0}>
                  <Button size="small" type="link" onClick={() => setHistory(data)}>
                    {t('History')}
                  </Button>
                  {canChange(data) ? (
                    <>
                      <Button size="small" type="link" onClick={() => setExtending(data)}>
                        {t('Extend')}
                      </Button>
                      <Button size="small" type="link" danger onClick={() => setCanceling(data)}>
                        {t('Cancel subscription')}
                      </Button>
                    </>
                  ) : null}
                </Space>
              ) : null,
          },
        ],
        adminSubscriptionListFields,
      ),
    [t],
  );

  return (
    <>
      <DocumentTitle title={t('Subscriptions')} />
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t('Subscriptions')}
      </Typography.Title>
      <ServerListView<AdminSubscription>
        list={list}
        filterConfig={filterConfig}
        searchPlaceholder={t('Search team, owner e-mail or plan')}
        columnDefs={columns}
        columnSettings={{ route: ROUTE }}
        getRowId={(subscription) => subscription.id}
      />
      <ExtendSubscriptionModal subscription={extending} onClose={() => setExtending(null)} />
      <CancelSubscriptionModal subscription={canceling} onClose={() => setCanceling(null)} />
      <SubscriptionHistoryDrawer subscription={history} onClose={() => setHistory(null)} />
    </>
  );
}
