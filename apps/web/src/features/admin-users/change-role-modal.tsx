import { Form, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { roleNameLabel } from '../../lib/labels/seeded-labels';

interface ChangeRoleModalProps {
  open: boolean;
  username: string;
  current: string;
  roles: { code: string; name: string }[];
  saving: boolean;
  onSave: (role: string) => void;
  onCancel: () => void;
}

/** Picks the user's new role; the server decides whether this operator may give it. */
export function ChangeRoleModal({
  open,
  username,
  current,
  roles,
  saving,
  onSave,
  onCancel,
}: ChangeRoleModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ role: string }>();

  return (
    <Modal
      open={open}
      title={t('Change the role of {{name}}', { name: username })}
      okText={t('Save')}
      okButtonProps={{ loading: saving }}
      cancelText={t('Cancel')}
      onOk={() => form.submit()}
      onCancel={onCancel}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ role: current }}
        onFinish={({ role }) => onSave(role)}
      >
        <Form.Item name="role" label={t('Role')} rules={[{ required: true, message: t('Choose a role') }]}>
          <Select
            options={roles.map((role) => ({
              value: role.code,
              label: `${roleNameLabel(role.name, t)} (${role.code})`,
            }))}
            showSearch={{ optionFilterProp: 'label' }}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
