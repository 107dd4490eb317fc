import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lightCall } from '../../lib/api/light-client';
import { LightButton } from '../../widgets/light-ui/button';
import { LightAlert } from '../../widgets/light-ui/feedback';
import { useLightForm } from '../../widgets/light-ui/use-light-form';
import { LightSecurityCodeInput } from '../../widgets/security-code/light-security-code-input';
import { verifyTotpEndpoint } from './auth-endpoints';
import { useAuthSubmit } from './use-auth-submit';

const SIX_DIGITS = /^\d{6}$/;

/** The authenticator-app code; sent as soon as the six boxes are full. */
export function TwoFactorTotpForm({ twoFactorToken }: { twoFactorToken: string }) {
  const { t } = useTranslation();
  const form = useLightForm(
    { code: '' },
    { rules: { code: [(value) => (SIX_DIGITS.test(value) ? null : t('Enter the 6-digit code'))] } },
  );
  // A new key remounts the boxes empty, with the focus back in the first one.
  const [attempt, setAttempt] = useState(0);
  const { submit, submitting } = useAuthSubmit(
    form,
    ({ code }) =>
      lightCall(verifyTotpEndpoint, { body: { two_factor_token: twoFactorToken, code }, silent: true }),
    {
      onFailed: () => {
        form.reset({ code: '' });
        setAttempt((count) => count + 1);
      },
    },
  );
  const error = form.errors.code;
  const label = t('Authentication code');

  return (
    <form noValidate onSubmit={form.handleSubmit(submit)}>
      <div className={error ? 'lui-field lui-field--invalid' : 'lui-field'}>
        <label className="lui-field__label" htmlFor="code">
          {label}
        </label>
        <LightSecurityCodeInput
          key={attempt}
          id="code"
          autoFocus
          value={form.values.code}
          // The message of a rejected code stays until the user types again; checked on submit only
          // (an error after the first digit would be noise).
          onChange={(code) => form.reset({ code })}
          onComplete={(code) => {
            if (!submitting) form.submitWith({ code }, submit);
          }}
          invalid={Boolean(error)}
          describedBy={error ? 'code-error' : undefined}
        />
        {error ? (
          <div id="code-error" className="lui-field__error">
            {error}
          </div>
        ) : null}
      </div>
      {form.formError ? (
        <LightAlert type="error" role="alert" title={form.formError} className="lui-form-error" />
      ) : null}
      <LightButton type="submit" variant="primary" block busy={submitting}>
        {t('Verify')}
      </LightButton>
    </form>
  );
}
