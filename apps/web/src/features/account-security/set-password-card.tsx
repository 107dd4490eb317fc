import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Form, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useServerErrors } from '../../widgets/form-errors/use-server-errors';
import { NewPasswordFields } from '../../widgets/new-password-fields/new-password-fields';
import { securityKey, setPassword } from './security-api';

interface SetPasswordValues {
  new_password: string;
  confirm: string;
}

/** The server's name for the confirmation; the form calls it `confirm`. */
const FIELD_MAP = { confirm_password: 'confirm' };

/**
 * For an account made by Google or WeChat sign-in: a first password, so the user can also sign in
 * with their e-mail, turn on two-factor sign-in and unlink a provider.
 */
export function SetPasswordCard() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<SetPasswordValues>();
  const showErrors = useServerErrors(form, { fieldMap: FIELD_MAP });

  const set = useMutation({
    mutationFn: (values: SetPasswordValues) =>
      setPassword({ new_password: values.new_password, confirm_password: values.confirm }),
    onSuccess: () => {
      form.resetFields();
      void message.success(t('Your password is set'));
      // The page now offers "Change password", and linked accounts may be unlinked.
      void queryClient.invalidateQueries({ queryKey: securityKey });
    },
    onError: showErrors,
  });

  return (
    <Card title={t('Set a password')}>
      <Typography.Paragraph type="secondary">
        {t('You sign in with a linked account. Set a password to sign in with your e-mail address too.')}
      </Typography.Paragraph>
      <Form<SetPasswordValues>
        form={form}
        name="set-password"
        layout="vertical"
        requiredMark={false}
        onFinish={(values) => set.mutate(values)}
        style={{ maxWidth: 420 }}
      >
        <NewPasswordFields name="new_password" label={t('New password')} />
        <Form.Item style={{ marginBottom: 0 }}>
          <Button type="primary" htmlType="submit" loading={set.isPending}>
            {t('Set password')}
          </Button>
        </Form.Item>
      </Form>
    </Card>
  );
}
