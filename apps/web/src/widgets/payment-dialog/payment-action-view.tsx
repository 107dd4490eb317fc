import { Flex, QRCode, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { paymentMethodLabel } from '../billing-labels/billing-labels';
import { AutoSubmitForm } from './auto-submit-form';
import type { StartedPayment } from './use-pay-with';

/** Spec section 9: the QR code is 180 px wide (Alipay's `qrcode_width`), WeChat's alike. */
export const QR_WIDTH = 180;

/** What a started payment asks of the payer here: scan a code, or wait while its form submits. */
export function PaymentActionView({ started }: { started: StartedPayment }) {
  const { t } = useTranslation();
  const next = started.next;
  if (next.kind === 'form') return <AutoSubmitForm html={next.form_html} />;
  if (next.kind === 'redirect' || next.kind === 'wechat_jsapi') return null;
  return (
    <Flex vertical align="center" gap={8}>
      <div role="img" aria-label={t('Payment QR code')}>
        {/* SVG: sharp at any zoom, and no canvas needed. */}
        <QRCode value={next.qrcode_url} size={QR_WIDTH} type="svg" bordered={false} />
      </div>
      <Typography.Text>
        {t('Scan with {{provider}} to pay. This page moves on by itself once the payment arrives.', {
          provider: paymentMethodLabel(started.method, t),
        })}
      </Typography.Text>
    </Flex>
  );
}
