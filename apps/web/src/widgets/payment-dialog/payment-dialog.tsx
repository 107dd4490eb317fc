import { useQuery } from '@tanstack/react-query';
import { Alert, Flex, Modal, Result, Skeleton, Spin, Typography } from 'antd';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../lib/format';
import { useBasicInfos } from '../../lib/session/basic-infos';
import { orderStatusLabel, paymentMethodLabel } from '../billing-labels/billing-labels';
import { PaymentActionView, WechatPayFailed } from './payment-action-view';
import { providersQuery } from './payment-api';
import { onlyMethod, paymentChoices } from './payment-choices';
import { appTypeFor, type PaymentDevice, paymentDevice } from './payment-device';
import { attemptEnded, PaymentAttemptNotice, PaymentMethodButtons } from './payment-methods';
import { PaymentSummary } from './payment-summary';
import { useBillWatch } from './use-bill-watch';
import { usePayWith } from './use-pay-with';

export interface PaymentDialogProps {
  /** The unpaid bill to pay; the dialog is open while it is set. */
  billId: string | null;
  onClose: () => void;
  /** Tests pass a device; the app reads it from the user agent. */
  device?: PaymentDevice;
}

/**
 * The payment dialog of spec sections 1, 2 and 4: the order and what to pay, a button per payment
 * method for this location and device, each leading straight to its provider (with only one, the
 * dialog goes there at once), what became of the last attempt, and the bill polled every second
 * until it is no longer unpaid, when the route is replaced with `/payment/result`.
 */
export function PaymentDialog({ billId, onClose, device: givenDevice }: PaymentDialogProps) {
  const { t } = useTranslation();
  const open = billId !== null;
  return (
    <Modal open={open} onCancel={onClose} footer={null} title={t('Payment')} width={520} destroyOnHidden>
      {billId ? <PaymentDialogBody billId={billId} onClose={onClose} givenDevice={givenDevice} /> : null}
    </Modal>
  );
}

function PaymentDialogBody({
  billId,
  onClose,
  givenDevice,
}: {
  billId: string;
  onClose: () => void;
  givenDevice?: PaymentDevice;
}) {
  const { t } = useTranslation();
  const device = useMemo(() => givenDevice ?? paymentDevice(), [givenDevice]);
  const infos = useBasicInfos();
  const providers = useQuery(providersQuery(appTypeFor(device)));
  const bill = useBillWatch(billId);
  const { pay, started, pending, wechatFailed } = usePayWith(billId, device);
  const unpaid = bill.data?.bill.status === 'unpaid' && Boolean(bill.data.order);
  const choices =
    providers.data && infos.data
      ? paymentChoices(infos.data.global_config.location_val, device, providers.data.items)
      : null;
  const only = choices ? onlyMethod(choices) : null;

  // With one way to pay there is nothing to choose: the dialog goes straight to that provider
  // (once per opening; a refusal, an expired bill, leaves the button to try again).
  const { mutate } = pay;
  const wentStraight = useRef(false);
  useEffect(() => {
    if (!unpaid || only === null || wentStraight.current) return;
    wentStraight.current = true;
    mutate(only);
  }, [unpaid, only, mutate]);

  if (bill.isError) {
    return <Result status="warning" title={t('Invalid bill number')} />;
  }
  if (!bill.data || !choices || !providers.data) return <Skeleton active paragraph={{ rows: 6 }} />;

  const { order } = bill.data;
  if (!order) return <Result status="warning" title={t('Invalid bill number')} />;
  const leaving =
    pending !== null &&
    providers.data.items.find((provider) => provider.method === pending)?.flow === 'redirect';

  return (
    <Flex vertical gap={16}>
      {providers.data.items.some((provider) => provider.test_mode) ? (
        <Alert
          type="info"
          showIcon
          title={t('Test mode')}
          description={t('Payments go to the sandbox provider: no real money is charged.')}
        />
      ) : null}
      <PaymentSummary bill={bill.data.bill} order={order} device={device} onLeave={onClose} />
      {unpaid ? (
        <>
          <PaymentAttemptNotice attempt={bill.data.last_payment} started={started !== null} />
          <PaymentMethodButtons
            choices={choices}
            pending={pending}
            retry={attemptEnded(bill.data.last_payment)}
            onPay={(method) => pay.mutate(method)}
          />
          {leaving ? (
            <Typography.Text type="secondary">
              <Spin size="small" />{' '}
              {t('Taking you to {{provider}}…', { provider: paymentMethodLabel(pending, t) })}
            </Typography.Text>
          ) : null}
          {wechatFailed ? <WechatPayFailed /> : null}
          {started ? (
            <PaymentActionView
              started={started}
              amount={formatMoney(bill.data.bill.pay_amount, bill.data.bill.currency)}
            />
          ) : null}
        </>
      ) : (
        <Alert type="info" title={orderStatusLabel(bill.data.bill.status, t)} />
      )}
    </Flex>
  );
}
