import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DocumentTitle } from '../../widgets/brand/document-title';
import { LinkedAccountsCard } from '../../widgets/social/linked-accounts-card';
import { ChangePasswordCard } from './change-password-card';
import { EmailCard } from './email-card';
import { securityOverviewQuery } from './security-api';
import { SessionsCard } from './sessions-card';
import { SetPasswordCard } from './set-password-card';
import { SignInsCard } from './sign-ins-card';
import { TwoFactorCard } from './two-factor-card';

/** `/account/security`: password, e-mail, two-factor authentication, sessions and sign-in history. */
export function SecurityPage() {
  const { t } = useTranslation();
  const overview = useQuery(securityOverviewQuery);

  return (
    <>
      <DocumentTitle title={t('Security')} />
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t('Security')}
      </Typography.Title>
      <Flex vertical gap={16}>
        {overview.data?.has_password === false ? <SetPasswordCard /> : <ChangePasswordCard />}
        {overview.isError ? (
          <Alert
            type="error"
            showIcon
            title={t('Your e-mail and two-factor settings could not be loaded.')}
            action={
              <Button size="small" onClick={() => void overview.refetch()}>
                {t('Retry')}
              </Button>
            }
          />
        ) : (
          <>
            <EmailCard overview={overview.data} />
            <TwoFactorCard overview={overview.data} />
          </>
        )}
        <LinkedAccountsCard />
        <SessionsCard />
        <SignInsCard />
      </Flex>
    </>
  );
}
