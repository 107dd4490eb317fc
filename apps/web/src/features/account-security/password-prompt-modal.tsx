import { LockOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { Form, Input, Modal, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useServerErrors } from '../../widgets/form-errors/use-server-errors';

interface PasswordValues {
  password: string;
}

interface PasswordPromptModalProps<T> {
  open: boolean;
  title: string;
  description: ReactNode;
  okText: string;
  danger?: boolean;
  /** Sends the action with the password; a wrong one comes back on the `password` field. */
  submit: (password: string) => Promise<T>;
  onDone: (result: T) => void;
  onClose: () => void;
}

/** Asks for the password before an action that changes how the account is protected. */
export function PasswordPromptModal<T>({
  open,
  title,
  description,
  okText,
  danger,
  submit,
  onDone,
  onClose,
}: PasswordPromptModalProps<T>) {
  const { t } = useTranslation();
  const [form] = Form.useForm<PasswordValues>();
  const showErrors = useServerErrors(form);
  const action = useMutation({
    mutationFn: ({ password }: PasswordValues) => submit(password),
    onSuccess: (result) => {
      form.resetFields();
      onDone(result);
    },
    onError: showErrors,
  });

  return (
    <Modal
      open={open}
      title={title}
      okText={okText}
      cancelText={t('Cancel')}
      okButtonProps={{ danger, loading: action.isPending }}
      onOk={() => form.submit()}
      onCancel={() => {
        form.resetFields();
        onClose();
      }}
      destroyOnHidden
    >
      <Typography.Paragraph>{description}</Typography.Paragraph>
      <Form<PasswordValues>
        form={form}
        name="password-prompt"
        layout="vertical"
        requiredMark={false}
        onFinish={(values) => action.mutate(values)}
      >
        <Form.Item
          name="password"
          label={t('Current password')}
          rules={[{ required: true, message: t('Please enter your password') }]}
        >
          <Input.Password prefix={<LockOutlined aria-hidden />} autoComplete="current-password" autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}
