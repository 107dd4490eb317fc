import { WechatOutlined } from '@ant-design/icons';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Button, Flex, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { safeRedirectPath } from '../../app/safe-redirect-path';
import { WechatLoginNotice } from '../auth/wechat-login-notice';
import { isWechatBrowser } from './browser';
import { socialProvidersQuery } from './social-api';
import { startWechatInApp } from './start-social-flow';
import { WechatQrPanel } from './wechat-qr-panel';

interface WechatSignInPanelProps {
  /** Switches the China-region login page to its e-mail tab. */
  onUseEmail: () => void;
}

/**
 * The WeChat tab of the China-region /login: the QR code inline on a computer, a button for the
 * official-account sign-in inside the WeChat browser, and the "not configured" notice when the
 * server has no WeChat credentials for the case at hand.
 */
export function WechatSignInPanel({ onUseEmail }: WechatSignInPanelProps) {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const next = safeRedirectPath(searchParams.get('next'), '') || null;
  const providers = useQuery(socialProvidersQuery);
  const inWechat = isWechatBrowser();
  const inApp = useMutation({ mutationFn: () => startWechatInApp('login', next ?? '/chat') });

  if (providers.isPending) {
    return (
      <Flex justify="center" style={{ padding: 48 }}>
        <Spin />
      </Flex>
    );
  }
  const configured = inWechat
    ? providers.data?.wechat_offi.configured
    : providers.data?.wechat_open.configured;
  if (!configured) return <WechatLoginNotice onUseEmail={onUseEmail} />;
  if (!inWechat) return <WechatQrPanel purpose="login" next={next} />;
  return (
    <Flex vertical align="center" gap={16} style={{ padding: '8px 0 4px', textAlign: 'center' }}>
      <Typography.Text type="secondary">
        {t('You are in WeChat: sign in with your WeChat account.')}
      </Typography.Text>
      <Button
        type="primary"
        size="large"
        icon={<WechatOutlined aria-hidden />}
        loading={inApp.isPending || inApp.isSuccess}
        onClick={() => inApp.mutate()}
      >
        {t('Continue with WeChat')}
      </Button>
    </Flex>
  );
}
