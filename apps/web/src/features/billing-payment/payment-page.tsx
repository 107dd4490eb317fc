import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Flex, Result, Skeleton, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { formatMoney } from '../../lib/format';
import { useBasicInfos } from '../../lib/session/basic-infos';
import { DocumentTitle } from '../../widgets/brand/document-title';
import { PaymentActionView, WechatPayFailed } from '../../widgets/payment-dialog/payment-action-view';
import { providersQuery } from '../../widgets/payment-dialog/payment-api';
import { paymentChoices } from '../../widgets/payment-dialog/payment-choices';
import { appTypeFor, paymentDevice } from '../../widgets/payment-dialog/payment-device';
import {
  attemptEnded,
  PaymentAttemptNotice,
  PaymentMethodButtons,
} from '../../widgets/payment-dialog/payment-methods';
import { PaymentSummary } from '../../widgets/payment-dialog/payment-summary';
import { useBillWatch } from '../../widgets/payment-dialog/use-bill-watch';
import { usePayWith } from '../../widgets/payment-dialog/use-pay-with';

/**
 * `/payment?bill_id=&order_id=`: where a provider sends the payer back when a payment failed or
 * was canceled (the dialog itself leads straight to the provider). It says what became of the
 * last attempt, as the bill's payment state says, and offers to try again: a button per provider,
 * each straight to its page. The bill is polled every second here too, so paying in another tab
 * moves this one on to `/payment/result`.
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
  const providers = useQuery(providersQuery(appTypeFor(device)));
  const infos = useBasicInfos();
  const { pay, started, pending, wechatFailed } = usePayWith(billId, device);

  // A bill that is not the order's named in the address is as good as unknown.
  const order = bill.data?.order;
  if (bill.isError || (bill.data && (!order || (orderId && order.id !== orderId)))) return <InvalidBill />;
  if (!bill.data || !order || !providers.data || !infos.data)
    return <Skeleton active paragraph={{ rows: 6 }} />;
  const testMode = providers.data.items.some((provider) => provider.test_mode);
  const choices = paymentChoices(infos.data.global_config.location_val, device, providers.data.items);
  const attempt = bill.data.last_payment;
  // Back from the provider without paying (failed, canceled, or left open): try again.
  const ended = attemptEnded(attempt) || attempt?.status === 'pending';

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
      <PaymentAttemptNotice attempt={attempt} started={started !== null} cameBack />
      <PaymentSummary bill={bill.data.bill} order={order} device={device} />
      <Card title={ended ? t('Try again') : t('Choose how to pay')} size="small">
        <Flex vertical gap={12}>
          <PaymentMethodButtons
            choices={choices}
            pending={pending}
            retry={ended}
            onPay={(method) => pay.mutate(method)}
          />
          {wechatFailed ? <WechatPayFailed /> : null}
          {started ? (
            <PaymentActionView
              started={started}
              amount={formatMoney(bill.data.bill.pay_amount, bill.data.bill.currency)}
            />
          ) : null}
        </Flex>
      </Card>
    </Flex>
  );
}
