import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { lightCall } from '../../lib/api/light-client';
import { DocumentTitle } from '../../widgets/brand/document-title';
import { LightButton } from '../../widgets/light-ui/button';
import { LightAlert } from '../../widgets/light-ui/feedback';
import { useLightForm } from '../../widgets/light-ui/use-light-form';
import {
  LightNewPasswordFields,
  newPasswordRules,
} from '../../widgets/new-password-fields/light-new-password-fields';
import { resetPasswordEndpoint } from './auth-endpoints';
import { AuthHeading, AuthSplitLayout } from './auth-split-layout';
import { AuthSwitchLink } from './auth-switch-link';
import type { SignInNoticeState } from './sign-in-notice';

/** `/reset-password?token=`: the page an e-mailed reset link opens. */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  // An invalid or expired token comes back on the `token` field, which the form does not show:
  // it goes above the button, in the server's words.
  const form = useLightForm({ newPassword: '', confirm: '' }, { rules: newPasswordRules(t, 'newPassword') });
  const [sending, setSending] = useState(false);

  const reset = ({ newPassword }: { newPassword: string }) => {
    if (sending) return;
    setSending(true);
    lightCall(resetPasswordEndpoint, { body: { token, newPassword }, silent: true }).then(
      () => {
        // Said on the sign-in page it leads to, where it stays until the user moves on.
        const state: SignInNoticeState = {
          signInNotice: t('Your password has been changed. Sign in with the new one.'),
        };
        void navigate('/login', { replace: true, state });
      },
      (error: unknown) => {
        setSending(false);
        form.showServerError(error);
      },
    );
  };

  return (
    <AuthSplitLayout>
      <DocumentTitle title={t('Set a new password')} />
      <AuthHeading title={t('Set a new password')} />
      {token ? (
        <>
          <p className="lui-secondary auth-split__intro">
            {t('Choose a new password. You will be signed out everywhere and can then sign in with it.')}
          </p>
          <form noValidate onSubmit={form.handleSubmit(reset)}>
            <LightNewPasswordFields form={form} name="newPassword" label={t('New password')} />
            {form.formError ? (
              <LightAlert type="error" role="alert" title={form.formError} className="lui-form-error" />
            ) : null}
            <LightButton type="submit" variant="primary" block busy={sending}>
              {t('Change password')}
            </LightButton>
          </form>
        </>
      ) : (
        <LightAlert
          type="error"
          role="alert"
          className="auth-split__result"
          title={t('This link is incomplete. Open the link from the e-mail again, or ask for a new one.')}
        />
      )}
      <AuthSwitchLink prompt={t('Remembered it?')} label={t('Sign in')} to="/login" />
    </AuthSplitLayout>
  );
}
