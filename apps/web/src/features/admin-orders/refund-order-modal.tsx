import { Alert, App, Form, InputNumber } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { amountToCents, centsToAmount, formatMoney } from '../../lib/format';
import { paymentMethodLabel } from '../../widgets/billing-labels/billing-labels';
import { ReasonModal, type ReasonValues } from '../../widgets/reason-modal/reason-modal';
import { type AdminOrder, useRefundOrder } from './orders-api';

interface RefundValues extends ReasonValues {
  /** In the order's currency units (`12.34`); sent as cents. */
  amount: number;
}

/**
 * The server's rule (`creditsFor`): a refund's credits are the order's in proportion to what has
 * been refunded in all, rounded down, all of them once everything is; a refund takes the
 * difference before and after it.
 */
export function creditsShare(
  order: Pick<AdminOrder, 'credits' | 'pay_amount'>,
  before: number,
  amount: number,
) {
  const upTo = (refunded: number) =>
    order.pay_amount <= 0 || refunded >= order.pay_amount
      ? order.credits
      : Math.floor((order.credits * refunded) / order.pay_amount);
  return upTo(before + amount) - upTo(before);
}

/**
 * Refunds a paid order, all that is left or a part, after saying what follows: the money goes back
 * through the provider (pending until it confirms), the order's credits are taken back in
 * proportion as far as the team still has them, and once everything is refunded the subscription
 * it paid for is cut back (to the free plan when it is the current one). One request id per
 * opening: a retried click is the same refund.
 */
export function RefundOrderModal({
  order,
  refundable,
  open,
  onClose,
}: {
  order: AdminOrder;
  /** Cents still refundable (paid, less succeeded and pending refunds). */
  refundable: number;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const refund = useRefundOrder(order.id);
  const [cents, setCents] = useState(refundable);
  // A new key each time the dialog opens; the same for every retry while it is open.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `open` is what renews the key.
  const requestId = useMemo(() => crypto.randomUUID(), [open]);
  const before = order.pay_amount - refundable;
  const whole = before + cents >= order.pay_amount;
  const amount = formatMoney(cents, order.currency);
  const credits = creditsShare(order, before, cents);
  const nothingPaid = order.pay_amount === 0;

  return (
    <ReasonModal<RefundValues>
      open={open}
      danger
      title={t('Refund order {{number}}?', { number: order.order_num })}
      okText={t('Refund {{amount}}', { amount })}
      initialValues={{ amount: centsToAmount(refundable) }}
      onValuesChange={(_, all) => setCents(amountToCents(all.amount ?? 0))}
      description={
        <Alert
          type="warning"
          showIcon
          title={t('{{amount}} goes back to the payer through {{method}}.', {
            amount,
            method: order.method ? paymentMethodLabel(order.method, t) : t('the provider'),
          })}
          description={
            <ul style={{ margin: 0, paddingInlineStart: 18 }}>
              <li>
                {t(
                  'The {{count}} credits this refund stands for are taken back, as far as the team still has them.',
                  {
                    count: credits,
                    defaultValue_one:
                      'The {{count}} credit this refund stands for is taken back, if the team still has it.',
                  },
                )}
              </li>
              <li>
                {whole
                  ? t(
                      'The subscription it paid for is cut back: to the free plan when it is the current one.',
                    )
                  : t('A part refund: the subscription it paid for goes on.')}
              </li>
              <li>{t('The refund is pending until the provider confirms it. This cannot be undone.')}</li>
            </ul>
          }
        />
      }
      onSubmit={async ({ reason }) => {
        // Nothing was paid (a free order): no amount to ask; the refund undoes the order.
        const result = await refund.mutateAsync({
          reason,
          amount: nothingPaid ? undefined : cents,
          request_id: requestId,
        });
        const made = result.refund;
        const refunded = formatMoney(made.amount, made.currency);
        if (made.status === 'failed') {
          void message.error(
            t('The provider refused refund {{number}}: {{reason}}', {
              number: made.refund_no,
              reason: made.failure ?? '',
            }),
          );
        } else if (made.status === 'pending') {
          void message.info(
            t('Refund {{number}} of {{amount}} is pending: the provider has not confirmed it yet', {
              number: made.refund_no,
              amount: refunded,
            }),
          );
        } else {
          void message.success(
            t('Refunded {{amount}}; {{count}} credits reversed', {
              amount: refunded,
              count: made.credits_reversed,
              defaultValue_one: 'Refunded {{amount}}; {{count}} credit reversed',
            }),
          );
        }
      }}
      onClose={onClose}
    >
      <Form.Item
        hidden={nothingPaid}
        name="amount"
        label={t('Amount to refund')}
        extra={t('At most {{amount}}', { amount: formatMoney(refundable, order.currency) })}
        rules={[
          { required: !nothingPaid, message: t('Enter an amount') },
          {
            type: 'number',
            min: nothingPaid ? 0 : 0.01,
            max: centsToAmount(refundable),
            message: t('Between 0.01 and {{amount}}', { amount: formatMoney(refundable, order.currency) }),
          },
        ]}
      >
        <InputNumber min={0.01} precision={2} step={1} style={{ width: '100%' }} />
      </Form.Item>
    </ReasonModal>
  );
}
