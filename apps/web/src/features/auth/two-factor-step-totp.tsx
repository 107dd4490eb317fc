import { postVerifyTotp } from '@app/contract/auth/two-factor';
import { Alert, Button, Form } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../lib/api/client';
import { SecurityCodeInput } from '../../widgets/security-code/security-code-input';
import { useAuthSubmit } from './use-auth-submit';

interface TotpValues {
  code: string;
}

const FIELDS = ['code'] as const;
const SIX_DIGITS = /^\d{6}$/;

/** The authenticator-app code; sent as soon as the six boxes are full. */
export function TwoFactorTotpForm({ twoFactorToken }: { twoFactorToken: string }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<TotpValues>();
  // A new key remounts the boxes empty, with the focus back in the first one.
  const [attempt, setAttempt] = useState(0);
  const { submit, submitting, formError } = useAuthSubmit(
    form,
    FIELDS,
    ({ code }: TotpValues) =>
      callApi(postVerifyTotp, { body: { two_factor_token: twoFactorToken, code }, silent: true }),
    {
      onFailed: () => {
        form.setFieldValue('code', '');
        setAttempt((count) => count + 1);
      },
    },
  );

  return (
    <Form<TotpValues>
      form={form}
      layout="vertical"
      requiredMark={false}
      onFinish={submit}
      // The message of a rejected code stays until the user types again.
      onValuesChange={() => form.setFields([{ name: 'code', errors: [] }])}
    >
      <Form.Item
        name="code"
        label={t('Authentication code')}
        initialValue=""
        // Checked on submit only: an error after the first digit would be noise.
        validateTrigger={[]}
        rules={[{ pattern: SIX_DIGITS, required: true, message: t('Enter the 6-digit code') }]}
      >
        <SecurityCodeInput
          key={attempt}
          autoFocus
          onComplete={() => {
            if (!submitting) form.submit();
          }}
        />
      </Form.Item>
      {formError ? <Alert type="error" showIcon title={formError} style={{ marginBottom: 24 }} /> : null}
      <Button type="primary" htmlType="submit" block size="large" loading={submitting}>
        {t('Verify')}
      </Button>
    </Form>
  );
}
