import { Alert, App } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../lib/format';
import { paymentMethodLabel } from '../../widgets/billing-labels/billing-labels';
import { ReasonModal, type ReasonValues } from '../../widgets/reason-modal/reason-modal';
import { type AdminOrder, useRefundOrder } from './orders-api';

/**
 * Refunds a paid order in full, after saying what follows: the money goes back through the
 * provider, the credits the order granted are taken back as far as the team still has them, and the
 * subscription it paid for is cut back (to the free plan when it is the current one).
 */
export function RefundOrderModal({
  order,
  open,
  onClose,
}: {
  order: AdminOrder;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const refund = useRefundOrder(order.id);
  const amount = formatMoney(order.pay_amount, order.currency);

  return (
    <ReasonModal<ReasonValues>
      open={open}
      danger
      title={t('Refund order {{number}}?', { number: order.order_num })}
      okText={t('Refund {{amount}}', { amount })}
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
                  'The {{count}} credits this order granted are taken back, as far as the team still has them.',
                  {
                    count: order.credits,
                    defaultValue_one:
                      'The {{count}} credit this order granted is taken back, if the team still has it.',
                  },
                )}
              </li>
              <li>
                {t('The subscription it paid for is cut back: to the free plan when it is the current one.')}
              </li>
              <li>{t('This cannot be undone.')}</li>
            </ul>
          }
        />
      }
      onSubmit={async ({ reason }) => {
        const result = await refund.mutateAsync(reason);
        void message.success(
          t('Refunded {{amount}}; {{count}} credits reversed', {
            amount: formatMoney(result.refund.amount, result.refund.currency),
            count: result.refund.credits_reversed,
            defaultValue_one: 'Refunded {{amount}}; {{count}} credit reversed',
          }),
        );
      }}
      onClose={onClose}
    />
  );
}
