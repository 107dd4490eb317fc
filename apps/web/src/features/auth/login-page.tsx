import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DocumentTitle } from '../../widgets/brand/document-title';
import { AuthHeading, AuthSplitLayout } from './auth-split-layout';
import { AuthSwitchLink } from './auth-switch-link';
import { EmailSignInForm } from './email-sign-in-form';
import { SignInNotice } from './sign-in-notice';
import { SocialSignInButtons } from './social-sign-in-buttons';

/** `/login`, global variant. On the code step only the code is asked for: no other ways in. */
export function LoginPage() {
  const { t } = useTranslation();
  const [codeStep, setCodeStep] = useState(false);
  return (
    <AuthSplitLayout>
      <DocumentTitle title={t('Sign in')} />
      <AuthHeading title={t('Sign in')} intro={t('Welcome back. Sign in to your workspace.')} />
      <SignInNotice />
      <EmailSignInForm onCodeStep={setCodeStep} />
      {codeStep ? null : (
        <>
          <SocialSignInButtons />
          <AuthSwitchLink prompt={t("Don't have an account?")} label={t('Create an account')} to="/sign-up" />
        </>
      )}
    </AuthSplitLayout>
  );
}
