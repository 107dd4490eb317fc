import { WechatOutlined } from '@ant-design/icons';
import { Button, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

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
    <Flex vertical align="center" gap={16} style={{ padding: '8px 0 4px', textAlign: 'center' }}>
      <div className="cn-auth__qr-placeholder" aria-hidden>
        <WechatOutlined aria-hidden />
      </div>
      <Typography.Text strong>{t('WeChat login is not configured yet')}</Typography.Text>
      <Typography.Text type="secondary">
        {t(
          'An administrator has to add the WeChat Open Platform credentials first. Until then, use your e-mail address.',
        )}
      </Typography.Text>
      <Button onClick={onUseEmail}>{t('Use e-mail instead')}</Button>
    </Flex>
  );
}
