import { GoogleOutlined, WechatOutlined } from '@ant-design/icons';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Button, Divider, Flex, Tooltip } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { safeRedirectPath } from '../../app/safe-redirect-path';
import { isWechatBrowser } from './browser';
import { socialProvidersQuery } from './social-api';
import { startGoogleSignIn, startWechatInApp } from './start-social-flow';
import { WechatQrModal } from './wechat-qr-modal';

interface ProviderButtonProps {
  icon: ReactNode;
  label: string;
  /** Why the button cannot be used; null when it can. */
  unavailable: string | null;
  loading: boolean;
  onClick: () => void;
}

function ProviderButton({ icon, label, unavailable, loading, onClick }: ProviderButtonProps) {
  const button = (
    <Button
      block
      size="large"
      icon={icon}
      disabled={unavailable !== null}
      loading={loading}
      onClick={onClick}
    >
      {label}
    </Button>
  );
  // A disabled button swallows pointer events, so the tooltip hangs on a wrapper.
  return unavailable ? (
    <Tooltip title={unavailable}>
      <span style={{ display: 'block', cursor: 'not-allowed' }}>{button}</span>
    </Tooltip>
  ) : (
    button
  );
}

/**
 * "Continue with Google" and "Continue with WeChat" for /login. WeChat shows its QR code in a
 * dialog on a computer; inside the WeChat browser (where a QR code cannot be scanned) it goes
 * through the official account instead. A provider without credentials on the server is shown
 * disabled, with a tooltip saying so. `next` travels with the server-side state.
 */
export function SocialSignInButtons() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const next = safeRedirectPath(searchParams.get('next'), '') || null;
  const providers = useQuery(socialProvidersQuery);
  const [qrOpen, setQrOpen] = useState(false);
  const inWechat = isWechatBrowser();

  const google = useMutation({ mutationFn: () => startGoogleSignIn(next) });
  const wechatInApp = useMutation({ mutationFn: () => startWechatInApp('login', next ?? '/chat') });

  const unavailable = (configured: boolean | undefined, notConfigured: string): string | null => {
    if (providers.isError) return t('Sign-in options could not be loaded. Reload the page to try again.');
    if (configured === false) return notConfigured;
    return null;
  };
  const wechatConfigured = inWechat
    ? providers.data?.wechat_offi.configured
    : providers.data?.wechat_open.configured;

  return (
    <>
      <Divider plain>{t('or')}</Divider>
      <Flex vertical gap={12}>
        <ProviderButton
          icon={<GoogleOutlined aria-hidden />}
          label={t('Continue with Google')}
          unavailable={unavailable(providers.data?.google.configured, t('Google sign-in is not configured'))}
          // Pending until the page has left for Google.
          loading={providers.isPending || google.isPending || google.isSuccess}
          onClick={() => google.mutate()}
        />
        <ProviderButton
          icon={<WechatOutlined aria-hidden />}
          label={t('Continue with WeChat')}
          unavailable={unavailable(wechatConfigured, t('WeChat sign-in is not configured'))}
          loading={providers.isPending || wechatInApp.isPending || wechatInApp.isSuccess}
          onClick={() => (inWechat ? wechatInApp.mutate() : setQrOpen(true))}
        />
      </Flex>
      <WechatQrModal open={qrOpen} purpose="login" next={next} onClose={() => setQrOpen(false)} />
    </>
  );
}
