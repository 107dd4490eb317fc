import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DocumentTitle } from '../../widgets/brand/document-title';
import { AuthSwitchLink } from './auth-switch-link';
import { CnAuthLayout } from './cn-auth-layout';
import { CnAuthTabs } from './cn-auth-tabs';
import { EmailSignInForm } from './email-sign-in-form';
import { SignInNotice } from './sign-in-notice';

/** `/login`, China-region variant. On the code step only the code is asked for: no WeChat tab. */
export function CnLoginPage() {
  const { t } = useTranslation();
  const [codeStep, setCodeStep] = useState(false);

  return (
    <CnAuthLayout title={t('Sign in')}>
      <DocumentTitle title={t('Sign in')} />
      <SignInNotice />
      <CnAuthTabs
        emailLabel={t('E-mail sign-in')}
        emailForm={<EmailSignInForm onCodeStep={setCodeStep} />}
        emailOnly={codeStep}
      />
      {codeStep ? null : (
        <AuthSwitchLink prompt={t("Don't have an account?")} label={t('Create an account')} to="/sign-up" />
      )}
    </CnAuthLayout>
  );
}
