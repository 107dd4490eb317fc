import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Drawer, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate, formatMoney } from '../../lib/format';
import { planNameLabel } from '../../lib/labels/seeded-labels';
import {
  notificationOutcomeLabel,
  stripeIntentStatusColor,
  stripeIntentStatusLabel,
} from '../../widgets/billing-labels/billing-labels';
import { type StripeIntent, type StripeIntentDetails, stripeIntentQuery } from './payment-intents-api';

type IntentEvent = StripeIntentDetails['events'][number];

/** The card as Stripe names it: `visa •••• 4242`. */
export function cardText(intent: Pick<StripeIntent, 'card_brand' | 'card_last4'>): string {
  if (!intent.card_brand && !intent.card_last4) return '';
  return [intent.card_brand ?? '', intent.card_last4 ? `•••• ${intent.card_last4}` : ''].join(' ').trim();
}

/**
 * One intent as the mirror holds it, and every event received for it (or for its Checkout
 * Session), oldest first, each with what it did: what the payments handler made of it and, for
 * the intent's own events, what Stripe said of the intent when it was read back.
 */
export function PaymentIntentDrawer({
  intent,
  onClose,
  onRefresh,
}: {
  intent: StripeIntent | null;
  onClose: () => void;
  onRefresh: (intent: StripeIntent) => void;
}) {
  const { t } = useTranslation();
  const details = useQuery({ ...stripeIntentQuery(intent?.id ?? ''), enabled: intent !== null });
  const shown = details.data?.intent ?? intent;
  const did = (event: IntentEvent) => {
    const outcome = notificationOutcomeLabel(event.outcome, t);
    if (!event.synced) return outcome;
    return t('{{outcome}}; read back: {{status}}, received {{received}}, refunded {{refunded}}', {
      outcome,
      status: stripeIntentStatusLabel(event.synced.status, t),
      received: formatMoney(event.synced.amount_received, shown?.currency),
      refunded: formatMoney(event.synced.amount_refunded, shown?.currency),
    });
  };
  return (
    <Drawer
      open={intent !== null}
      onClose={onClose}
      title={t('Payment intent {{id}}', { id: intent?.id ?? '' })}
      size="min(820px, 92vw)"
      extra={shown ? <Button onClick={() => onRefresh(shown)}>{t('Refresh from Stripe')}</Button> : null}
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
                label: t('Payment intent'),
                children: <Typography.Text copyable>{shown.id}</Typography.Text>,
              },
              {
                key: 'status',
                label: t('Status'),
                children: (
                  <Tag color={stripeIntentStatusColor(shown.status)}>
                    {stripeIntentStatusLabel(shown.status, t)}
                  </Tag>
                ),
              },
              { key: 'amount', label: t('Amount'), children: formatMoney(shown.amount, shown.currency) },
              {
                key: 'received',
                label: t('Received'),
                children: formatMoney(shown.amount_received, shown.currency),
              },
              {
                key: 'refunded',
                label: t('Refunded'),
                children: formatMoney(shown.amount_refunded, shown.currency),
              },
              { key: 'card', label: t('Card'), children: cardText(shown) },
              {
                key: 'order',
                label: t('Order'),
                children: shown.order_id ? (
                  <Link to={`/admin/order/details?${new URLSearchParams({ id: shown.order_id })}`}>
                    {shown.order_num ?? shown.order_id}
                  </Link>
                ) : (
                  <Typography.Text type="secondary">{t('Not one of our orders')}</Typography.Text>
                ),
              },
              { key: 'team', label: t('Team'), children: shown.team?.name ?? '' },
              {
                key: 'plan',
                label: t('Plan'),
                children: shown.plan_name ? planNameLabel(shown.plan_name, t) : '',
              },
              { key: 'created', label: t('Created at Stripe'), children: formatDate(shown.creation_time) },
              { key: 'synced', label: t('Last synced'), children: formatDate(shown.synced_time) },
            ]}
          />
          {shown.failure_code || shown.failure_message ? (
            <Alert
              style={{ marginTop: 16 }}
              type="error"
              showIcon
              title={t('Last payment failure: {{code}}', { code: shown.failure_code ?? '-' })}
              description={shown.failure_message ?? undefined}
            />
          ) : null}
          <Typography.Title level={5} style={{ marginTop: 20 }}>
            {t('Events received')}
          </Typography.Title>
          <Table<IntentEvent>
            size="small"
            rowKey="id"
            loading={details.isLoading}
            pagination={false}
            dataSource={details.data?.events ?? []}
            locale={{ emptyText: t('No event was received for this payment intent.') }}
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
              { key: 'did', title: t('What it did'), render: (_, event) => did(event) },
              { key: 'detail', title: t('Detail'), render: (_, event) => event.detail ?? '' },
            ]}
          />
        </>
      ) : null}
    </Drawer>
  );
}
