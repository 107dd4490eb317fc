import { EMAIL_CODE_TTL_SECONDS } from '@app/contract/account/security/email';
import { useMutation } from '@tanstack/react-query';
import { App, Button, Flex, Form, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServerErrors } from '../form-errors/use-server-errors';
import { SecurityCodeInput } from '../security-code/security-code-input';
import { type CodeSent, type EmailState, resendWait } from './email-code';
import { useCountdown } from './use-countdown';

interface CodeValues {
  code: string;
}

interface EmailCodeFormProps {
  /** The answer that sent the first code: where it went and when another may be asked for. */
  sent: CodeSent;
  resend: () => Promise<CodeSent>;
  verify: (code: string) => Promise<EmailState>;
  onVerified: (state: EmailState) => void;
  onCancel: () => void;
  submitLabel: string;
}

const SIX_DIGITS = /^\d{6}$/;

/** The 6-digit code mailed to an address, with a resend button that waits out the server's minute. */
export function EmailCodeForm({
  sent,
  resend,
  verify,
  onVerified,
  onCancel,
  submitLabel,
}: EmailCodeFormProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<CodeValues>();
  const showErrors = useServerErrors(form);
  const [to, setTo] = useState(sent.to);
  const countdown = useCountdown(sent.resend_in);
  // A new key remounts the boxes empty after a wrong code, with the focus in the first one.
  const [attempt, setAttempt] = useState(0);

  const check = useMutation({
    mutationFn: ({ code }: CodeValues) => verify(code),
    onSuccess: onVerified,
    onError: (error) => {
      form.setFieldValue('code', '');
      setAttempt((count) => count + 1);
      showErrors(error);
    },
  });

  const again = useMutation({
    mutationFn: resend,
    onSuccess: (answer) => {
      if (!answer.sent) {
        // The server says why (no mail set up on this server, or sending failed), in the reader's language.
        void message.error(answer.msg ?? t('The e-mail could not be sent. Please try again later.'));
        return;
      }
      setTo(answer.to);
      countdown.restart(answer.resend_in);
      form.setFieldValue('code', '');
      setAttempt((count) => count + 1);
      void message.success(t('A new code was sent to {{email}}', { email: answer.to }));
    },
    onError: (error) => {
      const wait = resendWait(error);
      if (wait !== null) countdown.restart(wait);
      showErrors(error);
    },
  });

  return (
    <Form<CodeValues>
      form={form}
      name="email-code"
      layout="vertical"
      requiredMark={false}
      onFinish={(values) => check.mutate(values)}
      onValuesChange={() => form.setFields([{ name: 'code', errors: [] }])}
    >
      <Typography.Paragraph>
        {t('We sent a 6-digit code to {{email}}. It is valid for {{count}} minutes.', {
          email: to,
          count: EMAIL_CODE_TTL_SECONDS / 60,
          defaultValue_one: 'We sent a 6-digit code to {{email}}. It is valid for {{count}} minute.',
        })}
      </Typography.Paragraph>
      <Form.Item
        name="code"
        label={t('Verification code')}
        initialValue=""
        validateTrigger={[]}
        rules={[{ required: true, pattern: SIX_DIGITS, message: t('Enter the 6-digit code') }]}
      >
        <SecurityCodeInput
          key={attempt}
          autoFocus
          onComplete={() => {
            if (!check.isPending) form.submit();
          }}
        />
      </Form.Item>
      <Flex wrap gap={8}>
        <Button type="primary" htmlType="submit" loading={check.isPending}>
          {submitLabel}
        </Button>
        <Button disabled={countdown.remaining > 0} loading={again.isPending} onClick={() => again.mutate()}>
          {countdown.remaining > 0
            ? t('Resend code ({{seconds}} s)', { seconds: countdown.remaining })
            : t('Resend code')}
        </Button>
        <Button type="text" onClick={onCancel}>
          {t('Cancel')}
        </Button>
      </Flex>
    </Form>
  );
}
