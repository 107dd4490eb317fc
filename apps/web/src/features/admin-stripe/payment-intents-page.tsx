import {
  STRIPE_INTENT_STATUSES,
  stripePaymentIntentListFields,
} from '@app/contract/billing/stripe-payment-intents';
import type { FilterableField } from '@app/contract/list';
import { Alert, App, Button, Space, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate, formatMoney } from '../../lib/format';
import { planNameLabel } from '../../lib/labels/seeded-labels';
import {
  ORDER_NUMBER_SHAPE,
  stripeIntentStatusColor,
  stripeIntentStatusLabel,
} from '../../widgets/billing-labels/billing-labels';
import { DocumentTitle } from '../../widgets/brand/document-title';
import type { FilterFieldConfig } from '../../widgets/filter-drawer/filter-types';
import { sortableByContract } from '../../widgets/list-page/list-field-sort';
import { ServerListView } from '../../widgets/list-page/server-list-view';
import { useServerList } from '../../widgets/list-page/use-server-list';
import { ReasonModal, type ReasonValues } from '../../widgets/reason-modal/reason-modal';
import { cardText, PaymentIntentDrawer } from './payment-intent-drawer';
import {
  fetchStripeIntents,
  type StripeIntent,
  stripeIntentsKey,
  useRefreshStripeIntent,
  useSyncStripeIntents,
} from './payment-intents-api';

const ROUTE = '/admin/stripe/payment-indent';

type Filters = Partial<Record<FilterableField<typeof stripePaymentIntentListFields>, FilterFieldConfig>>;

/**
 * `/admin/stripe/payment-indent`: Stripe's PaymentIntents as the mirror last read them (Stripe's
 * webhooks keep it; each row can be read again from Stripe, and the whole list backfilled from
 * Stripe's own, with a reason), each with its order,
 * card, failure and refunds; its events in a drawer.
 */
export function PaymentIntentsPage() {
  const { t } = useTranslation();
  const filterConfig = useMemo(
    (): Filters => ({
      status: {
        alias: t('Status'),
        type: 'check_list',
        options: STRIPE_INTENT_STATUSES.map((status) => ({
          name: stripeIntentStatusLabel(status, t),
          value: status,
        })),
      },
      creation_time: { alias: t('Created at Stripe'), type: 'range' },
      synced_time: { alias: t('Last synced'), type: 'range' },
    }),
    [t],
  );
  const list = useServerList<StripeIntent>({
    queryKey: [...stripeIntentsKey, 'list'],
    fetch: fetchStripeIntents,
    filterConfig,
    defaultSort: '-creation_time',
  });
  const [open, setOpen] = useState<StripeIntent | null>(null);
  const [refreshing, setRefreshing] = useState<StripeIntent | null>(null);
  const refresh = useRefreshStripeIntent();
  const [syncing, setSyncing] = useState(false);
  const sync = useSyncStripeIntents();
  const { message } = App.useApp();

  const columns = useMemo(
    () =>
      sortableByContract<StripeIntent>(
        [
          {
            field: 'creation_time',
            headerName: t('Date'),
            kind: 'dateTime',
            valueFormatter: ({ value }) => formatDate(value),
          },
          {
            field: 'amount',
            headerName: t('Amount'),
            kind: 'money',
            type: 'numericColumn',
            valueFormatter: ({ data }) => (data ? formatMoney(data.amount, data.currency) : ''),
          },
          { field: 'currency', headerName: t('Currency'), kind: 'code', samples: ['USD'] },
          {
            field: 'status',
            headerName: t('Status'),
            kind: 'status',
            samples: STRIPE_INTENT_STATUSES.map((status) => stripeIntentStatusLabel(status, t)),
            cellRenderer: ({ data }: { data?: StripeIntent }) =>
              data ? (
                <Tag color={stripeIntentStatusColor(data.status)}>
                  {stripeIntentStatusLabel(data.status, t)}
                </Tag>
              ) : null,
          },
          {
            colId: 'team_name',
            headerName: t('Team'),
            valueGetter: ({ data }) => data?.team?.name ?? '',
          },
          {
            field: 'plan_name',
            headerName: t('Plan'),
            valueFormatter: ({ value }) => (value ? planNameLabel(String(value), t) : ''),
          },
          {
            field: 'order_num',
            headerName: t('Order number'),
            kind: 'code',
            samples: [ORDER_NUMBER_SHAPE],
            cellRenderer: ({ data }: { data?: StripeIntent }) =>
              data?.order_id ? (
                <Link to={`/admin/order/details?${new URLSearchParams({ id: data.order_id })}`}>
                  {data.order_num ?? data.order_id}
                </Link>
              ) : null,
          },
          {
            colId: 'card',
            headerName: t('Card'),
            kind: 'code',
            samples: ['visa •••• 4242'],
            valueGetter: ({ data }) => (data ? cardText(data) : ''),
          },
          {
            colId: 'failure',
            headerName: t('Failure'),
            kind: 'longText',
            valueGetter: ({ data }) =>
              data?.failure_code || data?.failure_message
                ? [data.failure_code, data.failure_message].filter(Boolean).join(': ')
                : '',
          },
          {
            field: 'amount_refunded',
            headerName: t('Refunded'),
            kind: 'money',
            type: 'numericColumn',
            valueFormatter: ({ data }) => (data ? formatMoney(data.amount_refunded, data.currency) : ''),
          },
          {
            field: 'synced_time',
            headerName: t('Last synced'),
            kind: 'dateTime',
            valueFormatter: ({ value }) => formatDate(value),
          },
          { field: 'id', colId: 'intent_id', headerName: t('Payment intent'), kind: 'code' },
          {
            colId: 'actions',
            headerName: '',
            kind: 'actions',
            samples: [t('Events'), t('Refresh')],
            cellRenderer: ({ data }: { data?: StripeIntent }) =>
              data ? (
                <Space size={0}>
                  <Button
                    size="small"
                    type="link"
                    aria-label={t('Events of payment intent {{id}}', { id: data.id })}
                    onClick={() => setOpen(data)}
                  >
                    {t('Events')}
                  </Button>
                  <Button
                    size="small"
                    type="link"
                    aria-label={t('Refresh payment intent {{id}}', { id: data.id })}
                    onClick={() => setRefreshing(data)}
                  >
                    {t('Refresh')}
                  </Button>
                </Space>
              ) : null,
          },
        ],
        stripePaymentIntentListFields,
      ),
    [t],
  );

  return (
    <>
      <DocumentTitle title={t('Payment intents')} />
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t('Payment intents')}
      </Typography.Title>
      <ServerListView<StripeIntent>
        list={list}
        filterConfig={filterConfig}
        searchPlaceholder={t('Search payment intent, order number, team or plan')}
        columnDefs={columns}
        columnSettings={{ route: ROUTE }}
        getRowId={(intent) => intent.id}
        actions={<Button onClick={() => setSyncing(true)}>{t('Refresh from Stripe')}</Button>}
      />
      <PaymentIntentDrawer intent={open} onClose={() => setOpen(null)} onRefresh={setRefreshing} />
      <ReasonModal<ReasonValues>
        open={refreshing !== null}
        title={t('Refresh payment intent {{id}} from Stripe?', { id: refreshing?.id ?? '' })}
        okText={t('Refresh')}
        description={
          <Alert
            type="info"
            showIcon
            title={t(
              'The intent is read from Stripe again and the mirror updated. Nothing is paid or refunded.',
            )}
          />
        }
        onSubmit={async ({ reason }) => {
          if (!refreshing) return;
          await refresh.mutateAsync({ id: refreshing.id, reason });
        }}
        onClose={() => setRefreshing(null)}
      />
      <ReasonModal<ReasonValues>
        open={syncing}
        title={t("Read Stripe's payment intents into the mirror?")}
        okText={t('Refresh')}
        description={
          <Alert
            type="info"
            showIcon
            title={t(
              "Stripe's payment intents are read again, newest first (up to 1,000), and the mirror updated, those no webhook brought too. Nothing is paid or refunded.",
            )}
          />
        }
        onSubmit={async ({ reason }) => {
          const done = await sync.mutateAsync({ reason });
          void message.success(
            done.more
              ? t('{{count}} payment intents read from Stripe; older ones were not read', {
                  count: done.synced,
                  defaultValue_one: '{{count}} payment intent read from Stripe; older ones were not read',
                })
              : t('{{count}} payment intents read from Stripe', {
                  count: done.synced,
                  defaultValue_one: '{{count}} payment intent read from Stripe',
                }),
          );
        }}
        onClose={() => setSyncing(false)}
      />
    </>
  );
}
