import { useTranslation } from 'react-i18next';
import { lightCall } from '../../lib/api/light-client';
import { LightButton } from '../../widgets/light-ui/button';
import { LightAlert } from '../../widgets/light-ui/feedback';
import { LightIcon } from '../../widgets/light-ui/icon';
import { KEY_ICON } from '../../widgets/light-ui/icons/key';
import { TextField } from '../../widgets/light-ui/text-field';
import { rules, useLightForm } from '../../widgets/light-ui/use-light-form';
import { verifyRecoveryCodeEndpoint } from './auth-endpoints';
import { useAuthSubmit } from './use-auth-submit';

const RECOVERY_CODE_MAX = 64;

/** One of the recovery codes shown at set-up, for a user without their authenticator app. */
export function TwoFactorRecoveryForm({ twoFactorToken }: { twoFactorToken: string }) {
  const { t } = useTranslation();
  const form = useLightForm(
    { code: '' },
    {
      rules: {
        code: [
          rules.required(t('Enter a recovery code')),
          rules.maxLength(RECOVERY_CODE_MAX, t('Input exceeds maximum length')),
        ],
      },
    },
  );
  const { submit, submitting } = useAuthSubmit(form, ({ code }) =>
    lightCall(verifyRecoveryCodeEndpoint, {
      body: { two_factor_token: twoFactorToken, code: code.trim() },
      silent: true,
    }),
  );

  return (
    <form noValidate onSubmit={form.handleSubmit(submit)}>
      <TextField
        {...form.field('code')}
        label={t('Recovery code')}
        prefix={<LightIcon shape={KEY_ICON} />}
        // The field appears when the user asks for it: typing goes there.
        autoFocus
        autoComplete="off"
        autoCapitalize="off"
        spellCheck={false}
        placeholder="xxxxx-xxxxx"
      />
      {form.formError ? (
        <LightAlert type="error" role="alert" title={form.formError} className="lui-form-error" />
      ) : null}
      <LightButton type="submit" variant="primary" block busy={submitting}>
        {t('Verify')}
      </LightButton>
    </form>
  );
}
