import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Flex, Result, Skeleton, Spin, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { paymentMethodLabel } from '../../widgets/billing-labels/billing-labels';
import { DocumentTitle } from '../../widgets/brand/document-title';
import { PaymentActionView } from '../../widgets/payment-dialog/payment-action-view';
import { providersQuery } from '../../widgets/payment-dialog/payment-api';
import { paymentDevice } from '../../widgets/payment-dialog/payment-device';
import { PaymentSummary } from '../../widgets/payment-dialog/payment-summary';
import { useBillWatch } from '../../widgets/payment-dialog/use-bill-watch';
import { usePayWith } from '../../widgets/payment-dialog/use-pay-with';

/**
 * `/payment?bill_id=&order_id=`: the payment page the dialog leads to outside location `cn`. A
 * button per provider; the sandbox's opens the app's hosted test page. The bill is polled every
 * second here too, so paying in another tab moves this one on to `/payment/result`.
 */
export function PaymentPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const billId = params.get('bill_id') ?? '';
  const orderId = params.get('order_id');
  return (
    <>
      <DocumentTitle title={t('Payment')} />
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t('Payment')}
      </Typography.Title>
      {billId ? <PayBill billId={billId} orderId={orderId} /> : <InvalidBill />}
    </>
  );
}

function InvalidBill() {
  const { t } = useTranslation();
  return (
    <Result
      status="warning"
      title={t('Invalid bill number')}
      extra={<Link to="/account/orders">{t('All orders')}</Link>}
    />
  );
}

function PayBill({ billId, orderId }: { billId: string; orderId: string | null }) {
  const { t } = useTranslation();
  const device = useMemo(() => paymentDevice(), []);
  const bill = useBillWatch(billId);
  const providers = useQuery(providersQuery);
  const { pay, started, pending } = usePayWith(billId, device);

  // A bill that is not the order's named in the address is as good as unknown.
  const order = bill.data?.order;
  if (bill.isError || (bill.data && (!order || (orderId && order.id !== orderId)))) return <InvalidBill />;
  if (!bill.data || !order || !providers.data) return <Skeleton active paragraph={{ rows: 6 }} />;
  const testMode = providers.data.items.some((provider) => provider.test_mode);

  return (
    <Flex vertical gap={16} style={{ maxWidth: 640 }}>
      {testMode ? (
        <Alert
          type="warning"
          showIcon
          title={t('Test mode')}
          description={t(
            'This server takes payments with its sandbox provider: the hosted page lets you pay, fail or cancel, and no real money is charged.',
          )}
        />
      ) : null}
      <PaymentSummary bill={bill.data.bill} order={order} device={device} />
      <Card title={t('Choose how to pay')} size="small">
        <Flex vertical gap={12}>
          <Flex gap={8} wrap role="group" aria-label={t('Payment methods')}>
            {providers.data.items.map((provider) => (
              <Button
                key={provider.method}
                type="primary"
                disabled={pay.isPending}
                loading={pending === provider.method}
                onClick={() => pay.mutate(provider.method)}
              >
                {provider.method === 'sandbox'
                  ? t('Open the sandbox payment page (test mode)')
                  : t('Pay with {{method}}', { method: paymentMethodLabel(provider.method, t) })}
              </Button>
            ))}
          </Flex>
          {started ? <PaymentActionView started={started} /> : null}
          <Typography.Text type="secondary">
            <Spin size="small" /> {t('Waiting for your payment…')}
          </Typography.Text>
        </Flex>
      </Card>
    </Flex>
  );
}
