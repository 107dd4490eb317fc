import { Descriptions, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate, formatMoney } from '../../lib/format';
import { planNameLabel } from '../../lib/labels/seeded-labels';
import { orderTermLabel } from '../billing-labels/billing-labels';
import type { BillAnswer } from './payment-api';
import { orderDetailsPath, type PaymentDevice } from './payment-device';

type Order = NonNullable<BillAnswer['order']>;

interface PaymentSummaryProps {
  bill: BillAnswer['bill'];
  order: Order;
  device: PaymentDevice;
  /** Called when the details link is followed (a dialog closes itself). */
  onLeave?: () => void;
}

/**
 * Spec section 2, the payment dialog: order number with a link to its details, plan name with
 * validity and unit, date, price and the payable amount (cents shown divided by 100 with the
 * currency symbol, spec section 9).
 */
export function PaymentSummary({ bill, order, device, onLeave }: PaymentSummaryProps) {
  const { t } = useTranslation();
  const items = [
    {
      key: 'order',
      label: t('Order number'),
      children: (
        <span>
          <Typography.Text copyable>{order.order_num}</Typography.Text>{' '}
          <Link to={orderDetailsPath(order.id, device)} onClick={onLeave}>
            {t('Details')}
          </Link>
        </span>
      ),
    },
    {
      key: 'plan',
      label: t('Plan'),
      children: `${planNameLabel(order.plan_name, t)} · ${orderTermLabel(order, t)}`,
    },
    { key: 'date', label: t('Date'), children: formatDate(order.creation_time) },
    { key: 'price', label: t('Price'), children: formatMoney(order.price, order.currency) },
    ...(order.proration_credit > 0
      ? [
          {
            key: 'credit',
            label: t('Unused part of your current plan'),
            children: formatMoney(-order.proration_credit, order.currency),
          },
        ]
      : []),
    {
      key: 'pay',
      label: t('Payable amount'),
      children: (
        <Typography.Text strong style={{ fontSize: 18 }}>
          {formatMoney(bill.pay_amount, bill.currency)}
        </Typography.Text>
      ),
    },
  ];
  return <Descriptions size="small" column={1} bordered items={items} />;
}
