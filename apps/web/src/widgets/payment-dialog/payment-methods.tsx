import { AlipayOutlined, CreditCardOutlined, WechatOutlined } from '@ant-design/icons';
import type { PaymentMethod } from '@app/contract/billing/payments';
import { Alert, Button, Flex, Spin, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { paymentMethodLabel } from '../billing-labels/billing-labels';
import type { BillAnswer } from './payment-api';
import type { PaymentChoice } from './payment-choices';

const METHOD_ICONS: Partial<Record<PaymentMethod, ReactNode>> = {
  wechatpay: <WechatOutlined aria-hidden />,
  alipay: <AlipayOutlined aria-hidden />,
  stripe: <CreditCardOutlined aria-hidden />,
};

interface PaymentMethodButtonsProps {
  choices: readonly PaymentChoice[];
  onPay: (method: PaymentMethod) => void;
  /** The method being started, if any: its button spins and the others wait. */
  pending: PaymentMethod | null;
  /** After a failed or canceled payment: a lone method reads "Try again". */
  retry?: boolean;
}

/**
 * A button per payment method (the dialog's and the payment page's): each leads straight to its
 * provider. A provider this server has not set up is shown disabled, saying why.
 */
export function PaymentMethodButtons({ choices, onPay, pending, retry = false }: PaymentMethodButtonsProps) {
  const { t } = useTranslation();
  const lone = choices.length === 1;
  return (
    <Flex vertical gap={8}>
      <Flex gap={8} wrap role="group" aria-label={t('Payment methods')}>
        {choices.map((choice) => (
          <Button
            key={choice.method}
            type="primary"
            icon={METHOD_ICONS[choice.method]}
            disabled={!choice.available || (pending !== null && pending !== choice.method)}
            loading={pending === choice.method}
            title={choice.available ? undefined : t('This payment method is not set up on this server yet')}
            onClick={() => onPay(choice.method)}
          >
            {retry && lone ? t('Try again') : paymentMethodLabel(choice.method, t)}
          </Button>
        ))}
      </Flex>
      {choices.some((choice) => !choice.available) ? (
        <Typography.Text type="secondary">
          {t('This payment method is not set up on this server yet')}
        </Typography.Text>
      ) : null}
    </Flex>
  );
}

/** Whether the bill's newest payment attempt ended without paying (the payer may try again). */
export function attemptEnded(attempt: BillAnswer['last_payment']): boolean {
  return attempt?.status === 'failed' || attempt?.status === 'canceled';
}

/**
 * What became of the newest attempt to pay the bill, as the provider reported it: failed or
 * canceled (nothing was charged; try again), or still open (waiting for it). Nothing before any
 * attempt: the buttons say what to do.
 */
export function PaymentAttemptNotice({
  attempt,
  started,
  cameBack = false,
}: {
  attempt: BillAnswer['last_payment'];
  /** A payment was started here (a code to scan, a form submitting). */
  started?: boolean;
  /**
   * The payer is back from the provider's page (`/payment`, where providers send a payer who did
   * not pay): an attempt still open there was left unfinished (Stripe keeps a session open when
   * its payer goes back), so it is said to be not completed rather than waited for.
   */
  cameBack?: boolean;
}) {
  const { t } = useTranslation();
  if (!started && cameBack && attempt?.status === 'pending') {
    return (
      <Alert
        type="info"
        showIcon
        title={t('The payment was not completed')}
        description={t(
          'If you left the payment page without paying, nothing was charged: try again. A payment made in another tab shows here by itself.',
        )}
      />
    );
  }
  if (!started && attempt?.status === 'failed') {
    return (
      <Alert
        type="error"
        showIcon
        title={t('The payment failed')}
        description={t('Nothing was charged. Try again, or choose another way to pay.')}
      />
    );
  }
  if (!started && attempt?.status === 'canceled') {
    return (
      <Alert
        type="warning"
        showIcon
        title={t('The payment was canceled')}
        description={t('Nothing was charged. You can try again.')}
      />
    );
  }
  if (!started && attempt?.status !== 'pending') return null;
  return (
    <Typography.Text type="secondary">
      <Spin size="small" /> {t('Waiting for your payment…')}
    </Typography.Text>
  );
}
