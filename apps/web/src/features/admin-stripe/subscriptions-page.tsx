import {
  STRIPE_SUBSCRIPTION_STATUSES,
  stripeSubscriptionListFields,
} from '@app/contract/billing/stripe-subscriptions';
import type { FilterableField } from '@app/contract/list';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../lib/format';
import { planNameLabel } from '../../lib/labels/seeded-labels';
import type { Translate } from '../../lib/labels/translate';
import {
  stripeSubscriptionActionLabel,
  stripeSubscriptionStatusColor,
  stripeSubscriptionStatusLabel,
} from '../../widgets/billing-labels/billing-labels';
import type { GridColDef } from '../../widgets/data-grid/column-widths';
import type { FilterFieldConfig } from '../../widgets/filter-drawer/filter-types';
import type { MirrorActions } from './mirror-actions';
import { checkListFilter, statusColumn, teamColumn, timeColumn } from './mirror-columns';
import { ScheduleLink } from './mirror-facts';
import { MirrorListPage } from './mirror-list';
import {
  amountText,
  LatestInvoice,
  offeredSubscriptionActions,
  periodText,
  renewalText,
  SubscriptionDrawer,
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

/** End at the period's end or resume (with the card charged then), or read again from Stripe. */
function subscriptionActions(t: Translate): MirrorActions<StripeSubscriptionRow, StripeSubscriptionAction> {
  return {
    open: {
      label: t('Events'),
      ariaLabel: (subscription) => t('Events of subscription {{id}}', { id: subscription.id }),
    },
    offered: offeredSubscriptionActions,
    widest: ['cancel_at_period_end', 'sync'],
    label: (action) => stripeSubscriptionActionLabel(action, t),
    ariaLabel: (subscription, action) =>
      t('{{action}} subscription {{id}}', {
        action: stripeSubscriptionActionLabel(action, t),
        id: subscription.id,
      }),
    dangerous: ['cancel_at_period_end'],
    confirm: (subscription, action) => {
      const id = subscription.id;
      const date = formatDate(subscription.current_period_end);
      const texts: Record<StripeSubscriptionAction, { title: string; description: string; done: string }> = {
        cancel_at_period_end: {
          title: t('Cancel subscription {{id}} at the end of its period?', { id }),
          description: t(
            'It renews no more; the period already paid is kept, and the subscription ends on {{date}}.',
            { date },
          ),
          done: t('Subscription {{id}}: it ends at the end of its period', { id }),
        },
        resume: {
          title: t('Resume subscription {{id}}?', { id }),
          description: t("It renews again at the period's end ({{date}}) and Stripe charges the card then.", {
            date,
          }),
          done: t('Subscription {{id}}: it renews again', { id }),
        },
        sync: {
          title: t('Sync subscription {{id}} from Stripe?', { id }),
          description: t('Read from Stripe again and the mirror updated; nothing is charged.'),
          done: t('Subscription {{id}} read from Stripe', { id }),
        },
      };
      return texts[action];
    },
  };
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
      status: checkListFilter(t('Status'), STRIPE_SUBSCRIPTION_STATUSES, (status) =>
        stripeSubscriptionStatusLabel(status, t),
      ),
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
  const actions = useMemo(() => subscriptionActions(t), [t]);
  const act = useActOnStripeSubscription();

  const columns = useMemo(
    (): GridColDef<StripeSubscriptionRow>[] => [
      timeColumn('creation_time', t('Created')),
      teamColumn(t),
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
      statusColumn(t, {
        field: 'status',
        values: STRIPE_SUBSCRIPTION_STATUSES,
        label: stripeSubscriptionStatusLabel,
        color: stripeSubscriptionStatusColor,
      }),
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
      timeColumn('synced_time', t('Last synced')),
      { field: 'id', colId: 'subscription_id', headerName: t('Subscription'), kind: 'code' },
    ],
    [t],
  );

  return (
    <MirrorListPage
      title={t('Stripe subscriptions')}
      route={ROUTE}
      queryKey={[...stripeSubscriptionsKey, 'list']}
      fetch={fetchStripeSubscriptions}
      fields={stripeSubscriptionListFields}
      filterConfig={filterConfig}
      searchPlaceholder={t('Search subscription, customer, team or plan')}
      columns={columns}
      actions={actions}
      act={(subscription, action, reason) => act.mutateAsync({ id: subscription.id, action, reason })}
      drawer={SubscriptionDrawer}
    />
  );
}
