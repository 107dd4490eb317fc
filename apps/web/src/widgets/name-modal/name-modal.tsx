import { Form, Input, Modal } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type FieldMap, useServerErrors } from '../form-errors/use-server-errors';

/** What every name modal edits; a caller's extra fields (`children`) add to it. */
export interface NameValues {
  name: string;
  /** Only with the `description` prop. */
  description?: string;
}

interface NameModalProps<Values extends NameValues> {
  open: boolean;
  title: string;
  okText: string;
  /** The name field's label, e.g. "Team name". */
  label: string;
  /** Said when the name is left empty, e.g. "Enter a team name". */
  requiredMessage: string;
  maxLength: number;
  /** Adds a description text area of this length. */
  description?: { maxLength: number; placeholder?: string };
  initialValues: Values;
  /** The server's names for the fields where they differ (a folder's name is `folder`). */
  fieldMap?: FieldMap;
  /** Further fields below the name, e.g. a checkbox; their values travel in `Values`. */
  children?: ReactNode;
  /** Gets the name (and description) trimmed; its refusals appear in the form. Call silently. */
  onSave: (values: Values) => Promise<unknown>;
  onClose: () => void;
}

/**
 * Names something new or renames it (a team, a project, a folder or file): one name field, an
 * optional description, the server's refusals on their fields, closed once saved.
 */
export function NameModal<Values extends NameValues>({
  open,
  title,
  okText,
  label,
  requiredMessage,
  maxLength,
  description,
  initialValues,
  fieldMap,
  children,
  onSave,
  onClose,
}: NameModalProps<Values>) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const showErrors = useServerErrors(form, { fieldMap });
  const [saving, setSaving] = useState(false);

  const save = async (values: Values) => {
    setSaving(true);
    try {
      const trimmed = { ...values, name: values.name.trim() };
      await onSave(description ? { ...trimmed, description: (values.description ?? '').trim() } : trimmed);
      onClose();
    } catch (error) {
      showErrors(error);
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
      <Form<Values>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={initialValues}
        onFinish={(values) => void save(values)}
      >
        <Form.Item
          name="name"
          label={label}
          rules={[
            { required: true, whitespace: true, message: requiredMessage },
            { max: maxLength, message: t('Input exceeds maximum length') },
          ]}
        >
          <Input autoFocus maxLength={maxLength} showCount />
        </Form.Item>
        {description ? (
          <Form.Item
            name="description"
            label={t('Description')}
            rules={[{ max: description.maxLength, message: t('Input exceeds maximum length') }]}
          >
            <Input.TextArea
              rows={3}
              maxLength={description.maxLength}
              showCount
              placeholder={description.placeholder}
            />
          </Form.Item>
        ) : null}
        {children}
      </Form>
    </Modal>
  );
}
