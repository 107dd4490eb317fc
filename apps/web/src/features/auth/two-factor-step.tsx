import { ArrowLeftOutlined, SafetyOutlined } from '@ant-design/icons';
import type { zSecondFactor } from '@app/contract/auth/sign-in';
import { Button, Flex, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { TwoFactorRecoveryForm } from './two-factor-step-recovery';
import { TwoFactorTotpForm } from './two-factor-step-totp';

type SecondFactor = z.infer<typeof zSecondFactor>;

/** A sign-in whose password was right and that waits for a second factor. */
export interface PendingSignIn {
  /** The server's signed, single-use pending sign-in (valid 10 minutes, 5 wrong codes). */
  twoFactorToken: string;
  methods: SecondFactor[];
}

interface TwoFactorStepProps {
  pending: PendingSignIn;
  /** Back to the password form; the pending sign-in is simply left to expire. */
  onBack: () => void;
}

/**
 * The second step of signing in to an account with two-factor authentication: a code from the
 * authenticator app (sent as soon as six characters are in), or one of the recovery codes for
 * someone without their phone.
 */
export function TwoFactorStep({ pending, onBack }: TwoFactorStepProps) {
  const { t } = useTranslation();
  const totp = pending.methods.includes('totp');
  const recovery = pending.methods.includes('recovery_code');
  const [method, setMethod] = useState<SecondFactor>(totp ? 'totp' : 'recovery_code');

  return (
    <section aria-labelledby="two-factor-step-title">
      <Typography.Title level={4} id="two-factor-step-title" style={{ marginTop: 0 }}>
        <SafetyOutlined aria-hidden style={{ marginInlineEnd: 8 }} />
        {t('Two-step verification')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        {method === 'totp'
          ? t('Enter the 6-digit code from your authenticator app.')
          : t(
              'Enter one of the recovery codes you saved when you set up two-factor authentication. Each code works once.',
            )}
      </Typography.Paragraph>
      {method === 'totp' ? (
        <TwoFactorTotpForm twoFactorToken={pending.twoFactorToken} />
      ) : (
        <TwoFactorRecoveryForm twoFactorToken={pending.twoFactorToken} />
      )}
      <Flex justify="space-between" wrap gap={8} style={{ marginTop: 16 }}>
        <Button
          type="link"
          icon={<ArrowLeftOutlined aria-hidden />}
          onClick={onBack}
          style={{ paddingInline: 0 }}
        >
          {t('Back')}
        </Button>
        {method === 'totp' && recovery ? (
          <Button type="link" onClick={() => setMethod('recovery_code')} style={{ paddingInline: 0 }}>
            {t('Use a recovery code instead')}
          </Button>
        ) : null}
        {method === 'recovery_code' && totp ? (
          <Button type="link" onClick={() => setMethod('totp')} style={{ paddingInline: 0 }}>
            {t('Use the authenticator app instead')}
          </Button>
        ) : null}
      </Flex>
    </section>
  );
}
