import { ProjectOutlined } from '@ant-design/icons';
import { acceptProjectInvite, previewProjectInvite } from '@app/contract/account/projects/project-members';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Flex, Result, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { DocumentTitle } from '../../app/document-title';
import { isApiError } from '../../lib/api/api-error';
import { callApi } from '../../lib/api/client';
import { getToken } from '../../lib/cookies';
import { DATE_FORMATS, formatDate } from '../../lib/format';
import { loginRedirectPath } from '../../lib/session/login-redirect';
import { previewErrorProblem, previewProblem } from '../../widgets/invites/invite-problem';
import { InviteProblemResult } from '../../widgets/invites/invite-problem-result';
import { InvitePageLayout } from './invite-page-layout';
import { projectRoleLabel } from './project-roles';
import { accountProjectsKey } from './projects-api';

/**
 * `/projects/accept-invite?token=`, a public page. The preview needs a signed-in caller (it
 * answers whether the invite is addressed to them), so a signed-out visitor is asked to sign in
 * or sign up and comes back here with the link intact. Calls are silent: the page explains every
 * outcome itself.
 */
export function AcceptProjectInvitePage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() ?? '';
  const signedIn = getToken() !== null;

  return (
    <InvitePageLayout>
      <DocumentTitle title={t('Project invitation')} />
      {!token ? (
        <InviteProblemResult problem={{ kind: 'missing_token' }} />
      ) : signedIn ? (
        <SignedInInvite token={token} />
      ) : (
        <SignInToAccept />
      )}
    </InvitePageLayout>
  );
}

/** Sign-in and sign-up both come back to this page (`next`), where the invite can be accepted. */
function SignInToAccept() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const back = `${location.pathname}${location.search}`;
  return (
    <Result
      icon={<ProjectOutlined aria-hidden />}
      title={t('You are invited to a project')}
      subTitle={t(
        'Sign in with the e-mail address the invitation was sent to, to see the project and join it. New here? Create an account with that address.',
      )}
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

function SignedInInvite({ token }: { token: string }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const preview = useQuery({
    queryKey: [...accountProjectsKey, 'invite-preview', token],
    queryFn: ({ signal }) => callApi(previewProjectInvite, { body: { token }, signal, silent: true }),
    retry: false,
  });
  const accept = useMutation({
    mutationFn: () => callApi(acceptProjectInvite, { body: { token }, silent: true }),
    onSuccess: async ({ project }) => {
      // Someone already in the project's team is switched to it: every team-scoped query is stale.
      await queryClient.invalidateQueries();
      message.success(t('You joined the project {{name}}', { name: project.name }));
      navigate(`/account/project/${encodeURIComponent(project.id)}`, { replace: true });
    },
    // The link may have changed state since the preview (used in another tab, revoked).
    onError: () => preview.refetch(),
  });

  // A session that ended meanwhile is the signed-out case, not a broken link.
  if (isApiError(preview.error) && preview.error.code === 'BEARER_TOKEN_ERROR') return <SignInToAccept />;
  if (preview.isError) return <InviteProblemResult problem={previewErrorProblem(preview.error)} />;
  if (!preview.data) return <Skeleton active paragraph={{ rows: 3 }} />;

  const invite = preview.data;
  const problem = previewProblem(invite);
  if (problem) return <InviteProblemResult problem={problem} />;
  if (invite.already_member) {
    return (
      <Result
        status="info"
        title={t('You are already a member of {{name}}', { name: invite.project_name })}
        extra={
          <Link to="/account/project">
            <Button type="primary">{t('Open projects')}</Button>
          </Link>
        }
      />
    );
  }

  const role = projectRoleLabel(invite.role, t);
  const date = formatDate(invite.expires_at, DATE_FORMATS.date);
  const subTitle: ReactNode = invite.inviter_name
    ? t(
        '{{name}} invited you to this project of {{team}} as {{role}}. The invitation is valid until {{date}}.',
        {
          name: invite.inviter_name,
          team: invite.team_name,
          role,
          date,
        },
      )
    : t('You were invited to this project of {{team}} as {{role}}. The invitation is valid until {{date}}.', {
        team: invite.team_name,
        role,
        date,
      });

  return (
    <Result
      icon={<ProjectOutlined aria-hidden />}
      title={t('Join {{name}}', { name: invite.project_name })}
      subTitle={subTitle}
      extra={
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
      }
    />
  );
}
