import { useTranslation } from 'react-i18next';
import { DocumentTitle } from '../../widgets/brand/document-title';
import { AuthHeading, AuthSplitLayout } from './auth-split-layout';
import { AuthSwitchLink } from './auth-switch-link';
import { EmailSignUpForm } from './email-sign-up-form';

/** `/sign-up`, global variant. */
export function SignUpPage() {
  const { t } = useTranslation();
  return (
    <AuthSplitLayout>
      <DocumentTitle title={t('Create your account')} />
      <AuthHeading
        title={t('Create your account')}
        intro={t('Start with the free plan. No credit card needed.')}
      />
      <EmailSignUpForm />
      <AuthSwitchLink prompt={t('Already have an account?')} label={t('Sign in')} to="/login" />
    </AuthSplitLayout>
  );
}
