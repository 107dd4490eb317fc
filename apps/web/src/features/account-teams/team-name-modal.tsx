import { Alert, Checkbox, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showServerErrors } from '../../widgets/form-errors/server-field-errors';

export interface TeamNameValues {
  name: string;
  /** Create only: work in the new team straight away. */
  switchTo: boolean;
}

interface TeamNameModalProps {
  open: boolean;
  title: string;
  okText: string;
  initialName?: string;
  /** Offers "switch to it now" (creating a team does not make it the current one by itself). */
  offerSwitch?: boolean;
  onSave: (values: TeamNameValues) => Promise<unknown>;
  onClose: () => void;
}

/** Names a new team or renames this one; the server's refusals appear in the form. */
export function TeamNameModal({
  open,
  title,
  okText,
  initialName = '',
  offerSwitch,
  onSave,
  onClose,
}: TeamNameModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<TeamNameValues>();
  const [saving, setSaving] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);

  const save = async (values: TeamNameValues) => {
    setSaving(true);
    setFormError(null);
    try {
      await onSave({ name: values.name.trim(), switchTo: Boolean(values.switchTo) });
      onClose();
    } catch (error) {
      setFormError(showServerErrors(form, error, ['name'], t));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={title}
      okText={okText}
      okButtonProps={{ loading: saving }}
      cancelText={t('Cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<TeamNameValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ name: initialName, switchTo: true }}
        onFinish={save}
      >
        <Form.Item
          name="name"
          label={t('Team name')}
          rules={[
            { required: true, whitespace: true, message: t('Enter a team name') },
            { max: 60, message: t('Input exceeds maximum length') },
          ]}
        >
          <Input autoFocus maxLength={60} showCount />
        </Form.Item>
        {offerSwitch ? (
          <Form.Item name="switchTo" valuePropName="checked">
            <Checkbox>{t('Switch to the new team now')}</Checkbox>
          </Form.Item>
        ) : null}
        {formError ? <Alert type="error" showIcon title={formError} /> : null}
      </Form>
    </Modal>
  );
}
