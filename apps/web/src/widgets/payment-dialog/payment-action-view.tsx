import { Alert, Flex, QRCode, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { paymentMethodLabel } from '../billing-labels/billing-labels';
import { AutoSubmitForm } from './auto-submit-form';
import type { StartedPayment } from './use-pay-with';

/** Spec section 9: the QR code is 180 px wide (Alipay's `qrcode_width`), WeChat's alike. */
export const QR_WIDTH = 180;

/**
 * What a started payment asks of the payer here: scan a code (WeChat Pay's drawn here, Alipay's
 * own code page in a frame, with Alipay's page as the alternative), or wait while its form
 * submits. `amount` is the payable amount, shown beside the code.
 */
export function PaymentActionView({ started, amount }: { started: StartedPayment; amount?: string }) {
  const { t } = useTranslation();
  const next = started.next;
  const provider = paymentMethodLabel(started.method, t);
  if (next.kind === 'redirect' || next.kind === 'wechat_jsapi') return null;
  if (next.kind === 'form') {
    // A phone (wap pay), or no code page: the form goes to the provider at once (spec section 5).
    if (!next.qrcode_page_url) return <AutoSubmitForm html={next.form_html} />;
    return (
      <ScanToPay
        provider={provider}
        amount={amount}
        code={
          // Alipay's page holding only its code (`qr_pay_mode` 4): it draws and watches the code itself.
          <iframe
            title={t('Payment QR code')}
            src={next.qrcode_page_url}
            width={QR_WIDTH}
            height={QR_WIDTH}
            style={{ border: 0, display: 'block' }}
            sandbox="allow-scripts allow-same-origin allow-forms"
          />
        }
      >
        <AutoSubmitForm
          html={next.form_html}
          submitLabel={t('Pay on {{provider}}’s page instead', { provider })}
        />
      </ScanToPay>
    );
  }
  return (
    <ScanToPay
      provider={provider}
      amount={amount}
      code={
        <div role="img" aria-label={t('Payment QR code')}>
          {/* SVG: sharp at any zoom, and no canvas needed. */}
          <QRCode value={next.qrcode_url} size={QR_WIDTH} type="svg" bordered={false} />
        </div>
      }
    />
  );
}

/** The code to scan, with the payable amount and what to do beside it. */
function ScanToPay({
  provider,
  amount,
  code,
  children,
}: {
  provider: string;
  amount?: string;
  code: ReactNode;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Flex gap={16} align="center" wrap justify="center">
      {code}
      <Flex vertical gap={8} style={{ flex: '1 1 200px' }}>
        {amount ? (
          <div>
            <Typography.Text type="secondary">{t('Payable amount')}</Typography.Text>
            <Typography.Title level={3} style={{ margin: 0 }}>
              {amount}
            </Typography.Title>
          </div>
        ) : null}
        <Typography.Text>
          {t('Scan with {{provider}} to pay. This page moves on by itself once the payment arrives.', {
            provider,
          })}
        </Typography.Text>
        {children}
      </Flex>
    </Flex>
  );
}

/** Inside WeChat: its pay sheet answered a failure (nothing was paid); the button tries again. */
export function WechatPayFailed() {
  const { t } = useTranslation();
  return (
    <Alert
      type="error"
      showIcon
      title={t('WeChat Pay could not open its payment sheet')}
      description={t('Nothing was charged. You can try again.')}
    />
  );
}
