import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useServerErrors } from '../../widgets/form-errors/use-server-errors';
import type { Role } from './roles-api';

export interface RoleFormValues {
  code: string;
  name: string;
  description: string;
}

interface RoleFormModalProps {
  open: boolean;
  /** The role being renamed; absent to create one. */
  role?: Role;
  saving: boolean;
  onSave: (values: RoleFormValues) => Promise<unknown>;
  onClose: () => void;
}

/** New role (code, name, description) or rename (name, description: a code never changes). */
export function RoleFormModal({ open, role, saving, onSave, onClose }: RoleFormModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<RoleFormValues>();
  // The server names the field it refuses (a taken code, a too-long name).
  const showErrors = useServerErrors(form);

  const submit = async (values: RoleFormValues) => {
    try {
      await onSave(values);
      onClose();
    } catch (error) {
      showErrors(error);
    }
  };

  return (
    <Modal
      open={open}
      title={role ? t('Rename role {{code}}', { code: role.code }) : t('New role')}
      okText={role ? t('Save') : t('Create')}
      okButtonProps={{ loading: saving }}
      cancelText={t('Cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<RoleFormValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{
          code: role?.code ?? '',
          name: role?.name ?? '',
          description: role?.description ?? '',
        }}
        onFinish={(values) => void submit(values)}
      >
        {role ? null : (
          <Form.Item
            name="code"
            label={t('Code')}
            extra={t('Lower-case letters, digits and _; it cannot be changed later.')}
            rules={[
              { required: true, message: t('Enter a code') },
              {
                pattern: /^[a-z][a-z0-9_]{1,63}$/,
                message: t('Use 2 to 64 lower-case letters, digits or _'),
              },
            ]}
          >
            <Input autoComplete="off" placeholder="support_lead" />
          </Form.Item>
        )}
        <Form.Item
          name="name"
          label={t('Name')}
          rules={[
            { required: true, whitespace: true, message: t('Enter a name') },
            { max: 64, message: t('Input exceeds maximum length') },
          ]}
        >
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="description"
          label={t('Description')}
          rules={[{ max: 500, message: t('Input exceeds maximum length') }]}
        >
          <Input.TextArea rows={3} maxLength={500} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
