import { useQuery } from '@tanstack/react-query';
import { Drawer, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDate, formatMoney } from '../../lib/format';
import { planNameLabel } from '../../lib/labels/seeded-labels';
import type { Translate } from '../../lib/labels/translate';
import {
  perStripeIntervalLabel,
  stripeInvoiceStatusColor,
  stripeInvoiceStatusLabel,
  stripeSubscriptionStatusColor,
  stripeSubscriptionStatusLabel,
} from '../../widgets/billing-labels/billing-labels';
import { DrawerActions, type MirrorDrawerProps } from './mirror-actions';
import { MirrorEvents } from './mirror-events';
import { CopyableId, MirrorFacts, OrderLink, OurOrder, ScheduleLink } from './mirror-facts';
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
export function offeredSubscriptionActions(subscription: StripeSubscriptionRow): StripeSubscriptionAction[] {
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

/**
 * One subscription as the mirror holds it, and every event received about it (its own and its
 * invoices'), oldest first, each with what the payments handler made of it and the renewal order
 * it paid, if any.
 */
export function SubscriptionDrawer({
  row: subscription,
  actions,
  onClose,
  onAction,
}: MirrorDrawerProps<StripeSubscriptionRow, StripeSubscriptionAction>) {
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
      extra={shown ? <DrawerActions row={shown} actions={actions} onAction={onAction} /> : null}
    >
      {shown ? (
        <>
          <MirrorFacts
            times={shown}
            items={[
              { key: 'id', label: t('Subscription'), children: <CopyableId id={shown.id} /> },
              { key: 'customer', label: t('Customer'), children: <CopyableId id={shown.customer_id} /> },
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
              { key: 'order', label: t('Order'), children: <OurOrder id={shown.order_id} /> },
            ]}
          />
          <MirrorEvents<SubscriptionEvent>
            events={details.data?.events ?? []}
            loading={details.isLoading}
            emptyText={t('No event was received for this subscription.')}
            extraColumns={[
              {
                key: 'order',
                title: t('Order'),
                render: (_, event) => (event.order_id ? <OrderLink id={event.order_id} /> : ''),
              },
            ]}
          />
        </>
      ) : null}
    </Drawer>
  );
}
