import { MailOutlined, UserOutlined } from '@ant-design/icons';
import { postSignUp } from '@app/contract/auth/sign-up';
import { Alert, Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../lib/api/client';
import { NewPasswordFields } from '../../widgets/new-password-fields/new-password-fields';
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
      <NewPasswordFields name="password" label={t('Password')} />
      {formError ? <Alert type="error" showIcon title={formError} style={{ marginBottom: 24 }} /> : null}
      <Button type="primary" htmlType="submit" block loading={submitting}>
        {t('Create account')}
      </Button>
    </Form>
  );
}
