import type { zSecurityOverview } from '@app/contract/account/security/security-overview';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Flex, Skeleton, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { basicInfosQueryKey } from '../../lib/session/basic-infos';
import { type CodeSent, type EmailState, resendWait } from '../../widgets/email-code/email-code';
import { EmailCodeForm } from '../../widgets/email-code/email-code-form';
import { useServerErrors } from '../../widgets/form-errors/use-server-errors';
import { EmailChangeFlow } from './email-change-flow';
import { securityKey, securityOverviewQuery, sendVerificationCode, verifyEmail } from './security-api';

type Overview = z.infer<typeof zSecurityOverview>;

type Mode = { kind: 'idle' } | { kind: 'verify'; sent: CodeSent } | { kind: 'change' };

/** The address (masked, as everywhere), whether it is verified, and the two code flows. */
export function EmailCard({ overview }: { overview: Overview | undefined }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  // No form of its own: whatever the server says goes to the shared feedback.
  const showErrors = useServerErrors(null);
  const [mode, setMode] = useState<Mode>({ kind: 'idle' });
  // Why the code was not sent, as the server says it (no mail set up, or sending failed).
  const [notSent, setNotSent] = useState<string | null>(null);

  const startVerify = useMutation({
    mutationFn: sendVerificationCode,
    onMutate: () => setNotSent(null),
    onSuccess: (answer) => {
      if (answer.sent) setMode({ kind: 'verify', sent: answer });
      else setNotSent(answer.msg ?? t('The e-mail could not be sent. Please try again later.'));
    },
    onError: (error) => {
      // A code went out less than a minute ago and is still good: go on to enter it.
      const wait = resendWait(error);
      if (wait !== null && overview) {
        setMode({ kind: 'verify', sent: { sent: true, to: overview.email, expires_in: 0, resend_in: wait } });
        return;
      }
      showErrors(error);
    },
  });

  const finish = (state: EmailState, text: string) => {
    setMode({ kind: 'idle' });
    queryClient.setQueryData(securityOverviewQuery.queryKey, (old) => (old ? { ...old, ...state } : old));
    void queryClient.invalidateQueries({ queryKey: securityKey });
    void queryClient.invalidateQueries({ queryKey: basicInfosQueryKey });
    void message.success(text);
  };

  // An account made by WeChat sign-in has no address (the server shows it as empty).
  const hasAddress = Boolean(overview?.email);

  return (
    <Card title={t('E-mail address')}>
      {!overview ? (
        <Skeleton active title={false} paragraph={{ rows: 2 }} />
      ) : (
        <Flex vertical gap={16}>
          {hasAddress ? (
            <Flex wrap align="center" gap={8}>
              <Typography.Text strong>{overview.email}</Typography.Text>
              {overview.email_verified ? (
                <Tag color="success">{t('Verified')}</Tag>
              ) : (
                <Tag color="warning">{t('Not verified')}</Tag>
              )}
            </Flex>
          ) : (
            <Typography.Text type="secondary">
              {t('No e-mail address yet. Add one to receive account notices and sign in with it.')}
            </Typography.Text>
          )}
          {mode.kind === 'idle' ? (
            <>
              {hasAddress && !overview.email_verified ? (
                <Typography.Text type="secondary">
                  {t('Verify your address so that account notices and password resets reach you.')}
                </Typography.Text>
              ) : null}
              {notSent ? <Alert type="error" showIcon title={notSent} /> : null}
              <Flex wrap gap={8}>
                {hasAddress && !overview.email_verified ? (
                  <Button type="primary" loading={startVerify.isPending} onClick={() => startVerify.mutate()}>
                    {t('Send verification code')}
                  </Button>
                ) : null}
                <Button onClick={() => setMode({ kind: 'change' })}>
                  {hasAddress ? t('Change e-mail address') : t('Add an e-mail address')}
                </Button>
              </Flex>
            </>
          ) : null}
          {mode.kind === 'verify' ? (
            <EmailCodeForm
              sent={mode.sent}
              resend={sendVerificationCode}
              verify={verifyEmail}
              onVerified={(state) => finish(state, t('Your e-mail address is verified'))}
              onCancel={() => setMode({ kind: 'idle' })}
              submitLabel={t('Verify')}
            />
          ) : null}
          {mode.kind === 'change' ? (
            <EmailChangeFlow
              onChanged={(state) => finish(state, t('Your e-mail address has been changed'))}
              onCancel={() => setMode({ kind: 'idle' })}
            />
          ) : null}
        </Flex>
      )}
    </Card>
  );
}
