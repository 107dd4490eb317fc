import { useTranslation } from 'react-i18next';
import { DocumentTitle } from '../../widgets/brand/document-title';
import { AuthSwitchLink } from './auth-switch-link';
import { CnAuthLayout } from './cn-auth-layout';
import { CnAuthTabs } from './cn-auth-tabs';
import { EmailSignUpForm } from './email-sign-up-form';

/** `/sign-up`, China-region variant. */
export function CnSignUpPage() {
  const { t } = useTranslation();
  return (
    <CnAuthLayout title={t('Create your account')}>
      <DocumentTitle title={t('Create your account')} />
      <CnAuthTabs emailLabel={t('E-mail sign-up')} emailForm={<EmailSignUpForm />} />
      <AuthSwitchLink prompt={t('Already have an account?')} label={t('Sign in')} to="/login" />
    </CnAuthLayout>
  );
}
