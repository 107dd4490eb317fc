import { LockOutlined } from '@ant-design/icons';
import type { postEnableTwoFactor } from '@app/contract/account/security/two-factor';
import type { EndpointResponse } from '@app/contract/define-endpoint';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Flex, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServerErrors } from '../../widgets/form-errors/use-server-errors';
import { RecoveryCodesView } from './recovery-codes-view';
import { enableTwoFactor, keepRenewedToken, securityKey } from './security-api';
import { TwoFactorScanStep } from './two-factor-scan-step';

interface PasswordValues {
  password: string;
}

/** What set-up starts with: the app's secret and the recovery codes. */
type Started = EndpointResponse<typeof postEnableTwoFactor>;
type Step = { kind: 'password' } | { kind: 'scan'; started: Started } | { kind: 'codes'; codes: string[] };

interface TwoFactorSetupProps {
  onDone: () => void;
  onCancel: () => void;
}

/**
 * Switching two-factor authentication on: the password, then the app's secret and its first
 * code, then the recovery codes (handed out at the start, shown once it is really on).
 */
export function TwoFactorSetup({ onDone, onCancel }: TwoFactorSetupProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<PasswordValues>();
  const showErrors = useServerErrors(form);
  const [step, setStep] = useState<Step>({ kind: 'password' });
  const refresh = () => queryClient.invalidateQueries({ queryKey: securityKey });

  const start = useMutation({
    mutationFn: ({ password }: PasswordValues) => enableTwoFactor(password),
    onSuccess: (started) => {
      setStep({ kind: 'scan', started });
      void refresh();
    },
    onError: showErrors,
  });

  if (step.kind === 'scan') {
    return (
      <TwoFactorScanStep
        totpUri={step.started.totp_uri}
        secret={step.started.secret}
        onConfirmed={(token) => {
          keepRenewedToken(token);
          setStep({ kind: 'codes', codes: step.started.recovery_codes });
          void message.success(t('Two-factor authentication is on'));
          void refresh();
        }}
        onCancel={onCancel}
      />
    );
  }

  if (step.kind === 'codes') {
    return (
      <Flex vertical gap={16}>
        <RecoveryCodesView codes={step.codes} />
        <div>
          <Button type="primary" onClick={onDone}>
            {t('I have saved my recovery codes')}
          </Button>
        </div>
      </Flex>
    );
  }

  return (
    <Form<PasswordValues>
      form={form}
      name="two-factor-start"
      layout="vertical"
      requiredMark={false}
      onFinish={(values) => start.mutate(values)}
      style={{ maxWidth: 420 }}
    >
      <Typography.Paragraph>
        {t('Enter your password to start. Nothing changes until the app is confirmed.')}
      </Typography.Paragraph>
      <Form.Item
        name="password"
        label={t('Current password')}
        rules={[{ required: true, message: t('Please enter your password') }]}
      >
        <Input.Password prefix={<LockOutlined aria-hidden />} autoComplete="current-password" autoFocus />
      </Form.Item>
      <Flex wrap gap={8}>
        <Button type="primary" htmlType="submit" loading={start.isPending}>
          {t('Continue')}
        </Button>
        <Button type="text" onClick={onCancel}>
          {t('Cancel')}
        </Button>
      </Flex>
    </Form>
  );
}
