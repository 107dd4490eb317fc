import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Result, Skeleton, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { DATE_FORMATS, formatDate, formatMoney } from '../../lib/format';
import { planNameLabel } from '../../lib/labels/seeded-labels';
import { basicInfosQueryKey } from '../../lib/session/basic-infos';
import { DocumentTitle } from '../../widgets/brand/document-title';
import { PaymentDialog } from '../../widgets/payment-dialog/payment-dialog';
import { resultOrderQuery } from './payment-result-api';

/**
 * `/payment/result?order_id=`: where the payment dialog and the provider's page end. Paid: what
 * the order did (plan active, credits added); otherwise why not, and what to do next.
 */
export function PaymentResultPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const orderId = params.get('order_id') ?? '';
  return (
    <>
      <DocumentTitle title={t('Payment result')} />
      {orderId ? <OrderResult orderId={orderId} /> : <NotFound />}
    </>
  );
}

function NotFound() {
  const { t } = useTranslation();
  return (
    <Result
      status="404"
      title={t('Order not found')}
      extra={<Link to="/account/orders">{t('All orders')}</Link>}
    />
  );
}

function OrderResult({ orderId }: { orderId: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const answer = useQuery(resultOrderQuery(orderId));
  const status = answer.data?.order.status;
  const [retrying, setRetrying] = useState<string | null>(null);

  useEffect(() => {
    // The plan, credits and storage in basic infos (the overview, the credits bar) changed with it.
    if (status !== 'paid') return;
    void queryClient.invalidateQueries({ queryKey: basicInfosQueryKey });
    // Subscription, orders, plans and usage pages cached before the payment; not this answer.
    void queryClient.invalidateQueries({
      predicate: ({ queryKey }) => queryKey[0] === 'billing' && queryKey[1] !== 'payment',
    });
  }, [status, queryClient]);

  if (answer.isError) return <NotFound />;
  if (!answer.data) return <Skeleton active paragraph={{ rows: 4 }} />;
  const { order } = answer.data;
  const details = (
    <Button
      key="details"
      onClick={() => navigate(`/account/order/details?${new URLSearchParams({ id: order.id })}`)}
    >
      {t('Order details')}
    </Button>
  );

  switch (order.status) {
    case 'paid': {
      const what =
        order.plan_kind === 'credit_pack'
          ? t('{{count}} credits were added to your balance.', {
              count: order.credits,
              compact: true,
              defaultValue_one: '{{count}} credit was added to your balance.',
            })
          : order.starts_time && order.starts_time * 1000 > Date.now()
            ? t('{{plan}} starts on {{date}}.', {
                plan: planNameLabel(order.plan_name, t),
                date: formatDate(order.starts_time, DATE_FORMATS.date),
              })
            : t('{{plan}} is active: {{count}} credits for this period.', {
                plan: planNameLabel(order.plan_name, t),
                count: order.credits,
                compact: true,
                defaultValue_one: '{{plan}} is active: {{count}} credit for this period.',
              });
      return (
        <Result
          status="success"
          title={t('Payment received')}
          subTitle={`${t('Order {{order}}', { order: order.order_num })} · ${formatMoney(order.pay_amount, order.currency)}. ${what}`}
          extra={[
            <Button key="subscription" type="primary" onClick={() => navigate('/account/subscription')}>
              {t('View subscription')}
            </Button>,
            details,
          ]}
        />
      );
    }
    case 'unpaid': {
      // The newest attempt to pay the order's bill (one bill per order), as its provider reported it.
      const bill = answer.data.bill;
      const attempt = answer.data.payments.at(-1);
      const ended = attempt?.status === 'failed' || attempt?.status === 'canceled';
      if (bill?.status === 'unpaid' && ended) {
        return (
          <>
            <Result
              status={attempt.status === 'failed' ? 'error' : 'warning'}
              title={attempt.status === 'failed' ? t('The payment failed') : t('The payment was canceled')}
              subTitle={t('Nothing was charged. You can try again.')}
              extra={[
                <Button key="again" type="primary" onClick={() => setRetrying(bill.id)}>
                  {t('Try again')}
                </Button>,
                details,
              ]}
            />
            <PaymentDialog billId={retrying} onClose={() => setRetrying(null)} />
          </>
        );
      }
      return (
        <Result
          icon={<Spin size="large" />}
          title={t('Waiting for the payment')}
          subTitle={t('This page updates by itself once the payment arrives.')}
          extra={[details]}
        />
      );
    }
    case 'expired':
      return (
        <Result
          status="warning"
          title={t('This order expired before it was paid')}
          subTitle={t('Nothing was charged. Choose the plan again to make a new order.')}
          extra={[
            <Button key="plans" type="primary" onClick={() => navigate('/usm/plan')}>
              {t('See the plans')}
            </Button>,
            details,
          ]}
        />
      );
    case 'canceled':
      return <Result status="info" title={t('This order was canceled')} extra={[details]} />;
    case 'refunded':
      return <Result status="info" title={t('This order was refunded')} extra={[details]} />;
  }
}
