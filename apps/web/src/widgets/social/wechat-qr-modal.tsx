import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { WechatQrPanel } from './wechat-qr-panel';

interface WechatQrModalProps {
  open: boolean;
  purpose: 'login' | 'bind';
  next?: string | null;
  onClose: () => void;
}

/** The QR panel in a dialog (the sign-in buttons, the linked-accounts card). */
export function WechatQrModal({ open, purpose, next, onClose }: WechatQrModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      title={purpose === 'bind' ? t('Link your WeChat account') : t('Sign in with WeChat')}
      footer={null}
      onCancel={onClose}
      // A closed dialog drops its code; the next opening asks for a fresh one.
      destroyOnHidden
      width={380}
      centered
    >
      <WechatQrPanel purpose={purpose} next={next} />
    </Modal>
  );
}
