import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lightCall } from '../../lib/api/light-client';
import { DocumentTitle } from '../../widgets/brand/document-title';
import { LightButton } from '../../widgets/light-ui/button';
import { LightAlert } from '../../widgets/light-ui/feedback';
import { LightIcon } from '../../widgets/light-ui/icon';
import { MAIL_ICON } from '../../widgets/light-ui/icons/mail';
import { TextField } from '../../widgets/light-ui/text-field';
import { rules, useLightForm } from '../../widgets/light-ui/use-light-form';
import { forgotPasswordEndpoint } from './auth-endpoints';
import { AuthHeading, AuthSplitLayout } from './auth-split-layout';
import { AuthSwitchLink } from './auth-switch-link';

/**
 * `/forgot-password`: asks for a link to set a new password. The answer is the same whether or
 * not an account uses the address (the server tells nobody which addresses have accounts), so
 * the page says what happens if one does.
 */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const form = useLightForm(
    { email: '' },
    {
      rules: {
        email: [
          rules.required(t('Please enter your e-mail address')),
          rules.email(t('Enter a valid e-mail address')),
        ],
      },
    },
  );
  const [sending, setSending] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  /** The server can send no mail at all: nothing went out, and the page says so. */
  const [noMail, setNoMail] = useState(false);

  const send = (values: { email: string }) => {
    if (sending) return;
    setSending(true);
    lightCall(forgotPasswordEndpoint, { body: values, silent: true }).then(
      (answer) => {
        setNoMail(!answer.mail_configured);
        setSentTo(values.email);
      },
      (error: unknown) => {
        setSending(false);
        form.showServerError(error);
      },
    );
  };

  return (
    <AuthSplitLayout>
      <DocumentTitle title={t('Forgot your password?')} />
      <AuthHeading title={t('Forgot your password?')} />
      {sentTo !== null && noMail ? (
        <LightAlert
          type="error"
          role="alert"
          className="auth-split__result"
          title={t('No link was sent')}
          description={t(
            'This server cannot send e-mail yet, so no link went out. Ask your administrator to set up mail, or to set a new password for you.',
          )}
        />
      ) : sentTo !== null ? (
        <LightAlert
          type="success"
          role="status"
          className="auth-split__result"
          title={t('Check your inbox')}
          description={t(
            'If an account uses {{email}}, we have sent it a link to set a new password. The link works once, within one hour.',
            { email: sentTo },
          )}
        />
      ) : (
        <>
          <p className="lui-secondary auth-split__intro">
            {t('Enter the e-mail address of your account and we will send you a link to set a new password.')}
          </p>
          <form noValidate onSubmit={form.handleSubmit(send)}>
            <TextField
              {...form.field('email')}
              label={t('E-mail')}
              prefix={<LightIcon shape={MAIL_ICON} />}
              autoComplete="email"
              inputMode="email"
              placeholder="name@company.com"
            />
            {form.formError ? (
              <LightAlert type="error" role="alert" title={form.formError} className="lui-form-error" />
            ) : null}
            <LightButton type="submit" variant="primary" block busy={sending}>
              {t('Send the link')}
            </LightButton>
          </form>
        </>
      )}
      <AuthSwitchLink prompt={t('Remembered it?')} label={t('Sign in')} to="/login" />
    </AuthSplitLayout>
  );
}
