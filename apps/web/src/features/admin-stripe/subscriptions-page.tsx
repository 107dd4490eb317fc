import {
  STRIPE_SUBSCRIPTION_STATUSES,
  stripeSubscriptionListFields,
} from '@app/contract/billing/stripe-subscriptions';
import type { FilterableField } from '@app/contract/list';
import { Alert, App, Button, Space, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../lib/format';
import { planNameLabel } from '../../lib/labels/seeded-labels';
import {
  stripeSubscriptionActionLabel,
  stripeSubscriptionStatusColor,
  stripeSubscriptionStatusLabel,
} from '../../widgets/billing-labels/billing-labels';
import { DocumentTitle } from '../../widgets/brand/document-title';
import type { FilterFieldConfig } from '../../widgets/filter-drawer/filter-types';
import { sortableByContract } from '../../widgets/list-page/list-field-sort';
import { ServerListView } from '../../widgets/list-page/server-list-view';
import { useServerList } from '../../widgets/list-page/use-server-list';
import { ReasonModal, type ReasonValues } from '../../widgets/reason-modal/reason-modal';
import {
  amountText,
  LatestInvoice,
  periodText,
  renewalText,
  ScheduleLink,
  SubscriptionDrawer,
  subscriptionActions,
} from './subscription-drawer';
import {
  fetchStripeSubscriptions,
  type StripeSubscriptionAction,
  type StripeSubscriptionRow,
  stripeSubscriptionsKey,
  useActOnStripeSubscription,
} from './subscriptions-api';

const ROUTE = '/admin/stripe/subscription';

type Filters = Partial<Record<FilterableField<typeof stripeSubscriptionListFields>, FilterFieldConfig>>;

interface Acting {
  subscription: StripeSubscriptionRow;
  action: StripeSubscriptionAction;
}

/**
 * `/admin/stripe/subscription`: Stripe's subscriptions as the mirror last read them (Stripe's
 * webhooks keep it), each with its team, plan, period, renewal and latest invoice; its events in a
 * drawer. An operator sets one to end at its period's end, resumes it, or reads it from Stripe
 * again, each with a reason.
 */
export function StripeSubscriptionsPage() {
  const { t } = useTranslation();
  const filterConfig = useMemo(
    (): Filters => ({
      status: {
        alias: t('Status'),
        type: 'check_list',
        options: STRIPE_SUBSCRIPTION_STATUSES.map((status) => ({
          name: stripeSubscriptionStatusLabel(status, t),
          value: status,
        })),
      },
      creation_time: { alias: t('Created at Stripe'), type: 'range' },
      current_period_end: { alias: t('Current period ends'), type: 'range' },
      cancel_at_period_end: {
        alias: t('Cancels at period end'),
        type: 'bool',
        on: t('Yes'),
        off: t('No'),
      },
    }),
    [t],
  );
  const list = useServerList<StripeSubscriptionRow>({
    queryKey: [...stripeSubscriptionsKey, 'list'],
    fetch: fetchStripeSubscriptions,
    filterConfig,
    defaultSort: '-creation_time',
  });
  const [open, setOpen] = useState<StripeSubscriptionRow | null>(null);
  const [acting, setActing] = useState<Acting | null>(null);
  const act = useActOnStripeSubscription();
  const { message } = App.useApp();
  const startAction = (subscription: StripeSubscriptionRow, action: StripeSubscriptionAction) =>
    setActing({ subscription, action });

  const columns = useMemo(
    () =>
      sortableByContract<StripeSubscriptionRow>(
        [
          {
            field: 'creation_time',
            headerName: t('Created'),
            kind: 'dateTime',
            valueFormatter: ({ value }) => formatDate(value),
          },
          {
            colId: 'team_name',
            headerName: t('Team'),
            valueGetter: ({ data }) => data?.team?.name ?? '',
          },
          {
            colId: 'plan_name',
            headerName: t('Plan'),
            valueGetter: ({ data }) => (data?.plan ? planNameLabel(data.plan.name, t) : ''),
          },
          {
            field: 'amount',
            headerName: t('Amount'),
            kind: 'money',
            type: 'numericColumn',
            samples: [`-HK$000,000.00 ${t('/ {{count}} months', { count: 12 })}`],
            valueFormatter: ({ data }) => (data ? amountText(data, t) : ''),
          },
          {
            field: 'status',
            headerName: t('Status'),
            kind: 'status',
            samples: STRIPE_SUBSCRIPTION_STATUSES.map((status) => stripeSubscriptionStatusLabel(status, t)),
            cellRenderer: ({ data }: { data?: StripeSubscriptionRow }) =>
              data ? (
                <Tag color={stripeSubscriptionStatusColor(data.status)}>
                  {stripeSubscriptionStatusLabel(data.status, t)}
                </Tag>
              ) : null,
          },
          {
            colId: 'current_period_end',
            headerName: t('Current period'),
            kind: 'code',
            samples: ['0000-00-00 00:00:00 – 0000-00-00 00:00:00'],
            valueGetter: ({ data }) => (data ? periodText(data) : ''),
          },
          {
            colId: 'cancel_at_period_end',
            headerName: t('Renewal'),
            kind: 'code',
            samples: [t('Renews on {{date}}', { date: '0000-00-00 00:00:00' })],
            valueGetter: ({ data }) => (data ? renewalText(data, t) : ''),
          },
          {
            colId: 'latest_invoice',
            headerName: t('Latest invoice'),
            kind: 'longText',
            cellRenderer: ({ data }: { data?: StripeSubscriptionRow }) =>
              data ? <LatestInvoice subscription={data} /> : null,
          },
          {
            field: 'default_payment_method',
            headerName: t('Default card'),
            kind: 'code',
            samples: ['pm_0000000000000000000000'],
          },
          {
            colId: 'pending_update',
            headerName: t('Pending update'),
            samples: [t('Yes'), t('No')],
            valueGetter: ({ data }) => (data ? (data.pending_update ? t('Yes') : t('No')) : ''),
          },
          {
            field: 'schedule_id',
            headerName: t('Schedule'),
            kind: 'code',
            samples: ['sub_sched_000000000000000000000000'],
            cellRenderer: ({ data }: { data?: StripeSubscriptionRow }) =>
              data ? <ScheduleLink id={data.schedule_id} /> : null,
          },
          {
            field: 'synced_time',
            headerName: t('Last synced'),
            kind: 'dateTime',
            valueFormatter: ({ value }) => formatDate(value),
          },
          { field: 'id', colId: 'subscription_id', headerName: t('Subscription'), kind: 'code' },
          {
            colId: 'actions',
            headerName: '',
            kind: 'actions',
            samples: [
              t('Events'),
              stripeSubscriptionActionLabel('cancel_at_period_end', t),
              stripeSubscriptionActionLabel('sync', t),
            ],
            cellRenderer: ({ data }: { data?: StripeSubscriptionRow }) =>
              data ? (
                <Space size={0}>
                  <Button
                    size="small"
                    type="link"
                    aria-label={t('Events of subscription {{id}}', { id: data.id })}
                    onClick={() => setOpen(data)}
                  >
                    {t('Events')}
                  </Button>
                  {subscriptionActions(data).map((action) => (
                    <Button
                      key={action}
                      size="small"
                      type="link"
                      danger={action === 'cancel_at_period_end'}
                      aria-label={t('{{action}} subscription {{id}}', {
                        action: stripeSubscriptionActionLabel(action, t),
                        id: data.id,
                      })}
                      onClick={() => setActing({ subscription: data, action })}
                    >
                      {stripeSubscriptionActionLabel(action, t)}
                    </Button>
                  ))}
                </Space>
              ) : null,
          },
        ],
        stripeSubscriptionListFields,
      ),
    [t],
  );

  const id = acting?.subscription.id ?? '';
  const modal: Record<StripeSubscriptionAction, { title: string; description: string; done: string }> = {
    cancel_at_period_end: {
      title: t('Cancel subscription {{id}} at the end of its period?', { id }),
      description: t(
        'It renews no more; the period already paid is kept, and the subscription ends on {{date}}.',
        { date: acting ? formatDate(acting.subscription.current_period_end) : '' },
      ),
      done: t('Subscription {{id}}: it ends at the end of its period', { id }),
    },
    resume: {
      title: t('Resume subscription {{id}}?', { id }),
      description: t("It renews again at the period's end ({{date}}) and Stripe charges the card then.", {
        date: acting ? formatDate(acting.subscription.current_period_end) : '',
      }),
      done: t('Subscription {{id}}: it renews again', { id }),
    },
    sync: {
      title: t('Sync subscription {{id}} from Stripe?', { id }),
      description: t('Read from Stripe again and the mirror updated; nothing is charged.'),
      done: t('Subscription {{id}} read from Stripe', { id }),
    },
  };
  const shown = acting ? modal[acting.action] : null;

  return (
    <>
      <DocumentTitle title={t('Stripe subscriptions')} />
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t('Stripe subscriptions')}
      </Typography.Title>
      <ServerListView<StripeSubscriptionRow>
        list={list}
        filterConfig={filterConfig}
        searchPlaceholder={t('Search subscription, customer, team or plan')}
        columnDefs={columns}
        columnSettings={{ route: ROUTE }}
        getRowId={(subscription) => subscription.id}
      />
      <SubscriptionDrawer subscription={open} onClose={() => setOpen(null)} onAction={startAction} />
      <ReasonModal<ReasonValues>
        open={acting !== null}
        title={shown?.title ?? ''}
        okText={acting ? stripeSubscriptionActionLabel(acting.action, t) : ''}
        danger={acting?.action === 'cancel_at_period_end'}
        description={
          shown ? (
            <Alert
              type={acting?.action === 'cancel_at_period_end' ? 'warning' : 'info'}
              showIcon
              title={shown.description}
            />
          ) : null
        }
        onSubmit={async ({ reason }) => {
          if (!acting || !shown) return;
          await act.mutateAsync({ id: acting.subscription.id, action: acting.action, reason });
          void message.success(shown.done);
        }}
        onClose={() => setActing(null)}
      />
    </>
  );
}
