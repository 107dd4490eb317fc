import { LockOutlined, MailOutlined } from '@ant-design/icons';
import { postSignIn } from '@app/contract/auth/sign-in';
import { PASSWORD_MAX, PASSWORD_MIN } from '@app/contract/auth/sign-up';
import { Alert, Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../lib/api/client';
import { useAuthSubmit } from './use-auth-submit';

interface SignInValues {
  email: string;
  password: string;
}

const FIELDS = ['email', 'password'] as const;

/** E-mail and password sign-in, shared by both regional variants of /login. */
export function EmailSignInForm() {
  const { t } = useTranslation();
  const [form] = Form.useForm<SignInValues>();
  const { submit, submitting, formError } = useAuthSubmit(form, FIELDS, (body) =>
    callApi(postSignIn, { body, silent: true }),
  );

  return (
    <Form<SignInValues> form={form} layout="vertical" requiredMark={false} onFinish={submit} size="large">
      <Form.Item
        name="email"
        label={t('E-mail')}
        rules={[
          { required: true, whitespace: true, message: t('Please enter your e-mail address') },
          { type: 'email', message: t('Enter a valid e-mail address') },
        ]}
      >
        <Input
          prefix={<MailOutlined aria-hidden />}
          autoComplete="email"
          inputMode="email"
          placeholder="name@company.com"
        />
      </Form.Item>
      <Form.Item
        name="password"
        label={t('Password')}
        rules={[
          { required: true, message: t('Please enter your password') },
          {
            min: PASSWORD_MIN,
            message: t('Password must be at least {{min}} characters', { min: PASSWORD_MIN }),
          },
          {
            max: PASSWORD_MAX,
            message: t('Password must be at most {{max}} characters', { max: PASSWORD_MAX }),
          },
        ]}
      >
        <Input.Password prefix={<LockOutlined aria-hidden />} autoComplete="current-password" />
      </Form.Item>
      {formError ? <Alert type="error" showIcon title={formError} style={{ marginBottom: 24 }} /> : null}
      <Button type="primary" htmlType="submit" block loading={submitting}>
        {t('Sign in')}
      </Button>
    </Form>
  );
}
