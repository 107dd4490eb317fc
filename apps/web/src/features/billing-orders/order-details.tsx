import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Descriptions, Flex, Popconfirm, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DATE_FORMATS, formatCompactNumber, formatDate, formatMoney } from '../../lib/format';
import { planNameLabel } from '../../lib/labels/seeded-labels';
import {
  orderKindLabel,
  orderTermLabel,
  paymentMethodLabel,
} from '../../widgets/billing-labels/billing-labels';
import { StatusTag } from '../../widgets/billing-labels/status-tag';
import { useServerErrors } from '../../widgets/form-errors/use-server-errors';
import type { PaymentDevice } from '../../widgets/payment-dialog/payment-device';
import { PaymentDialog } from '../../widgets/payment-dialog/payment-dialog';
import { dropOrder, type OrderDetails, ordersKey } from './orders-api';

interface OrderDetailsViewProps {
  details: OrderDetails;
  /** Tests pass a device; the dialog reads it from the user agent otherwise. */
  device?: PaymentDevice;
}

/** One order: what was bought and for how much, its bill, its payments and its invoice. */
export function OrderDetailsView({ details, device }: OrderDetailsViewProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const showError = useServerErrors(null);
  const [paying, setPaying] = useState<string | null>(null);
  const { order, bill, payments, invoice } = details;
  const cancel = useMutation({
    mutationFn: () => dropOrder(order.id),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ordersKey }),
    onError: showError,
  });
  const payable = order.status === 'unpaid' && bill?.status === 'unpaid';
  const date = (seconds: number | null) => (seconds ? formatDate(seconds) : '—');

  return (
    <Flex vertical gap={16}>
      <Card
        title={
          <Flex gap={8} align="center" wrap>
            <span>{t('Order {{order}}', { order: order.order_num })}</span>
            <StatusTag kind="order" status={order.status} />
          </Flex>
        }
        extra={
          payable ? (
            <Flex gap={8}>
              <Popconfirm
                title={t('Cancel this order?')}
                description={t('Its bill can no longer be paid.')}
                okText={t('Cancel order')}
                cancelText={t('Keep it')}
                onConfirm={() => cancel.mutateAsync().catch(() => undefined)}
              >
                <Button loading={cancel.isPending}>{t('Cancel order')}</Button>
              </Popconfirm>
              <Button type="primary" onClick={() => bill && setPaying(bill.id)}>
                {t('Pay now')}
              </Button>
            </Flex>
          ) : null
        }
      >
        <Descriptions
          size="small"
          column={{ xs: 1, md: 2 }}
          items={[
            {
              key: 'plan',
              label: t('Plan'),
              children: `${planNameLabel(order.plan_name, t)} · ${orderTermLabel(order, t)}`,
            },
            { key: 'kind', label: t('Type'), children: orderKindLabel(order.kind, t) },
            { key: 'created', label: t('Created'), children: formatDate(order.creation_time) },
            { key: 'paid', label: t('Paid'), children: date(order.paid_time) },
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
                <Typography.Text strong>{formatMoney(order.pay_amount, order.currency)}</Typography.Text>
              ),
            },
            { key: 'credits', label: t('Credits'), children: formatCompactNumber(order.credits) },
            ...(order.starts_time
              ? [
                  {
                    key: 'starts',
                    label: t('Starts'),
                    children: formatDate(order.starts_time, DATE_FORMATS.date),
                  },
                ]
              : []),
            ...(order.refunded_time
              ? [{ key: 'refunded', label: t('Refunded'), children: formatDate(order.refunded_time) }]
              : []),
          ]}
        />
      </Card>

      {bill ? (
        <Card title={t('Bill')} size="small">
          <Descriptions
            size="small"
            column={{ xs: 1, md: 2 }}
            items={[
              { key: 'status', label: t('Status'), children: <StatusTag kind="bill" status={bill.status} /> },
              { key: 'amount', label: t('Amount'), children: formatMoney(bill.pay_amount, bill.currency) },
              ...(bill.status === 'unpaid'
                ? [{ key: 'expires', label: t('Pay before'), children: formatDate(bill.expire_time) }]
                : []),
              ...(bill.method
                ? [{ key: 'method', label: t('Paid with'), children: paymentMethodLabel(bill.method, t) }]
                : []),
            ]}
          />
        </Card>
      ) : null}

      {payments.length > 0 ? (
        <Card title={t('Payments')} size="small">
          <Table
            size="small"
            rowKey="id"
            pagination={false}
            dataSource={payments}
            scroll={{ x: true }}
            columns={[
              { key: 'method', title: t('Method'), render: (_, p) => paymentMethodLabel(p.method, t) },
              {
                key: 'status',
                title: t('Status'),
                render: (_, p) => <StatusTag kind="payment" status={p.status} />,
              },
              { key: 'amount', title: t('Amount'), render: (_, p) => formatMoney(p.amount, p.currency) },
              // The provider's own id: written as the provider sent it.
              {
                key: 'reference',
                title: t('Reference'),
                dataIndex: 'provider_reference',
                render: (reference: string | null) => <span translate="no">{reference}</span>,
              },
              {
                key: 'time',
                title: t('Time'),
                render: (_, p) => formatDate(p.captured_time ?? p.creation_time),
              },
            ]}
          />
        </Card>
      ) : null}

      <Card title={t('Invoice')} size="small">
        {invoice ? (
          <Flex gap={8} align="center">
            <StatusTag kind="invoice" status={invoice.status} />
            <Link to={`/account/invoice/details?${new URLSearchParams({ id: invoice.id })}`}>
              {t('Invoice details')}
            </Link>
          </Flex>
        ) : details.can_request_invoice ? (
          <Link to={`/account/wallets/invoices?${new URLSearchParams({ order_id: order.id })}`}>
            {t('Request an invoice')}
          </Link>
        ) : (
          <Typography.Text type="secondary">
            {t('An invoice can be requested once the order is paid.')}
          </Typography.Text>
        )}
      </Card>
      <PaymentDialog billId={paying} onClose={() => setPaying(null)} device={device} />
    </Flex>
  );
}
