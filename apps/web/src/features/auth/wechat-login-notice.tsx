import { useTranslation } from 'react-i18next';
import { LightButton } from '../../widgets/light-ui/button';
import { LightIcon } from '../../widgets/light-ui/icon';
import { WECHAT_ICON } from '../../widgets/light-ui/icons/wechat';

interface WechatLoginNoticeProps {
  onUseEmail: () => void;
}

/**
 * Stands where the WeChat QR code goes. No WeChat app credentials exist yet, so no code is drawn:
 * a fake one would be scanned and fail.
 */
export function WechatLoginNotice({ onUseEmail }: WechatLoginNoticeProps) {
  const { t } = useTranslation();
  return (
    <div className="cn-auth__notice">
      <div className="cn-auth__qr-placeholder" aria-hidden>
        <LightIcon shape={WECHAT_ICON} />
      </div>
      <strong>{t('WeChat login is not configured yet')}</strong>
      <span className="lui-secondary">
        {t(
          'An administrator has to add the WeChat Open Platform credentials first. Until then, use your e-mail address.',
        )}
      </span>
      <LightButton size="middle" onClick={onUseEmail}>
        {t('Use e-mail instead')}
      </LightButton>
    </div>
  );
}
