import { GoogleOutlined, WechatOutlined } from '@ant-design/icons';
import { deleteSocialAccount, type SocialProvider } from '@app/contract/social/social';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Divider, Typography } from 'antd';
import { Fragment, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../lib/api/client';
import { socialProviderLabel } from '../../lib/labels/account-labels';
import { basicInfosQueryKey } from '../../lib/session/basic-infos';
import { isWechatBrowser } from './browser';
import { LinkedAccountRow } from './linked-account-row';
import { socialAccountsQuery, socialKey, socialProvidersQuery } from './social-api';
import { startGoogleBind, startWechatInApp } from './start-social-flow';
import { WechatQrModal } from './wechat-qr-modal';

const PROVIDERS: { provider: SocialProvider; icon: ReactNode }[] = [
  { provider: 'google', icon: <GoogleOutlined /> },
  { provider: 'wechat', icon: <WechatOutlined /> },
];

/**
 * Account > Security: the Google and WeChat accounts linked to this user, to sign in with. Linking
 * goes to Google's consent page or shows WeChat's QR code (the official account inside the WeChat
 * browser); unlinking asks first and is refused for the last way to sign in.
 */
export function LinkedAccountsCard() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const accounts = useQuery(socialAccountsQuery);
  const providers = useQuery(socialProvidersQuery);
  const [qrOpen, setQrOpen] = useState(false);
  const inWechat = isWechatBrowser();

  // Both leave the page for the provider; the QR code (WeChat on a computer) opens a dialog instead.
  const link = useMutation({
    mutationFn: (provider: SocialProvider) =>
      provider === 'google' ? startGoogleBind() : startWechatInApp('bind', '/account/security'),
  });
  const startLink = (provider: SocialProvider) =>
    provider === 'wechat' && !inWechat ? setQrOpen(true) : link.mutate(provider);
  const unlink = useMutation({
    mutationFn: (id: string) => callApi(deleteSocialAccount, { params: { id } }),
    onSuccess: () => {
      void message.success(t('Account unlinked'));
      void queryClient.invalidateQueries({ queryKey: socialKey });
      void queryClient.invalidateQueries({ queryKey: basicInfosQueryKey });
    },
  });

  const configured: Record<SocialProvider, boolean | undefined> = {
    google: providers.data?.google.configured,
    wechat: inWechat ? providers.data?.wechat_offi.configured : providers.data?.wechat_open.configured,
  };
  const items = accounts.data?.items ?? [];
  // No password and a single link: that link is the only way back in.
  const onlyWayIn = accounts.data && !accounts.data.has_password && items.length === 1 ? items[0]?.id : null;

  return (
    <Card title={t('Linked accounts')} loading={accounts.isPending}>
      {accounts.isError ? (
        <Alert
          type="error"
          showIcon
          title={t('Linked accounts could not be loaded')}
          action={
            <Button size="small" onClick={() => accounts.refetch()}>
              {t('Retry')}
            </Button>
          }
        />
      ) : (
        <>
          <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
            {t('Sign in with Google or WeChat instead of your password.')}
          </Typography.Paragraph>
          {PROVIDERS.map(({ provider, icon }, index) => {
            // WeChat is 微信 in Chinese: the provider's name is a label like any other.
            const name = socialProviderLabel(provider, t);
            const account = items.find((item) => item.provider === provider) ?? null;
            return (
              <Fragment key={provider}>
                {index > 0 ? <Divider style={{ margin: 0 }} /> : null}
                <LinkedAccountRow
                  provider={provider}
                  name={name}
                  icon={icon}
                  account={account}
                  linkUnavailable={
                    configured[provider] === false
                      ? t('{{provider}} sign-in is not configured on this server', { provider: name })
                      : null
                  }
                  unlinkBlocked={
                    account && account.id === onlyWayIn
                      ? t('This is the only way you can sign in. Link another account first.')
                      : null
                  }
                  // Still busy once the call succeeded: the browser is on its way to the provider.
                  linking={(link.isPending || link.isSuccess) && link.variables === provider}
                  unlinking={unlink.isPending && unlink.variables === account?.id}
                  onLink={() => startLink(provider)}
                  onUnlink={() => account && unlink.mutate(account.id)}
                />
              </Fragment>
            );
          })}
        </>
      )}
      <WechatQrModal open={qrOpen} purpose="bind" onClose={() => setQrOpen(false)} />
    </Card>
  );
}
