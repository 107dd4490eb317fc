import type { SignInResult } from '@app/contract/auth/sign-in';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { lightCall } from '../../lib/api/light-client';
import { LightButton } from '../../widgets/light-ui/button';
import { LightAlert, LightSpinner } from '../../widgets/light-ui/feedback';
import { LightIcon } from '../../widgets/light-ui/icon';
import { LOCK_ICON } from '../../widgets/light-ui/icons/lock';
import { MAIL_ICON } from '../../widgets/light-ui/icons/mail';
import { passwordLengthRules } from '../../widgets/light-ui/password-length-rules';
import { PasswordField, TextField } from '../../widgets/light-ui/text-field';
import { rules, useLightForm } from '../../widgets/light-ui/use-light-form';
import { signInEndpoint } from './auth-endpoints';
import type { PendingSignIn } from './two-factor-step';
import { useAuthSubmit } from './use-auth-submit';

// Only accounts with two-factor authentication reach it: it loads once the password is accepted.
const TwoFactorStep = lazy(() => import('./two-factor-step').then((m) => ({ default: m.TwoFactorStep })));

function pendingSignIn(answer: SignInResult): PendingSignIn | null {
  if (!answer.two_factor_required || !answer.two_factor_token) return null;
  return {
    twoFactorToken: answer.two_factor_token,
    methods: answer.two_factor_methods ?? ['totp', 'recovery_code'],
  };
}

/**
 * E-mail and password sign-in, shared by both regional variants of /login. For an account with
 * two-factor authentication the right password leads to the code step in place of the form.
 */
export function EmailSignInForm({ onCodeStep }: { onCodeStep?: (shown: boolean) => void } = {}) {
  const { t } = useTranslation();
  const form = useLightForm(
    { email: '', password: '' },
    {
      rules: {
        email: [
          rules.required(t('Please enter your e-mail address')),
          rules.email(t('Enter a valid e-mail address')),
        ],
        password: [rules.present(t('Please enter your password')), ...passwordLengthRules(t)],
      },
    },
  );
  const [pending, setPending] = useState<PendingSignIn | null>(null);
  const { submit, submitting } = useAuthSubmit(
    form,
    (body) => lightCall(signInEndpoint, { body, silent: true }),
    {
      onSecondFactor: (answer) => {
        const next = pendingSignIn(answer);
        setPending(next);
        onCodeStep?.(next !== null);
        return next !== null;
      },
    },
  );

  if (pending) {
    return (
      <Suspense fallback={<LightSpinner label={t('Loading')} />}>
        <TwoFactorStep
          pending={pending}
          onBack={() => {
            setPending(null);
            onCodeStep?.(false);
          }}
        />
      </Suspense>
    );
  }

  return (
    <form noValidate onSubmit={form.handleSubmit(submit)}>
      <TextField
        {...form.field('email')}
        label={t('E-mail')}
        prefix={<LightIcon shape={MAIL_ICON} />}
        autoComplete="email"
        inputMode="email"
        placeholder="name@company.com"
      />
      <PasswordField
        {...form.field('password')}
        label={t('Password')}
        prefix={<LightIcon shape={LOCK_ICON} />}
        autoComplete="current-password"
      />
      <div style={{ textAlign: 'right', marginTop: -12, marginBottom: 16 }}>
        <Link to="/forgot-password">{t('Forgot password?')}</Link>
      </div>
      {form.formError ? (
        <LightAlert type="error" role="alert" title={form.formError} className="lui-form-error" />
      ) : null}
      <LightButton type="submit" variant="primary" block busy={submitting}>
        {t('Sign in')}
      </LightButton>
    </form>
  );
}
