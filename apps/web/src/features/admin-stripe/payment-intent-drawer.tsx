import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Drawer, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../lib/format';
import { planNameLabel } from '../../lib/labels/seeded-labels';
import {
  notificationOutcomeLabel,
  stripeIntentStatusColor,
  stripeIntentStatusLabel,
} from '../../widgets/billing-labels/billing-labels';
import type { MirrorDrawerProps } from './mirror-actions';
import { MirrorEvents } from './mirror-events';
import { CopyableId, MirrorFacts, OurOrder } from './mirror-facts';
import { type StripeIntent, type StripeIntentDetails, stripeIntentQuery } from './payment-intents-api';

type IntentEvent = StripeIntentDetails['events'][number];

/** An intent's one action: read it from Stripe again. */
export type StripeIntentAction = 'refresh';

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
  row: intent,
  onClose,
  onAction,
}: MirrorDrawerProps<StripeIntent, StripeIntentAction>) {
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
      extra={
        shown ? <Button onClick={() => onAction(shown, 'refresh')}>{t('Refresh from Stripe')}</Button> : null
      }
    >
      {shown ? (
        <>
          <MirrorFacts
            times={shown}
            items={[
              { key: 'id', label: t('Payment intent'), children: <CopyableId id={shown.id} /> },
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
                children: <OurOrder id={shown.order_id} name={shown.order_num} />,
              },
              { key: 'team', label: t('Team'), children: shown.team?.name ?? '' },
              {
                key: 'plan',
                label: t('Plan'),
                children: shown.plan_name ? planNameLabel(shown.plan_name, t) : '',
              },
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
          <MirrorEvents<IntentEvent>
            events={details.data?.events ?? []}
            loading={details.isLoading}
            emptyText={t('No event was received for this payment intent.')}
            did={did}
          />
        </>
      ) : null}
    </Drawer>
  );
}
