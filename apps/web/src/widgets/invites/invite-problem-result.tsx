import { Button, Result } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { InviteProblem } from './invite-problem';

interface InviteProblemResultProps {
  problem: InviteProblem;
  /** More ways out than "back to chat" (e.g. sign in with another account). */
  extra?: ReactNode;
}

/** The full-page answer when an invite link cannot be used, always with a way back. */
export function InviteProblemResult({ problem, extra }: InviteProblemResultProps) {
  const { t } = useTranslation();
  const { status, title, subTitle } = describe(problem, t);
  return (
    <Result
      status={status}
      title={title}
      subTitle={subTitle}
      extra={
        <>
          {extra}
          <Link to="/chat">
            <Button type="primary">{t('Back to chat')}</Button>
          </Link>
        </>
      }
    />
  );
}

type Translate = (msgid: string, options?: Record<string, unknown>) => string;

function describe(problem: InviteProblem, t: Translate) {
  switch (problem.kind) {
    case 'missing_token':
      return {
        status: 'warning' as const,
        title: t('This invite link is incomplete'),
        subTitle: t('Open the link from the invitation e-mail again, or ask for a new invite.'),
      };
    case 'invalid':
      return {
        status: 'error' as const,
        title: t('This invite link is not valid'),
        subTitle: t('Check that the whole link was copied, or ask for a new invite.'),
      };
    case 'expired':
      return {
        status: 'warning' as const,
        title: t('This invite has expired'),
        subTitle: problem.inviter
          ? t('Invite links work for 7 days. Ask {{name}} for a new one.', { name: problem.inviter })
          : t('Invite links work for 7 days. Ask the person who invited you for a new one.'),
      };
    case 'used':
      return {
        status: 'info' as const,
        title: t('This invite has already been used'),
        subTitle: t('Each invite link works once. Ask for a new invite if you still need to join.'),
      };
    case 'revoked':
      return {
        status: 'warning' as const,
        title: t('This invite was revoked'),
        subTitle: t('Ask for a new invite if you still need to join.'),
      };
    case 'other_email':
      return {
        status: 'warning' as const,
        title: t('This invite is for another e-mail address'),
        subTitle: t(
          'It was sent to {{email}}. Sign in with that address to accept it, or ask for an invite to the address you use.',
          { email: problem.email },
        ),
      };
    case 'failed':
      return {
        status: 'error' as const,
        title: t('The invite could not be opened'),
        subTitle: problem.message,
      };
  }
}
