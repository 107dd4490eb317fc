import { ArrowLeftOutlined, RollbackOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Descriptions, Flex, Result, Row, Skeleton, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { isApiError } from '../../lib/api/api-error';
import { formatCount, formatDate, formatMoney } from '../../lib/format';
import { planNameLabel, seededText } from '../../lib/labels/seeded-labels';
import {
  creditEntryKindLabel,
  invoiceStatusLabel,
  notificationOutcomeLabel,
  orderKindLabel,
  orderStatusLabel,
  orderTermLabel,
  paymentMethodLabel,
  paymentStatusLabel,
  refundStatusLabel,
  statusColor,
} from '../../widgets/billing-labels/billing-labels';
import { DocumentTitle } from '../../widgets/brand/document-title';
import { type AdminOrderDetails, orderQuery } from './orders-api';
import { RefundOrderModal } from './refund-order-modal';

type Details = AdminOrderDetails;

const credits = (value: number) => (value > 0 ? `+${formatCount(value)}` : formatCount(value));

/**
 * `/admin/order/details?id=`: one order with its bill, payments, refunds, the credit ledger
 * entries it caused and the provider notifications received for it. A paid order can be refunded
 * after a confirm that says what the refund reverses.
 */
export function OrderDetailsPage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const id = searchParams.get('id') ?? '';
  const details = useQuery({ ...orderQuery(id), enabled: id !== '' });
  const [refunding, setRefunding] = useState(false);

  if (!id || details.isError) {
    const missing = !id || (isApiError(details.error) && details.error.status === 404);
    return (
      <Result
        status={missing ? '404' : 'error'}
        title={missing ? t('Order not found') : t('Sorry! Something went wrong...')}
        subTitle={id ? details.error?.message : t('No order was given.')}
        extra={
          <Link to="/admin/order">
            <Button type="primary">{t('Back to orders')}</Button>
          </Link>
        }
      />
    );
  }

  const data = details.data;
  return (
    <>
      <DocumentTitle title={data ? data.order.order_num : t('Order details')} />
      <Link to="/admin/order" style={{ display: 'inline-flex', gap: 6, marginBottom: 12 }}>
        <ArrowLeftOutlined aria-hidden />
        {t('Back to orders')}
      </Link>
      {!data ? (
        <Skeleton active />
      ) : (
        <>
          <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 12 }}>
            <Typography.Title level={3} style={{ margin: 0 }}>
              {t('Order {{number}}', { number: data.order.order_num })}{' '}
              <Tag color={statusColor(data.order.status)}>{orderStatusLabel(data.order.status, t)}</Tag>
            </Typography.Title>
            {data.refundable ? (
              <Button danger icon={<RollbackOutlined />} onClick={() => setRefunding(true)}>
                {t('Refund')}
              </Button>
            ) : null}
          </Flex>
          <Row gutter={[16, 16]}>
            <Col xs={24} xl={14}>
              <OrderCard data={data} />
            </Col>
            <Col xs={24} xl={10}>
              <BillCard data={data} />
            </Col>
            <Col span={24}>
              <PaymentsCard data={data} />
            </Col>
            <Col span={24}>
              <RefundsCard data={data} />
            </Col>
            <Col span={24}>
              <LedgerCard data={data} />
            </Col>
            <Col span={24}>
              <NotificationsCard data={data} />
            </Col>
          </Row>
          {refunding ? (
            <RefundOrderModal
              order={data.order}
              refundable={data.refundable_amount}
              open={refunding}
              onClose={() => setRefunding(false)}
            />
          ) : null}
        </>
      )}
    </>
  );
}

function OrderCard({ data }: { data: Details }) {
  const { t } = useTranslation();
  const { order, invoice } = data;
  const money = (cents: number) => formatMoney(cents, order.currency);
  return (
    <Card size="small" title={t('Order')}>
      <Descriptions
        size="small"
        column={1}
        bordered
        styles={{ label: { whiteSpace: 'nowrap' } }}
        items={[
          { key: 'team', label: t('Team'), children: order.team.name },
          {
            key: 'user',
            label: t('Ordered by'),
            children: order.user ? (
              <Link to={`/admin/user/details?${new URLSearchParams({ id: order.user.id })}`}>
                {`${order.user.username} (${order.user.email})`}
              </Link>
            ) : (
              ''
            ),
          },
          {
            key: 'plan',
            label: t('Plan'),
            children: `${planNameLabel(order.plan_name, t)} · ${orderTermLabel(order, t)}`,
          },
          { key: 'kind', label: t('Kind'), children: orderKindLabel(order.kind, t) },
          { key: 'price', label: t('Price'), children: money(order.price) },
          ...(order.proration_credit > 0
            ? [
                {
                  key: 'proration',
                  label: t('Credit for the unused period'),
                  children: `-${money(order.proration_credit)}`,
                },
              ]
            : []),
          { key: 'pay', label: t('Payable amount'), children: <strong>{money(order.pay_amount)}</strong> },
          { key: 'credits', label: t('Credits granted'), children: formatCount(order.credits) },
          { key: 'created', label: t('Created'), children: formatDate(order.creation_time) },
          { key: 'paid', label: t('Paid'), children: formatDate(order.paid_time) },
          ...(order.refunded_time
            ? [{ key: 'refunded', label: t('Refunded'), children: formatDate(order.refunded_time) }]
            : []),
          {
            key: 'invoice',
            label: t('Invoice'),
            children: invoice ? (
              <Link to={`/admin/invoice/details?${new URLSearchParams({ id: invoice.id })}`}>
                {invoiceStatusLabel(invoice.status, t)}
              </Link>
            ) : (
              t('None requested')
            ),
          },
        ]}
      />
    </Card>
  );
}

function BillCard({ data }: { data: Details }) {
  const { t } = useTranslation();
  const { bill } = data;
  return (
    <Card size="small" title={t('Bill')}>
      {bill ? (
        <Descriptions
          size="small"
          column={1}
          bordered
          styles={{ label: { whiteSpace: 'nowrap' } }}
          items={[
            {
              key: 'status',
              label: t('Status'),
              children: <Tag color={statusColor(bill.status)}>{orderStatusLabel(bill.status, t)}</Tag>,
            },
            { key: 'amount', label: t('Amount'), children: formatMoney(bill.pay_amount, bill.currency) },
            {
              key: 'method',
              label: t('Payment method'),
              children: bill.method ? paymentMethodLabel(bill.method, t) : '',
            },
            { key: 'created', label: t('Created'), children: formatDate(bill.creation_time) },
            { key: 'expires', label: t('Expires'), children: formatDate(bill.expire_time) },
            { key: 'paid', label: t('Paid'), children: formatDate(bill.paid_time) },
          ]}
        />
      ) : (
        <Typography.Text type="secondary">{t('No bill')}</Typography.Text>
      )}
    </Card>
  );
}

function PaymentsCard({ data }: { data: Details }) {
  const { t } = useTranslation();
  return (
    <Card size="small" title={t('Payments')}>
      <Table
        size="small"
        rowKey="id"
        pagination={false}
        dataSource={data.payments}
        columns={[
          { key: 'time', title: t('Created'), render: (_, payment) => formatDate(payment.creation_time) },
          {
            key: 'method',
            title: t('Payment method'),
            render: (_, payment) => paymentMethodLabel(payment.method, t),
          },
          {
            key: 'status',
            title: t('Status'),
            render: (_, payment) => (
              <Tag color={statusColor(payment.status)}>{paymentStatusLabel(payment.status, t)}</Tag>
            ),
          },
          {
            key: 'amount',
            title: t('Amount'),
            align: 'right',
            render: (_, payment) => formatMoney(payment.amount, payment.currency),
          },
          {
            key: 'reference',
            title: t('Provider reference'),
            dataIndex: 'provider_reference',
            render: (reference: string | null) => <span translate="no">{reference}</span>,
          },
          {
            key: 'captured',
            title: t('Captured'),
            render: (_, payment) => formatDate(payment.captured_time),
          },
        ]}
      />
    </Card>
  );
}

function RefundsCard({ data }: { data: Details }) {
  const { t } = useTranslation();
  return (
    <Card size="small" title={t('Refunds')}>
      <Table
        size="small"
        rowKey="id"
        pagination={false}
        dataSource={data.refunds}
        columns={[
          { key: 'time', title: t('Time'), render: (_, refund) => formatDate(refund.creation_time) },
          { key: 'number', title: t('Refund number'), dataIndex: 'refund_no' },
          {
            key: 'status',
            title: t('Status'),
            render: (_, refund) => (
              <>
                <Tag color={REFUND_COLOR[refund.status]}>{refundStatusLabel(refund.status, t)}</Tag>
                {refund.failure ? (
                  <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
                    {refund.failure}
                  </Typography.Text>
                ) : null}
              </>
            ),
          },
          {
            key: 'amount',
            title: t('Amount'),
            align: 'right',
            render: (_, refund) => formatMoney(refund.amount, refund.currency),
          },
          {
            key: 'credits',
            title: t('Credits reversed'),
            align: 'right',
            render: (_, refund) => formatCount(refund.credits_reversed),
          },
          { key: 'reason', title: t('Reason'), dataIndex: 'reason' },
          { key: 'by', title: t('By'), render: (_, refund) => refund.actor?.username ?? '' },
          {
            key: 'reference',
            title: t('Provider reference'),
            render: (_, refund) => refund.provider_reference ?? '',
          },
        ]}
      />
    </Card>
  );
}

const REFUND_COLOR: Record<Details['refunds'][number]['status'], string> = {
  pending: 'processing',
  succeeded: 'success',
  failed: 'error',
};

function LedgerCard({ data }: { data: Details }) {
  const { t } = useTranslation();
  return (
    <Card size="small" title={t('Credit ledger entries')}>
      <Table
        size="small"
        rowKey="id"
        pagination={false}
        dataSource={data.credit_entries}
        columns={[
          { key: 'time', title: t('Time'), render: (_, entry) => formatDate(entry.creation_time) },
          {
            key: 'kind',
            title: t('Kind'),
            render: (_, entry) => <Tag>{creditEntryKindLabel(entry.kind, t)}</Tag>,
          },
          {
            key: 'amount',
            title: t('Amount'),
            align: 'right',
            render: (_, entry) => (
              <Typography.Text type={entry.amount < 0 ? 'danger' : 'success'}>
                {credits(entry.amount)}
              </Typography.Text>
            ),
          },
          {
            key: 'balance',
            title: t('Balance after'),
            align: 'right',
            render: (_, entry) => formatCount(entry.balance_after),
          },
          // A grant's note is the plan's name: a seeded one reads in the reader's language.
          { key: 'note', title: t('Note'), render: (_, entry) => seededText(entry.note ?? '', t) },
          { key: 'user', title: t('By'), render: (_, entry) => entry.user?.username ?? '' },
        ]}
      />
    </Card>
  );
}

function NotificationsCard({ data }: { data: Details }) {
  const { t } = useTranslation();
  return (
    <Card size="small" title={t('Provider notifications')}>
      <Table
        size="small"
        rowKey="id"
        pagination={false}
        dataSource={data.notifications}
        columns={[
          { key: 'time', title: t('Time'), render: (_, note) => formatDate(note.creation_time) },
          {
            key: 'provider',
            title: t('Provider'),
            render: (_, note) => paymentMethodLabel(note.provider, t),
          },
          // The provider's own ids: written as the provider sent them.
          {
            key: 'event',
            title: t('Event'),
            dataIndex: 'event_id',
            render: (id: string) => <span translate="no">{id}</span>,
          },
          {
            key: 'outcome',
            title: t('Outcome'),
            render: (_, note) => <Tag>{notificationOutcomeLabel(note.outcome, t)}</Tag>,
          },
          {
            key: 'amount',
            title: t('Amount'),
            align: 'right',
            render: (_, note) =>
              note.amount !== null ? formatMoney(note.amount, note.currency ?? data.order.currency) : '',
          },
          { key: 'detail', title: t('Detail'), render: (_, note) => note.detail ?? '' },
        ]}
      />
    </Card>
  );
}
