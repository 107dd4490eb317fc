import { Alert, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showServerErrors } from '../../widgets/form-errors/server-field-errors';
import type { ProjectValues } from './use-project-actions';

interface ProjectFormModalProps {
  open: boolean;
  title: string;
  okText: string;
  initial?: ProjectValues;
  onSave: (values: ProjectValues) => Promise<unknown>;
  onClose: () => void;
}

/** Name and description of a new or existing project; the server's refusals appear in the form. */
export function ProjectFormModal({ open, title, okText, initial, onSave, onClose }: ProjectFormModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ProjectValues>();
  const [saving, setSaving] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);

  const save = async (values: ProjectValues) => {
    setSaving(true);
    setFormError(null);
    try {
      await onSave({ name: values.name.trim(), description: (values.description ?? '').trim() });
      onClose();
    } catch (error) {
      setFormError(showServerErrors(form, error, ['name', 'description'], t));
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
      <Form<ProjectValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={initial ?? { name: '', description: '' }}
        onFinish={save}
      >
        <Form.Item
          name="name"
          label={t('Project name')}
          rules={[
            { required: true, whitespace: true, message: t('Enter a project name') },
            { max: 80, message: t('Input exceeds maximum length') },
          ]}
        >
          <Input autoFocus maxLength={80} showCount />
        </Form.Item>
        <Form.Item
          name="description"
          label={t('Description')}
          rules={[{ max: 1000, message: t('Input exceeds maximum length') }]}
        >
          <Input.TextArea
            rows={3}
            maxLength={1000}
            showCount
            placeholder={t('What the project is for, e.g. the spring campaign for the new product line')}
          />
        </Form.Item>
        {formError ? <Alert type="error" showIcon title={formError} /> : null}
      </Form>
    </Modal>
  );
}
