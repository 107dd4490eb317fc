import { Form, Input, Modal } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type FieldMap, useServerErrors } from '../form-errors/use-server-errors';

/** The operator's reason, kept with the record (the contracts' `zReason`: 1 to 500 characters). */
export const REASON_MAX = 500;

export interface ReasonValues {
  reason: string;
}

interface ReasonModalProps<Values extends ReasonValues> {
  open: boolean;
  title: string;
  okText: string;
  /** Red OK button: the change takes money, credits or service away. */
  danger?: boolean;
  /** What the change will do, above the fields: read before the operator confirms. */
  description?: ReactNode;
  initialValues?: Omit<Values, 'reason'>;
  fieldMap?: FieldMap;
  /** Fields above the reason (an amount, a period); their values travel in `Values`. */
  children?: ReactNode;
  /** Gets the reason trimmed; its refusals appear on the form's fields. Call silently. */
  onSubmit: (values: Values) => Promise<unknown>;
  /** Each change of the fields (an amount the OK button repeats). */
  onValuesChange?: (changed: Partial<Values>, all: Values) => void;
  onClose: () => void;
}

/**
 * A change an operator must give a reason for (extend, cancel, refund, adjust, reject): the reason
 * is required, the server's refusals land on the fields, the dialog closes once the change is made.
 */
export function ReasonModal<Values extends ReasonValues>({
  open,
  title,
  okText,
  danger,
  description,
  initialValues,
  fieldMap,
  children,
  onSubmit,
  onValuesChange,
  onClose,
}: ReasonModalProps<Values>) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const showErrors = useServerErrors(form, { fieldMap });
  const [saving, setSaving] = useState(false);

  const submit = async (values: Values) => {
    setSaving(true);
    try {
      await onSubmit({ ...values, reason: values.reason.trim() });
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
      okButtonProps={{ loading: saving, danger }}
      cancelText={t('Cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      {description}
      <Form<Values>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={initialValues}
        onFinish={submit}
        onValuesChange={onValuesChange}
        style={{ marginTop: description ? 16 : 0 }}
      >
        {children}
        <Form.Item
          name="reason"
          label={t('Reason')}
          extra={t('Kept in the operation record.')}
          rules={[
            { required: true, whitespace: true, message: t('Give a reason') },
            { max: REASON_MAX, message: t('Input exceeds maximum length') },
          ]}
        >
          <Input.TextArea rows={3} maxLength={REASON_MAX} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
