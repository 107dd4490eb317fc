import type { zSecondFactor } from '@app/contract/auth/sign-in';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { LightButton } from '../../widgets/light-ui/button';
import { LightIcon } from '../../widgets/light-ui/icon';
import { ARROW_LEFT_ICON } from '../../widgets/light-ui/icons/arrow-left';
import { SAFETY_ICON } from '../../widgets/light-ui/icons/safety';
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
      <h4 id="two-factor-step-title" style={{ fontSize: 20, marginBottom: 8 }}>
        <LightIcon shape={SAFETY_ICON} style={{ marginInlineEnd: 8 }} />
        {t('Two-step verification')}
      </h4>
      <p className="lui-secondary">
        {method === 'totp'
          ? t('Enter the 6-digit code from your authenticator app.')
          : t(
              'Enter one of the recovery codes you saved when you set up two-factor authentication. Each code works once.',
            )}
      </p>
      {method === 'totp' ? (
        <TwoFactorTotpForm twoFactorToken={pending.twoFactorToken} />
      ) : (
        <TwoFactorRecoveryForm twoFactorToken={pending.twoFactorToken} />
      )}
      <div
        style={{ display: 'flex', justifyContent: 'space-between', flexWrap: 'wrap', gap: 8, marginTop: 16 }}
      >
        <LightButton variant="link" icon={<LightIcon shape={ARROW_LEFT_ICON} />} onClick={onBack}>
          {t('Back')}
        </LightButton>
        {method === 'totp' && recovery ? (
          <LightButton variant="link" onClick={() => setMethod('recovery_code')}>
            {t('Use a recovery code instead')}
          </LightButton>
        ) : null}
        {method === 'recovery_code' && totp ? (
          <LightButton variant="link" onClick={() => setMethod('totp')}>
            {t('Use the authenticator app instead')}
          </LightButton>
        ) : null}
      </div>
    </section>
  );
}
