import { KeyOutlined } from '@ant-design/icons';
import { postVerifyRecoveryCode } from '@app/contract/auth/two-factor';
import { Alert, Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../lib/api/client';
import { useAuthSubmit } from './use-auth-submit';

interface RecoveryValues {
  code: string;
}

const FIELDS = ['code'] as const;
const RECOVERY_CODE_MAX = 64;

/** One of the recovery codes shown at set-up, for a user without their authenticator app. */
export function TwoFactorRecoveryForm({ twoFactorToken }: { twoFactorToken: string }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<RecoveryValues>();
  const { submit, submitting, formError } = useAuthSubmit(form, FIELDS, ({ code }: RecoveryValues) =>
    callApi(postVerifyRecoveryCode, {
      body: { two_factor_token: twoFactorToken, code: code.trim() },
      silent: true,
    }),
  );

  return (
    <Form<RecoveryValues> form={form} layout="vertical" requiredMark={false} onFinish={submit} size="large">
      <Form.Item
        name="code"
        label={t('Recovery code')}
        rules={[
          { required: true, whitespace: true, message: t('Enter a recovery code') },
          { max: RECOVERY_CODE_MAX, message: t('Input exceeds maximum length') },
        ]}
      >
        <Input
          prefix={<KeyOutlined aria-hidden />}
          autoFocus
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          placeholder="xxxxx-xxxxx"
        />
      </Form.Item>
      {formError ? <Alert type="error" showIcon title={formError} style={{ marginBottom: 24 }} /> : null}
      <Button type="primary" htmlType="submit" block loading={submitting}>
        {t('Verify')}
      </Button>
    </Form>
  );
}
