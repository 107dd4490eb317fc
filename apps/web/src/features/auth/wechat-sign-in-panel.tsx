import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { safeRedirectPath } from '../../lib/safe-redirect-path';
import { LightButton } from '../../widgets/light-ui/button';
import { LightSpinner } from '../../widgets/light-ui/feedback';
import { LightIcon } from '../../widgets/light-ui/icon';
import { WECHAT_ICON } from '../../widgets/light-ui/icons/wechat';
import { isWechatBrowser } from '../../widgets/social/browser';
import { startWechatInApp } from '../../widgets/social/start-social-flow';
import { useSocialProviders } from '../../widgets/social/use-social-providers';
import { WechatQrPanel } from '../../widgets/social/wechat-qr-panel';
import { WechatLoginNotice } from './wechat-login-notice';

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
  const providers = useSocialProviders();
  const inWechat = isWechatBrowser();
  const [leaving, setLeaving] = useState(false);

  if (providers.status === 'pending') {
    return (
      <div style={{ padding: 48 }}>
        <LightSpinner label={t('Loading')} />
      </div>
    );
  }
  const data = providers.status === 'ready' ? providers.data : undefined;
  const configured = inWechat ? data?.wechat_offi.configured : data?.wechat_open.configured;
  if (!configured) return <WechatLoginNotice onUseEmail={onUseEmail} />;
  if (!inWechat) return <WechatQrPanel purpose="login" next={next} />;
  return (
    <div className="cn-auth__notice">
      <span className="lui-secondary">{t('You are in WeChat: sign in with your WeChat account.')}</span>
      <LightButton
        variant="primary"
        icon={<LightIcon shape={WECHAT_ICON} />}
        busy={leaving}
        onClick={() => {
          setLeaving(true);
          startWechatInApp('login', next ?? '/chat').catch(() => setLeaving(false));
        }}
      >
        {t('Continue with WeChat')}
      </LightButton>
    </div>
  );
}
