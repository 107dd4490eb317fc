import { LockOutlined, MailOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Flex, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CodeSent, EmailState } from '../../widgets/email-code/email-code';
import { EmailCodeForm } from '../../widgets/email-code/email-code-form';
import { useServerErrors } from '../../widgets/form-errors/use-server-errors';
import { changeEmail, sendEmailChangeCode } from './security-api';

interface ChangeValues {
  new_email: string;
  password: string;
}

interface EmailChangeFlowProps {
  onChanged: (state: EmailState) => void;
  onCancel: () => void;
}

/**
 * Changing the address: the password proves it is the owner, a code goes to the new address, and
 * that code switches the account over (the old address is told by the server).
 */
export function EmailChangeFlow({ onChanged, onCancel }: EmailChangeFlowProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ChangeValues>();
  const showErrors = useServerErrors(form);
  const [asked, setAsked] = useState<ChangeValues | null>(null);
  const [sent, setSent] = useState<CodeSent | null>(null);
  // Why the code was not sent, as the server says it (no mail set up, or sending failed).
  const [notSent, setNotSent] = useState<string | null>(null);

  const sendCode = (values: ChangeValues) =>
    sendEmailChangeCode({ ...values, new_email: values.new_email.trim() });

  const start = useMutation({
    mutationFn: sendCode,
    onMutate: () => setNotSent(null),
    onSuccess: (answer, values) => {
      if (!answer.sent) {
        setNotSent(answer.msg ?? t('The e-mail could not be sent. Please try again later.'));
        return;
      }
      setAsked(values);
      setSent(answer);
    },
    onError: showErrors,
  });

  if (sent && asked) {
    return (
      <EmailCodeForm
        sent={sent}
        resend={() => sendCode(asked)}
        verify={changeEmail}
        onVerified={onChanged}
        onCancel={onCancel}
        submitLabel={t('Change e-mail address')}
      />
    );
  }

  return (
    <Form<ChangeValues>
      form={form}
      name="email-change"
      layout="vertical"
      requiredMark={false}
      onFinish={(values) => start.mutate(values)}
      style={{ maxWidth: 420 }}
    >
      <Form.Item
        name="new_email"
        label={t('New e-mail address')}
        rules={[
          { required: true, whitespace: true, message: t('Please enter your e-mail address') },
          { type: 'email', message: t('Enter a valid e-mail address') },
        ]}
      >
        <Input prefix={<MailOutlined aria-hidden />} autoComplete="email" inputMode="email" />
      </Form.Item>
      <Form.Item
        name="password"
        label={t('Current password')}
        extra={t('Your password confirms that it is you making the change.')}
        rules={[{ required: true, message: t('Please enter your password') }]}
      >
        <Input.Password prefix={<LockOutlined aria-hidden />} autoComplete="current-password" />
      </Form.Item>
      {notSent ? <Alert type="error" showIcon style={{ marginBottom: 16 }} title={notSent} /> : null}
      <Flex wrap gap={8}>
        <Button type="primary" htmlType="submit" loading={start.isPending}>
          {t('Send code')}
        </Button>
        <Button type="text" onClick={onCancel}>
          {t('Cancel')}
        </Button>
      </Flex>
    </Form>
  );
}
