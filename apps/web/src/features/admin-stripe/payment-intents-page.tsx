import {
  STRIPE_INTENT_STATUSES,
  stripePaymentIntentListFields,
} from '@app/contract/billing/stripe-payment-intents';
import type { FilterableField } from '@app/contract/list';
import { Button } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../lib/format';
import { planNameLabel } from '../../lib/labels/seeded-labels';
import type { Translate } from '../../lib/labels/translate';
import {
  ORDER_NUMBER_SHAPE,
  stripeIntentStatusColor,
  stripeIntentStatusLabel,
} from '../../widgets/billing-labels/billing-labels';
import type { GridColDef } from '../../widgets/data-grid/column-widths';
import type { FilterFieldConfig } from '../../widgets/filter-drawer/filter-types';
import type { MirrorActions } from './mirror-actions';
import { checkListFilter, statusColumn, teamColumn, timeColumn } from './mirror-columns';
import { OrderLink } from './mirror-facts';
import { MirrorListPage } from './mirror-list';
import { cardText, PaymentIntentDrawer, type StripeIntentAction } from './payment-intent-drawer';
import {
  fetchStripeIntents,
  type StripeIntent,
  stripeIntentsKey,
  useRefreshStripeIntent,
  useSyncStripeIntents,
} from './payment-intents-api';
import { ReasonAction } from './reason-action';

const ROUTE = '/admin/stripe/payment-indent';

type Filters = Partial<Record<FilterableField<typeof stripePaymentIntentListFields>, FilterFieldConfig>>;

/** Read the intent from Stripe again. */
function intentActions(t: Translate): MirrorActions<StripeIntent, StripeIntentAction> {
  return {
    open: {
      label: t('Events'),
      ariaLabel: (intent) => t('Events of payment intent {{id}}', { id: intent.id }),
    },
    offered: () => ['refresh'],
    widest: ['refresh'],
    label: () => t('Refresh'),
    ariaLabel: (intent) => t('Refresh payment intent {{id}}', { id: intent.id }),
    dangerous: [],
    confirm: (intent) => ({
      title: t('Refresh payment intent {{id}} from Stripe?', { id: intent.id }),
      description: t(
        'The intent is read from Stripe again and the mirror updated. Nothing is paid or refunded.',
      ),
    }),
  };
}

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
      status: checkListFilter(t('Status'), STRIPE_INTENT_STATUSES, (status) =>
        stripeIntentStatusLabel(status, t),
      ),
      creation_time: { alias: t('Created at Stripe'), type: 'range' },
      synced_time: { alias: t('Last synced'), type: 'range' },
    }),
    [t],
  );
  const actions = useMemo(() => intentActions(t), [t]);
  const refresh = useRefreshStripeIntent();
  const [syncing, setSyncing] = useState(false);
  const sync = useSyncStripeIntents();

  const columns = useMemo(
    (): GridColDef<StripeIntent>[] => [
      timeColumn('creation_time', t('Date')),
      {
        field: 'amount',
        headerName: t('Amount'),
        kind: 'money',
        type: 'numericColumn',
        valueFormatter: ({ data }) => (data ? formatMoney(data.amount, data.currency) : ''),
      },
      { field: 'currency', headerName: t('Currency'), kind: 'code', samples: ['USD'] },
      statusColumn(t, {
        field: 'status',
        values: STRIPE_INTENT_STATUSES,
        label: stripeIntentStatusLabel,
        color: stripeIntentStatusColor,
      }),
      teamColumn(t),
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
          data?.order_id ? <OrderLink id={data.order_id} name={data.order_num} /> : null,
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
      timeColumn('synced_time', t('Last synced')),
      { field: 'id', colId: 'intent_id', headerName: t('Payment intent'), kind: 'code' },
    ],
    [t],
  );

  return (
    <MirrorListPage
      title={t('Payment intents')}
      route={ROUTE}
      queryKey={[...stripeIntentsKey, 'list']}
      fetch={fetchStripeIntents}
      fields={stripePaymentIntentListFields}
      filterConfig={filterConfig}
      searchPlaceholder={t('Search payment intent, order number, team or plan')}
      columns={columns}
      actions={actions}
      act={(intent, _action, reason) => refresh.mutateAsync({ id: intent.id, reason })}
      drawer={PaymentIntentDrawer}
      toolbar={<Button onClick={() => setSyncing(true)}>{t('Refresh from Stripe')}</Button>}
    >
      <ReasonAction
        action={
          syncing
            ? {
                title: t("Read Stripe's payment intents into the mirror?"),
                okText: t('Refresh'),
                description: t(
                  "Stripe's payment intents are read again, newest first (up to 1,000), and the mirror updated, those no webhook brought too. Nothing is paid or refunded.",
                ),
              }
            : null
        }
        onSubmit={async (reason) => {
          const done = await sync.mutateAsync({ reason });
          return done.more
            ? t('{{count}} payment intents read from Stripe; older ones were not read', {
                count: done.synced,
                defaultValue_one: '{{count}} payment intent read from Stripe; older ones were not read',
              })
            : t('{{count}} payment intents read from Stripe', {
                count: done.synced,
                defaultValue_one: '{{count}} payment intent read from Stripe',
              });
        }}
        onClose={() => setSyncing(false)}
      />
    </MirrorListPage>
  );
}
