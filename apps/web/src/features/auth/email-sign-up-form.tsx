import { LockOutlined, MailOutlined, UserOutlined } from '@ant-design/icons';
import { PASSWORD_MAX, PASSWORD_MIN, postSignUp } from '@app/contract/auth/sign-up';
import { Alert, Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../lib/api/client';
import { useAuthSubmit } from './use-auth-submit';

interface SignUpValues {
  name: string;
  email: string;
  password: string;
  confirm: string;
}

const FIELDS = ['name', 'email', 'password'] as const;
const NAME_MAX = 64;

/** E-mail sign-up, shared by both regional variants of /sign-up. */
export function EmailSignUpForm() {
  const { t } = useTranslation();
  const [form] = Form.useForm<SignUpValues>();
  const { submit, submitting, formError } = useAuthSubmit(form, FIELDS, ({ name, email, password }) =>
    callApi(postSignUp, { body: { name, email, password }, silent: true }),
  );

  return (
    <Form<SignUpValues> form={form} layout="vertical" requiredMark={false} onFinish={submit} size="large">
      <Form.Item
        name="name"
        label={t('Name')}
        rules={[
          { required: true, whitespace: true, message: t('Please enter your name') },
          { max: NAME_MAX, message: t('Name must be at most {{max}} characters', { max: NAME_MAX }) },
        ]}
      >
        <Input prefix={<UserOutlined aria-hidden />} autoComplete="name" />
      </Form.Item>
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
        extra={t('At least {{min}} characters', { min: PASSWORD_MIN })}
        rules={[
          { required: true, message: t('Please enter a password') },
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
        <Input.Password prefix={<LockOutlined aria-hidden />} autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="confirm"
        label={t('Confirm password')}
        dependencies={['password']}
        rules={[
          { required: true, message: t('Please confirm your password') },
          ({ getFieldValue }) => ({
            validator: (_, value: string | undefined) =>
              !value || getFieldValue('password') === value
                ? Promise.resolve()
                : Promise.reject(new Error(t('The two passwords do not match'))),
          }),
        ]}
      >
        <Input.Password prefix={<LockOutlined aria-hidden />} autoComplete="new-password" />
      </Form.Item>
      {formError ? <Alert type="error" showIcon title={formError} style={{ marginBottom: 24 }} /> : null}
      <Button type="primary" htmlType="submit" block loading={submitting}>
        {t('Create account')}
      </Button>
    </Form>
  );
}
