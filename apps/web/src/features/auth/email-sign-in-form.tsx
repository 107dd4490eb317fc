import { LockOutlined, MailOutlined } from '@ant-design/icons';
import { postSignIn, type SignInResult } from '@app/contract/auth/sign-in';
import { PASSWORD_MAX, PASSWORD_MIN } from '@app/contract/auth/sign-up';
import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../lib/api/client';
import { type PendingSignIn, TwoFactorStep } from './two-factor-step';
import { useAuthSubmit } from './use-auth-submit';

interface SignInValues {
  email: string;
  password: string;
}

const FIELDS = ['email', 'password'] as const;

function pendingSignIn(answer: SignInResult): PendingSignIn | null {
  if (!answer.two_factor_required || !answer.two_factor_token) return null;
  return {
    twoFactorToken: answer.two_factor_token,
    methods: answer.two_factor_methods ?? ['totp', 'recovery_code'],
  };
}

/**
 * E-mail and password sign-in, shared by both regional variants of /login. For an account with
 * two-factor authentication the right password leads to the code step in place of the form.
 */
export function EmailSignInForm() {
  const { t } = useTranslation();
  const [form] = Form.useForm<SignInValues>();
  const [pending, setPending] = useState<PendingSignIn | null>(null);
  const { submit, submitting, formError } = useAuthSubmit(
    form,
    FIELDS,
    (body) => callApi(postSignIn, { body, silent: true }),
    {
      onSecondFactor: (answer) => {
        const next = pendingSignIn(answer);
        setPending(next);
        return next !== null;
      },
    },
  );

  if (pending) return <TwoFactorStep pending={pending} onBack={() => setPending(null)} />;

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
