import type { InvitePreview } from '@app/contract/account/teams/invite';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Flex, Result, Skeleton } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { isApiError } from '../../lib/api/api-error';
import { getToken } from '../../lib/cookies';
import { loginRedirectPath } from '../../lib/session/login-redirect';
import { previewErrorProblem, previewProblem } from './invite-problem';
import { InviteProblemResult } from './invite-problem-result';
import { needsEmailVerification, VerifyEmailToAccept } from './verify-email-to-accept';

/**
 * What differs between a team invite and a project invite: its calls (silent: the page explains
 * every outcome itself) and its words. Everything else, the order of the checks included, is one.
 */
export interface InviteScope<Preview extends InvitePreview, Answer> {
  /** The preview's cache key, by token. */
  queryKey: (token: string) => readonly unknown[];
  preview: (token: string, signal: AbortSignal) => Promise<Preview>;
  accept: (token: string) => Promise<Answer>;
  icon: ReactNode;
  /** "Join Apollo", and who invited whom as what, until when. */
  offer: (invite: Preview) => { title: string; subTitle: string };
  /** The visitor is in already: what to say, and where to go instead. */
  alreadyMember: (invite: Preview) => { title: string; subTitle?: string; to: string; action: string };
  /** After joining: the flash notice and the page to open. */
  joined: (answer: Answer) => { text: string; to: string };
  /**
   * A public invite page: what a signed-out visitor is told before signing in (or up) and coming
   * back. Absent when the page's route already requires a session.
   */
  signedOut?: { title: string; subTitle: string };
}

/**
 * The body of an invite link's page (`?token=`): what the link offers, then joining, with every
 * reason it cannot be accepted explained. Joining may switch the current team on the server, so
 * every cached query is refreshed before the next page opens.
 */
export function AcceptInvite<Preview extends InvitePreview, Answer>({
  scope,
  token,
}: {
  scope: InviteScope<Preview, Answer>;
  token: string;
}) {
  if (!token) return <InviteProblemResult problem={{ kind: 'missing_token' }} />;
  if (scope.signedOut && getToken() === null)
    return <SignInToAccept {...scope.signedOut} icon={scope.icon} />;
  return <InviteOffer scope={scope} token={token} />;
}

/** Sign-in and sign-up both come back to this page (`next`), where the invite can be accepted. */
function SignInToAccept({ title, subTitle, icon }: { title: string; subTitle: string; icon: ReactNode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const back = `${location.pathname}${location.search}`;
  return (
    <Result
      icon={icon}
      title={title}
      subTitle={subTitle}
      extra={
        <Flex wrap gap={8} justify="center">
          <Button onClick={() => navigate(`/sign-up?${new URLSearchParams({ next: back })}`)}>
            {t('Create an account')}
          </Button>
          <Button type="primary" onClick={() => navigate(loginRedirectPath(back))}>
            {t('Sign in to accept')}
          </Button>
        </Flex>
      }
    />
  );
}

function InviteOffer<Preview extends InvitePreview, Answer>({
  scope,
  token,
}: {
  scope: InviteScope<Preview, Answer>;
  token: string;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // Set once the code went through here, so the page goes on to join without asking again.
  const [verifiedHere, setVerifiedHere] = useState(false);

  const preview = useQuery({
    queryKey: scope.queryKey(token),
    queryFn: ({ signal }) => scope.preview(token, signal),
    retry: false,
  });
  const accept = useMutation({
    mutationFn: () => scope.accept(token),
    onSuccess: async (answer) => {
      await queryClient.invalidateQueries();
      const { text, to } = scope.joined(answer);
      message.success(text);
      navigate(to, { replace: true });
    },
    // The link may have changed state since the preview (used in another tab, revoked).
    onError: () => preview.refetch(),
  });

  // On a public page, a session that ended meanwhile is the signed-out case, not a broken link.
  if (scope.signedOut && isApiError(preview.error) && preview.error.code === 'BEARER_TOKEN_ERROR') {
    return <SignInToAccept {...scope.signedOut} icon={scope.icon} />;
  }
  if (preview.isError) return <InviteProblemResult problem={previewErrorProblem(preview.error)} />;
  if (!preview.data) return <Skeleton active paragraph={{ rows: 3 }} />;

  const invite = preview.data;
  const problem = previewProblem(invite);
  if (problem) return <InviteProblemResult problem={problem} />;
  if (invite.already_member) {
    const member = scope.alreadyMember(invite);
    return (
      <Result
        status="info"
        title={member.title}
        subTitle={member.subTitle}
        extra={
          <Link to={member.to}>
            <Button type="primary">{member.action}</Button>
          </Link>
        }
      />
    );
  }

  const verifyFirst = needsEmailVerification(invite) && !verifiedHere;
  const offer = scope.offer(invite);

  return (
    <Result
      icon={scope.icon}
      title={offer.title}
      subTitle={offer.subTitle}
      extra={
        verifyFirst ? (
          <VerifyEmailToAccept
            email={invite.email}
            onVerified={() => {
              setVerifiedHere(true);
              accept.mutate();
            }}
          />
        ) : (
          <Flex vertical gap={16} align="center">
            {accept.isError ? <Alert type="error" showIcon title={accept.error.message} /> : null}
            <Flex wrap gap={8} justify="center">
              <Link to="/chat">
                <Button>{t('Not now')}</Button>
              </Link>
              <Button type="primary" loading={accept.isPending} onClick={() => accept.mutate()}>
                {t('Accept and join')}
              </Button>
            </Flex>
          </Flex>
        )
      }
    />
  );
}
