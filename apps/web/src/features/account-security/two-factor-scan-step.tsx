import { useMutation } from '@tanstack/react-query';
import { Button, Flex, Form, QRCode, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServerErrors } from '../../widgets/form-errors/use-server-errors';
import { SecurityCodeInput } from '../../widgets/security-code/security-code-input';
import { confirmTwoFactor } from './security-api';

interface CodeValues {
  code: string;
}

interface TwoFactorScanStepProps {
  totpUri: string;
  secret: string;
  onConfirmed: (token: string) => void;
  onCancel: () => void;
}

const SIX_DIGITS = /^\d{6}$/;

/** `JBSWY3DPEHPK3PXP` -> `JBSW Y3DP EHPK 3PXP`: easier to type into an app by hand. */
function groupedSecret(secret: string): string {
  return secret.match(/.{1,4}/g)?.join(' ') ?? secret;
}

/** Set-up, step two: the app takes the secret (QR code or typed key), its first code switches it on. */
export function TwoFactorScanStep({ totpUri, secret, onConfirmed, onCancel }: TwoFactorScanStepProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<CodeValues>();
  const showErrors = useServerErrors(form);
  const [attempt, setAttempt] = useState(0);

  const confirm = useMutation({
    mutationFn: ({ code }: CodeValues) => confirmTwoFactor(code),
    onSuccess: ({ token }) => onConfirmed(token),
    onError: (error) => {
      form.setFieldValue('code', '');
      setAttempt((count) => count + 1);
      showErrors(error);
    },
  });

  return (
    <Flex vertical gap={16}>
      <Typography.Text strong>{t('1. Scan this QR code with your authenticator app')}</Typography.Text>
      <Flex wrap gap={16} align="center">
        <QRCode
          value={totpUri}
          type="svg"
          size={176}
          // Scanners read dark modules on a light ground; the theme's colours could invert that.
          color="#000000"
          bgColor="#ffffff"
          aria-label={t('QR code for your authenticator app')}
        />
        <Flex vertical gap={4} style={{ minWidth: 0, flex: '1 1 200px' }}>
          <Typography.Text type="secondary">
            {t('Cannot scan it? Enter this key in the app instead:')}
          </Typography.Text>
          <Typography.Text code copyable={{ text: secret }} style={{ wordBreak: 'break-all' }}>
            {groupedSecret(secret)}
          </Typography.Text>
          <Typography.Link href={totpUri}>{t('On this phone? Open the authenticator app')}</Typography.Link>
        </Flex>
      </Flex>
      <Form<CodeValues>
        form={form}
        name="two-factor-confirm"
        layout="vertical"
        requiredMark={false}
        onFinish={(values) => confirm.mutate(values)}
        onValuesChange={() => form.setFields([{ name: 'code', errors: [] }])}
      >
        <Form.Item
          name="code"
          label={t('2. Enter the 6-digit code the app shows')}
          initialValue=""
          validateTrigger={[]}
          rules={[{ required: true, pattern: SIX_DIGITS, message: t('Enter the 6-digit code') }]}
        >
          <SecurityCodeInput
            key={attempt}
            autoFocus={attempt > 0}
            onComplete={() => {
              if (!confirm.isPending) form.submit();
            }}
          />
        </Form.Item>
        <Flex wrap gap={8}>
          <Button type="primary" htmlType="submit" loading={confirm.isPending}>
            {t('Turn on')}
          </Button>
          <Button type="text" onClick={onCancel}>
            {t('Cancel')}
          </Button>
        </Flex>
      </Form>
    </Flex>
  );
}
