import { LockOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServerErrors } from '../../widgets/form-errors/use-server-errors';
import { NewPasswordFields } from '../../widgets/new-password-fields/new-password-fields';
import { changePassword, securityKey } from './security-api';

interface ChangePasswordValues {
  current_password: string;
  new_password: string;
  confirm: string;
}

/** The server's name for the confirmation; the form calls it `confirm`. */
const FIELD_MAP = { confirm_password: 'confirm' };

/** The current password, then the new one twice (the server checks the pair again). */
export function ChangePasswordCard() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<ChangePasswordValues>();
  const showErrors = useServerErrors(form, { fieldMap: FIELD_MAP });
  const [revoked, setRevoked] = useState<number | null>(null);

  const change = useMutation({
    mutationFn: (values: ChangePasswordValues) =>
      changePassword({
        current_password: values.current_password,
        new_password: values.new_password,
        confirm_password: values.confirm,
      }),
    onMutate: () => setRevoked(null),
    onSuccess: ({ sessions_revoked }) => {
      form.resetFields();
      setRevoked(sessions_revoked);
      void message.success(t('Your password has been changed'));
      // The other sessions are gone, and the sign-in list may show them.
      void queryClient.invalidateQueries({ queryKey: securityKey });
    },
    onError: showErrors,
  });

  return (
    <Card title={t('Change password')}>
      {revoked !== null ? (
        <Alert
          type="success"
          showIcon
          closable={{ onClose: () => setRevoked(null) }}
          style={{ marginBottom: 16 }}
          title={t('Your password has been changed')}
          description={
            revoked > 0
              ? t('Your other sessions were signed out ({{count}}); this device stays signed in.', {
                  count: revoked,
                })
              : t('You were not signed in anywhere else; this device stays signed in.')
          }
        />
      ) : null}
      <Form<ChangePasswordValues>
        form={form}
        name="change-password"
        layout="vertical"
        requiredMark={false}
        onFinish={(values) => change.mutate(values)}
        style={{ maxWidth: 420 }}
      >
        <Form.Item
          name="current_password"
          label={t('Current password')}
          rules={[{ required: true, message: t('Please enter your password') }]}
        >
          <Input.Password prefix={<LockOutlined aria-hidden />} autoComplete="current-password" />
        </Form.Item>
        <NewPasswordFields name="new_password" label={t('New password')} />
        <Form.Item style={{ marginBottom: 0 }}>
          <Button type="primary" htmlType="submit" loading={change.isPending}>
            {t('Change password')}
          </Button>
        </Form.Item>
      </Form>
    </Card>
  );
}
