import { postSendVerificationCode, postVerifyEmail } from '@app/contract/account/security/email';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Flex } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isApiError } from '../../lib/api/api-error';
import { callApi } from '../../lib/api/client';
import { type CodeSent, resendWait } from '../email-code/email-code';
import { EmailCodeForm } from '../email-code/email-code-form';
import { useServerErrors } from '../form-errors/use-server-errors';

export interface VerifyEmailToAcceptProps {
  /** The invited address, which is this account's own but not verified yet. */
  email: string;
  /** The address is verified: the page accepts the invite at once. */
  onVerified: () => void;
}

/**
 * Whether the page must have the address verified before offering to accept. Asked after the
 * link's state and the address (another address cannot be fixed by verifying this one).
 */
export function needsEmailVerification(preview: {
  email_matches: boolean;
  email_verified: boolean;
}): boolean {
  return preview.email_matches && !preview.email_verified;
}

type Step = { kind: 'offer' } | { kind: 'code'; sent: CodeSent };

const sendVerificationCode = () => callApi(postSendVerificationCode, { silent: true });

/**
 * Shown on an invite page when the invite is for this account's address but the address is not
 * verified: the server accepts only a verified one (anyone can sign up with any address). Offers
 * the 6-digit code in place, so the invitee verifies and joins without leaving the page.
 */
export function VerifyEmailToAccept({ email, onVerified }: VerifyEmailToAcceptProps) {
  const { t } = useTranslation();
  const showErrors = useServerErrors(null);
  const [step, setStep] = useState<Step>({ kind: 'offer' });
  // Why the code was not sent, as the server says it (no mail set up, or sending failed).
  const [notSent, setNotSent] = useState<string | null>(null);

  const send = useMutation({
    mutationFn: sendVerificationCode,
    onMutate: () => setNotSent(null),
    onSuccess: (answer) => {
      if (answer.sent) setStep({ kind: 'code', sent: answer });
      else setNotSent(answer.msg ?? t('The e-mail could not be sent. Please try again later.'));
    },
    onError: (error) => {
      // A code went out less than a minute ago and is still good: go on to enter it.
      const wait = resendWait(error);
      if (wait !== null) {
        setStep({ kind: 'code', sent: { sent: true, to: email, expires_in: 0, resend_in: wait } });
        return;
      }
      // For a real address the only conflict is "already verified" (in another tab, say):
      // accepting is then the next step, and a refusal brings the page back to the preview.
      if (isApiError(error) && error.code === 'CONFLICT') {
        onVerified();
        return;
      }
      showErrors(error);
    },
  });

  return (
    <Flex vertical gap={16} style={{ maxWidth: 440, margin: '0 auto', textAlign: 'start' }}>
      <Alert
        type="warning"
        showIcon
        title={t('Verify your e-mail address to accept')}
        description={t(
          'The invitation was sent to {{email}}, the address of this account, which is not verified yet. We send a 6-digit code to it; enter it here and you join at once.',
          { email },
        )}
      />
      {step.kind === 'offer' ? (
        <>
          {notSent ? <Alert type="error" showIcon title={notSent} /> : null}
          <Flex wrap gap={8} justify="center">
            <Link to="/chat">
              <Button>{t('Not now')}</Button>
            </Link>
            <Button type="primary" loading={send.isPending} onClick={() => send.mutate()}>
              {t('Send verification code')}
            </Button>
          </Flex>
        </>
      ) : (
        <EmailCodeForm
          sent={step.sent}
          resend={sendVerificationCode}
          verify={(code) => callApi(postVerifyEmail, { body: { code }, silent: true })}
          onVerified={() => onVerified()}
          onCancel={() => setStep({ kind: 'offer' })}
          submitLabel={t('Verify and join')}
        />
      )}
    </Flex>
  );
}
