import { postResetPassword } from '@app/contract/auth/reset-password';
import { useMutation } from '@tanstack/react-query';
import { Alert, App, Button, Form, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { DocumentTitle } from '../../app/document-title';
import { isApiError } from '../../lib/api/api-error';
import { callApi } from '../../lib/api/client';
import { NewPasswordFields } from '../../widgets/new-password-fields/new-password-fields';
import { AuthSplitLayout } from './auth-split-layout';
import { AuthSwitchLink } from './auth-switch-link';
import { serverFormErrors } from './server-form-errors';

interface ResetValues {
  newPassword: string;
  confirm: string;
}

const FIELDS = ['newPassword'] as const;
/** Long enough to read before it fades on the sign-in page it leads to. */
const NOTICE_SECONDS = 6;

/** `/reset-password?token=`: the page an e-mailed reset link opens. */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const [form] = Form.useForm<ResetValues>();
  const [formError, setFormError] = useState<string | null>(null);

  const reset = useMutation({
    mutationFn: ({ newPassword }: ResetValues) =>
      callApi(postResetPassword, { body: { token, newPassword }, silent: true }),
    onMutate: () => setFormError(null),
    onSuccess: () => {
      void message.success(t('Your password has been changed. Sign in with the new one.'), NOTICE_SECONDS);
      navigate('/login', { replace: true });
    },
    onError: (error) => {
      // An invalid or expired token comes back on the `token` field, which the form does not show:
      // it lands in the general message, in the server's words.
      const { fields, message: general } = serverFormErrors(error, FIELDS);
      form.setFields(
        FIELDS.filter((name) => fields[name]).map((name) => ({ name, errors: [fields[name] ?? ''] })),
      );
      if (general) setFormError(general);
      else if (Object.keys(fields).length === 0) {
        const unreachable = isApiError(error) && (error.kind === 'network' || error.kind === 'timeout');
        setFormError(
          unreachable
            ? t('The service could not be reached. Check your connection and try again.')
            : t('Sorry! Something went wrong...'),
        );
      }
    },
  });

  return (
    <AuthSplitLayout>
      <DocumentTitle title={t('Set a new password')} />
      <Typography.Title level={2} style={{ marginTop: 0, marginBottom: 8 }}>
        {t('Set a new password')}
      </Typography.Title>
      {token ? (
        <>
          <Typography.Paragraph type="secondary" style={{ marginBottom: 32 }}>
            {t('Choose a new password. You will be signed out everywhere and can then sign in with it.')}
          </Typography.Paragraph>
          <Form<ResetValues>
            form={form}
            layout="vertical"
            requiredMark={false}
            onFinish={(values) => reset.mutate(values)}
            size="large"
          >
            <NewPasswordFields name="newPassword" label={t('New password')} />
            {formError ? (
              <Alert type="error" showIcon title={formError} style={{ marginBottom: 24 }} />
            ) : null}
            <Button type="primary" htmlType="submit" block loading={reset.isPending}>
              {t('Change password')}
            </Button>
          </Form>
        </>
      ) : (
        <Alert
          type="error"
          showIcon
          style={{ marginTop: 24 }}
          title={t('This link is incomplete. Open the link from the e-mail again, or ask for a new one.')}
        />
      )}
      <AuthSwitchLink prompt={t('Remembered it?')} label={t('Sign in')} to="/login" />
    </AuthSplitLayout>
  );
}
