import { AlipayOutlined, CreditCardOutlined, WechatOutlined } from '@ant-design/icons';
import type { PaymentMethod } from '@app/contract/billing/payments';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Flex, Modal, Result, Skeleton, Spin, Typography } from 'antd';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useBasicInfos } from '../../lib/session/basic-infos';
import { orderStatusLabel, paymentMethodLabel } from '../billing-labels/billing-labels';
import { PaymentActionView } from './payment-action-view';
import { providersQuery } from './payment-api';
import { type PaymentChoice, paymentChoices, paymentPagePath } from './payment-choices';
import { type PaymentDevice, paymentDevice } from './payment-device';
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

const METHOD_ICONS: Partial<Record<PaymentMethod, ReactNode>> = {
  wechatpay: <WechatOutlined aria-hidden />,
  alipay: <AlipayOutlined aria-hidden />,
};

/**
 * The payment dialog of spec sections 1, 2 and 4: the order and what to pay, a button per payment
 * method for this location and device, and the bill polled every second until it is no longer
 * unpaid, when the route is replaced with `/payment/result`.
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
  const navigate = useNavigate();
  const device = useMemo(() => givenDevice ?? paymentDevice(), [givenDevice]);
  const infos = useBasicInfos();
  const providers = useQuery(providersQuery);
  const bill = useBillWatch(billId);
  const { pay, started, pending } = usePayWith(billId, device);

  if (bill.isError) {
    return <Result status="warning" title={t('Invalid bill number')} />;
  }
  if (!bill.data || !providers.data || !infos.data) return <Skeleton active paragraph={{ rows: 6 }} />;

  const { order } = bill.data;
  if (!order) return <Result status="warning" title={t('Invalid bill number')} />;
  const unpaid = bill.data.bill.status === 'unpaid';
  const choices = paymentChoices(infos.data.global_config.location_val, device, providers.data.items);

  const button = (choice: PaymentChoice) => {
    if (choice.kind === 'payment_page') {
      return (
        <Button
          key="payment-page"
          type="primary"
          icon={<CreditCardOutlined aria-hidden />}
          onClick={() => navigate(paymentPagePath(billId, order.id))}
        >
          {choice.testMode ? t('Go to the payment page (test mode)') : t('Go to the payment page')}
        </Button>
      );
    }
    return (
      <Button
        key={choice.method}
        type="primary"
        icon={METHOD_ICONS[choice.method]}
        disabled={!choice.available || pay.isPending}
        loading={pending === choice.method}
        title={choice.available ? undefined : t('This payment method is not set up on this server yet')}
        onClick={() => pay.mutate(choice.method)}
      >
        {paymentMethodLabel(choice.method, t)}
      </Button>
    );
  };

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
          <Flex gap={8} wrap role="group" aria-label={t('Payment methods')}>
            {choices.map(button)}
          </Flex>
          {choices.some((choice) => choice.kind === 'provider' && !choice.available) ? (
            <Typography.Text type="secondary">
              {t('This payment method is not set up on this server yet')}
            </Typography.Text>
          ) : null}
          {started ? <PaymentActionView started={started} /> : null}
          <Typography.Text type="secondary">
            <Spin size="small" /> {t('Waiting for your payment…')}
          </Typography.Text>
        </>
      ) : (
        <Alert type="info" title={orderStatusLabel(bill.data.bill.status, t)} />
      )}
    </Flex>
  );
}
