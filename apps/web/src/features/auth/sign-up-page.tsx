import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DocumentTitle } from '../../app/document-title';
import { AuthSplitLayout } from './auth-split-layout';
import { AuthSwitchLink } from './auth-switch-link';
import { EmailSignUpForm } from './email-sign-up-form';

/** `/sign-up`, global variant. */
export function SignUpPage() {
  const { t } = useTranslation();
  return (
    <AuthSplitLayout>
      <DocumentTitle title={t('Create your account')} />
      <Typography.Title level={2} style={{ marginTop: 0, marginBottom: 8 }}>
        {t('Create your account')}
      </Typography.Title>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 32 }}>
        {t('Start with the free plan. No credit card needed.')}
      </Typography.Paragraph>
      <EmailSignUpForm />
      <AuthSwitchLink prompt={t('Already have an account?')} label={t('Sign in')} to="/login" />
    </AuthSplitLayout>
  );
}
