import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Flex, Result, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { DATE_FORMATS, formatCompactNumber, formatDate, formatMoney } from '../../lib/format';
import { planNameLabel } from '../../lib/labels/seeded-labels';
import {
  orderKindLabel,
  periodSwitchLabel,
  planTermLabel,
} from '../../widgets/billing-labels/billing-labels';
import { DocumentTitle } from '../../widgets/brand/document-title';
import { useServerErrors } from '../../widgets/form-errors/use-server-errors';
import { PaymentDialog } from '../../widgets/payment-dialog/payment-dialog';
import { ordersKey, placeOrder, previewQuery } from './orders-api';

/**
 * `/account/order/confirm?plan_id=`: what choosing the plan does and costs (an upgrade is reduced
 * by the unused part of the current plan); confirming makes the order and its unpaid bill, then
 * opens the payment dialog.
 */
export function OrderConfirmPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const planId = params.get('plan_id') ?? '';
  return (
    <>
      <DocumentTitle title={t('Confirm your order')} />
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t('Confirm your order')}
      </Typography.Title>
      {planId ? (
        <ConfirmPlan planId={planId} />
      ) : (
        <Result
          status="info"
          title={t('Choose a plan first')}
          extra={<Link to="/usm/plan">{t('See the plans')}</Link>}
        />
      )}
    </>
  );
}

function ConfirmPlan({ planId }: { planId: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const preview = useQuery(previewQuery(planId));
  const showError = useServerErrors(null);
  const [billId, setBillId] = useState<string | null>(null);
  const order = useMutation({
    mutationFn: () => placeOrder(planId),
    onSuccess: ({ bill }) => {
      setBillId(bill.id);
      void queryClient.invalidateQueries({ queryKey: ordersKey });
    },
    onError: showError,
  });

  if (preview.isError) {
    return (
      <Result
        status="warning"
        title={t('This plan cannot be ordered')}
        subTitle={preview.error.message}
        extra={<Link to="/usm/plan">{t('See the plans')}</Link>}
      />
    );
  }
  const data = preview.data;
  if (!data) return <Skeleton active paragraph={{ rows: 6 }} />;
  const placed = order.data;

  return (
    <Flex vertical gap={16} style={{ maxWidth: 640 }}>
      <Card>
        <Descriptions
          column={1}
          size="small"
          bordered
          items={[
            { key: 'plan', label: t('Plan'), children: planNameLabel(data.plan_name, t) },
            // A switch of period says so; the rest by what the order does.
            {
              key: 'kind',
              label: t('Type'),
              children:
                data.choice === 'switch_period'
                  ? periodSwitchLabel(data.validity, data.validity_unit, t)
                  : orderKindLabel(data.kind, t),
            },
            {
              key: 'period',
              label: t('Period'),
              children: data.ends_time
                ? `${formatDate(data.starts_time, DATE_FORMATS.date)} – ${formatDate(data.ends_time, DATE_FORMATS.date)}`
                : planTermLabel({ ...data, kind: data.plan_kind }, t),
            },
            { key: 'credits', label: t('Credits'), children: formatCompactNumber(data.credits) },
            { key: 'price', label: t('Price'), children: formatMoney(data.price, data.currency) },
            ...(data.proration_credit > 0
              ? [
                  {
                    key: 'credit',
                    label: t('Unused part of your current plan'),
                    children: formatMoney(-data.proration_credit, data.currency),
                  },
                ]
              : []),
            {
              key: 'pay',
              label: t('Payable amount'),
              children: (
                <Typography.Text strong style={{ fontSize: 18 }}>
                  {formatMoney(data.pay_amount, data.currency)}
                </Typography.Text>
              ),
            },
          ]}
        />
      </Card>
      {data.kind === 'downgrade' ? (
        <Alert
          type="info"
          showIcon
          title={t('The new plan starts when your current period ends, on {{date}}.', {
            date: formatDate(data.starts_time, DATE_FORMATS.date),
          })}
        />
      ) : null}
      {data.kind === 'upgrade' ? (
        <Alert
          type="info"
          showIcon
          title={
            data.choice === 'switch_period'
              ? t(
                  'The new period starts as soon as you pay; the unused part of your current plan is deducted.',
                )
              : t(
                  'The upgrade takes effect as soon as you pay; the unused part of your current plan is deducted.',
                )
          }
        />
      ) : null}
      {data.stops_auto_renewal ? (
        <Alert
          type="warning"
          showIcon
          title={t(
            'Your current plan no longer renews by itself on Stripe: its unused part pays for the new plan, which you renew by hand from the plans page.',
          )}
        />
      ) : null}
      {data.charged_card ? (
        // No card is asked for again: confirming and paying with Stripe charges this one at once.
        <Alert
          type="warning"
          showIcon
          title={t(
            'Paying with Stripe charges {{amount}} at once to your {{brand}} card ending in {{last4}}, the card that pays your renewals.',
            {
              amount: formatMoney(data.pay_amount, data.currency),
              brand: data.charged_card.brand,
              last4: data.charged_card.last4,
            },
          )}
        />
      ) : null}
      {placed ? (
        <Alert
          type="warning"
          showIcon
          title={t('Order {{order}} is waiting for payment', { order: placed.order.order_num })}
          action={
            <Flex gap={8}>
              <Button type="primary" onClick={() => setBillId(placed.bill.id)}>
                {t('Pay now')}
              </Button>
              <Link to={`/account/order/details?${new URLSearchParams({ id: placed.order.id })}`}>
                {t('Order details')}
              </Link>
            </Flex>
          }
        />
      ) : (
        <Flex gap={8}>
          <Button type="primary" loading={order.isPending} onClick={() => order.mutate()}>
            {t('Confirm and pay')}
          </Button>
          <Button onClick={() => navigate('/usm/plan')}>{t('Back to the plans')}</Button>
        </Flex>
      )}
      <PaymentDialog billId={billId} onClose={() => setBillId(null)} />
    </Flex>
  );
}
