import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DocumentTitle } from '../../app/document-title';
import { SocialSignInButtons } from '../social-auth/social-sign-in-buttons';
import { AuthSplitLayout } from './auth-split-layout';
import { AuthSwitchLink } from './auth-switch-link';
import { EmailSignInForm } from './email-sign-in-form';

/** `/login`, global variant. */
export function LoginPage() {
  const { t } = useTranslation();
  return (
    <AuthSplitLayout>
      <DocumentTitle title={t('Sign in')} />
      <Typography.Title level={2} style={{ marginTop: 0, marginBottom: 8 }}>
        {t('Sign in')}
      </Typography.Title>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 32 }}>
        {t('Welcome back. Sign in to your workspace.')}
      </Typography.Paragraph>
      <EmailSignInForm />
      <SocialSignInButtons />
      <AuthSwitchLink prompt={t("Don't have an account?")} label={t('Create an account')} to="/sign-up" />
    </AuthSplitLayout>
  );
}
