import { useTranslation } from 'react-i18next';
import { LightDialog } from '../../widgets/light-ui/dialog';
import { WechatQrPanel } from '../../widgets/social/wechat-qr-panel';

/** The WeChat QR code of /login on a computer, in a dialog (a lazy chunk: most visitors never open it). */
export function WechatQrDialog({ next, onClose }: { next: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <LightDialog open title={t('Sign in with WeChat')} onClose={onClose}>
      <WechatQrPanel purpose="login" next={next} />
    </LightDialog>
  );
}
