import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';

const REASON_MAX = 500;

interface BanUserModalProps {
  open: boolean;
  username: string;
  banning: boolean;
  onBan: (reason: string) => void;
  onCancel: () => void;
}

/** Banning ends the user's sessions at once, so the reason is asked for and required. */
export function BanUserModal({ open, username, banning, onBan, onCancel }: BanUserModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ reason: string }>();

  return (
    <Modal
      open={open}
      title={t('Ban {{name}}', { name: username })}
      okText={t('Ban')}
      okButtonProps={{ danger: true, loading: banning }}
      cancelText={t('Cancel')}
      onOk={() => form.submit()}
      onCancel={onCancel}
      afterClose={() => form.resetFields()}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={({ reason }) => onBan(reason.trim())}
      >
        <Form.Item
          name="reason"
          label={t('Reason')}
          extra={t('The user is signed out everywhere and cannot sign in until unbanned.')}
          rules={[
            { required: true, whitespace: true, message: t('Give a reason') },
            { max: REASON_MAX, message: t('Input exceeds maximum length') },
          ]}
        >
          <Input.TextArea rows={3} maxLength={REASON_MAX} showCount autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}
