import { useQuery } from '@tanstack/react-query';
import { Button, Descriptions, Drawer, Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate, formatMoney } from '../../lib/format';
import { planNameLabel } from '../../lib/labels/seeded-labels';
import type { Translate } from '../../lib/labels/translate';
import {
  notificationOutcomeLabel,
  perStripeIntervalLabel,
  stripeInvoiceStatusColor,
  stripeInvoiceStatusLabel,
  stripeSubscriptionActionLabel,
  stripeSubscriptionStatusColor,
  stripeSubscriptionStatusLabel,
} from '../../widgets/billing-labels/billing-labels';
import {
  type StripeSubscriptionAction,
  type StripeSubscriptionDetails,
  type StripeSubscriptionRow,
  stripeSubscriptionQuery,
} from './subscriptions-api';

type SubscriptionEvent = StripeSubscriptionDetails['events'][number];

/** Stripe refuses to change a subscription that is over: it can only be read again. */
const ENDED = new Set(['canceled', 'incomplete_expired']);

/** The actions a subscription offers: cancel at period end or resume (whichever applies), and sync. */
export function subscriptionActions(subscription: StripeSubscriptionRow): StripeSubscriptionAction[] {
  if (ENDED.has(subscription.status)) return ['sync'];
  return [subscription.cancel_at_period_end ? 'resume' : 'cancel_at_period_end', 'sync'];
}

/** `$19.90 / month`, `¥99.00 / 3 months`. */
export function amountText(subscription: StripeSubscriptionRow, t: Translate): string {
  return `${formatMoney(subscription.amount, subscription.currency)} ${perStripeIntervalLabel(
    subscription.interval_count,
    subscription.interval,
    t,
  )}`;
}

/** The current period, start – end. */
export function periodText(subscription: StripeSubscriptionRow): string {
  return `${formatDate(subscription.current_period_start)} – ${formatDate(subscription.current_period_end)}`;
}

/** Whether it renews at the period's end, or when it ends (or ended). */
export function renewalText(subscription: StripeSubscriptionRow, t: Translate): string {
  if (ENDED.has(subscription.status)) {
    const ended = subscription.ended_at ?? subscription.canceled_at;
    return ended ? t('Ended on {{date}}', { date: formatDate(ended) }) : t('Ended');
  }
  if (subscription.cancel_at_period_end)
    return t('Ends on {{date}}', {
      date: formatDate(subscription.cancel_at ?? subscription.current_period_end),
    });
  return t('Renews on {{date}}', { date: formatDate(subscription.current_period_end) });
}

/** The latest invoice: its number (linked to Stripe's page of it), status and what was paid of it. */
export function LatestInvoice({ subscription }: { subscription: StripeSubscriptionRow }) {
  const { t } = useTranslation();
  const invoice = subscription.latest_invoice;
  if (!invoice) return null;
  const name = invoice.number ?? invoice.id;
  return (
    <Space size={4}>
      {invoice.url ? (
        <a href={invoice.url} target="_blank" rel="noopener noreferrer">
          {name}
        </a>
      ) : (
        <span>{name}</span>
      )}
      {invoice.status ? (
        <Tag color={stripeInvoiceStatusColor(invoice.status)}>
          {stripeInvoiceStatusLabel(invoice.status, t)}
        </Tag>
      ) : null}
      <span>
        {t('{{paid}} paid of {{due}}', {
          paid: formatMoney(invoice.amount_paid, subscription.currency),
          due: formatMoney(invoice.amount_due, subscription.currency),
        })}
      </span>
    </Space>
  );
}

/** The subscription's schedule on `/admin/stripe/schedule`, found by its id. */
export function ScheduleLink({ id }: { id: string | null }) {
  if (!id) return null;
  return <Link to={`/admin/stripe/schedule?${new URLSearchParams({ q: id })}`}>{id}</Link>;
}

function orderLink(orderId: string) {
  return <Link to={`/admin/order/details?${new URLSearchParams({ id: orderId })}`}>{orderId}</Link>;
}

/**
 * One subscription as the mirror holds it, and every event received about it (its own and its
 * invoices'), oldest first, each with what the payments handler made of it and the renewal order
 * it paid, if any.
 */
export function SubscriptionDrawer({
  subscription,
  onClose,
  onAction,
}: {
  subscription: StripeSubscriptionRow | null;
  onClose: () => void;
  onAction: (subscription: StripeSubscriptionRow, action: StripeSubscriptionAction) => void;
}) {
  const { t } = useTranslation();
  const details = useQuery({
    ...stripeSubscriptionQuery(subscription?.id ?? ''),
    enabled: subscription !== null,
  });
  const shown = details.data?.subscription ?? subscription;
  return (
    <Drawer
      open={subscription !== null}
      onClose={onClose}
      title={t('Subscription {{id}}', { id: subscription?.id ?? '' })}
      size="min(820px, 92vw)"
      extra={
        shown ? (
          <Space>
            {subscriptionActions(shown).map((action) => (
              <Button key={action} onClick={() => onAction(shown, action)}>
                {stripeSubscriptionActionLabel(action, t)}
              </Button>
            ))}
          </Space>
        ) : null
      }
    >
      {shown ? (
        <>
          <Descriptions
            size="small"
            column={1}
            bordered
            items={[
              {
                key: 'id',
                label: t('Subscription'),
                children: <Typography.Text copyable>{shown.id}</Typography.Text>,
              },
              {
                key: 'customer',
                label: t('Customer'),
                children: <Typography.Text copyable>{shown.customer_id}</Typography.Text>,
              },
              {
                key: 'status',
                label: t('Status'),
                children: (
                  <Tag color={stripeSubscriptionStatusColor(shown.status)}>
                    {stripeSubscriptionStatusLabel(shown.status, t)}
                  </Tag>
                ),
              },
              { key: 'amount', label: t('Amount'), children: amountText(shown, t) },
              { key: 'period', label: t('Current period'), children: periodText(shown) },
              { key: 'renewal', label: t('Renewal'), children: renewalText(shown, t) },
              {
                key: 'invoice',
                label: t('Latest invoice'),
                children: <LatestInvoice subscription={shown} />,
              },
              { key: 'card', label: t('Default card'), children: shown.default_payment_method ?? '' },
              {
                key: 'pending',
                label: t('Pending update'),
                children: shown.pending_update ? t('Yes') : t('No'),
              },
              {
                key: 'schedule',
                label: t('Schedule'),
                children: <ScheduleLink id={shown.schedule_id} />,
              },
              { key: 'team', label: t('Team'), children: shown.team?.name ?? '' },
              {
                key: 'plan',
                label: t('Plan'),
                children: shown.plan ? planNameLabel(shown.plan.name, t) : '',
              },
              {
                key: 'order',
                label: t('Order'),
                children: shown.order_id ? (
                  orderLink(shown.order_id)
                ) : (
                  <Typography.Text type="secondary">{t('Not one of our orders')}</Typography.Text>
                ),
              },
              { key: 'created', label: t('Created at Stripe'), children: formatDate(shown.creation_time) },
              { key: 'synced', label: t('Last synced'), children: formatDate(shown.synced_time) },
            ]}
          />
          <Typography.Title level={5} style={{ marginTop: 20 }}>
            {t('Events received')}
          </Typography.Title>
          <Table<SubscriptionEvent>
            size="small"
            rowKey="id"
            loading={details.isLoading}
            pagination={false}
            dataSource={details.data?.events ?? []}
            locale={{ emptyText: t('No event was received for this subscription.') }}
            columns={[
              {
                key: 'time',
                title: t('Received'),
                width: 170,
                render: (_, event) => formatDate(event.creation_time),
              },
              {
                key: 'type',
                title: t('Event'),
                render: (_, event) => <Typography.Text code>{event.type || event.event_id}</Typography.Text>,
              },
              {
                key: 'did',
                title: t('What it did'),
                render: (_, event) => notificationOutcomeLabel(event.outcome, t),
              },
              { key: 'detail', title: t('Detail'), render: (_, event) => event.detail ?? '' },
              {
                key: 'order',
                title: t('Order'),
                render: (_, event) => (event.order_id ? orderLink(event.order_id) : ''),
              },
            ]}
          />
        </>
      ) : null}
    </Drawer>
  );
}
