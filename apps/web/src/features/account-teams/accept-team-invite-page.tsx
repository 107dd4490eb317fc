import { TeamOutlined } from '@ant-design/icons';
import { acceptTeamInvite, previewTeamInvite } from '@app/contract/account/teams/team-invites';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Flex, Result, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { DocumentTitle } from '../../app/document-title';
import { callApi } from '../../lib/api/client';
import { DATE_FORMATS, formatDate } from '../../lib/format';
import { teamRoleLabel } from '../../lib/session/team-role-label';
import { previewErrorProblem, previewProblem } from '../../widgets/invites/invite-problem';
import { InviteProblemResult } from '../../widgets/invites/invite-problem-result';
import { accountTeamsKey } from './teams-api';

/**
 * `/teams/accept-invite?token=`: what the link offers, then joining. Accepting makes the team
 * the current one on the server, so every cached query (all team-scoped) is refreshed before the
 * team manager opens on it. Calls are silent: this page explains every outcome itself.
 */
export function AcceptTeamInvitePage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() ?? '';

  const preview = useQuery({
    queryKey: [...accountTeamsKey, 'invite-preview', token],
    queryFn: ({ signal }) => callApi(previewTeamInvite, { body: { token }, signal, silent: true }),
    enabled: token !== '',
    retry: false,
  });
  const accept = useMutation({
    mutationFn: () => callApi(acceptTeamInvite, { body: { token }, silent: true }),
    onSuccess: async ({ team }) => {
      await queryClient.invalidateQueries();
      message.success(t('Welcome to {{team}}: you now work in it', { team: team.name }));
      navigate('/account/team-manager', { replace: true });
    },
    // The link may have changed state since the preview (used in another tab, revoked).
    onError: () => preview.refetch(),
  });

  const title = t('Team invitation');
  const page = (body: ReactNode) => (
    <>
      <DocumentTitle title={title} />
      <Card>{body}</Card>
    </>
  );

  if (!token) return page(<InviteProblemResult problem={{ kind: 'missing_token' }} />);
  if (preview.isError) return page(<InviteProblemResult problem={previewErrorProblem(preview.error)} />);
  if (!preview.data) return page(<Skeleton active paragraph={{ rows: 3 }} />);

  const invite = preview.data;
  const problem = previewProblem(invite);
  if (problem) return page(<InviteProblemResult problem={problem} />);
  if (invite.already_member) {
    return page(
      <Result
        status="info"
        title={t('You are already a member of {{team}}', { team: invite.team_name })}
        subTitle={t('Switch to it from the team manager.')}
        extra={
          <Link to="/account/team-manager">
            <Button type="primary">{t('Open the team manager')}</Button>
          </Link>
        }
      />,
    );
  }

  return page(
    <Result
      icon={<TeamOutlined aria-hidden />}
      title={t('Join {{team}}', { team: invite.team_name })}
      subTitle={
        invite.inviter_name
          ? t('{{name}} invited you as {{role}}. The invitation is valid until {{date}}.', {
              name: invite.inviter_name,
              role: teamRoleLabel(invite.role, t),
              date: formatDate(invite.expires_at, DATE_FORMATS.date),
            })
          : t('You were invited as {{role}}. The invitation is valid until {{date}}.', {
              role: teamRoleLabel(invite.role, t),
              date: formatDate(invite.expires_at, DATE_FORMATS.date),
            })
      }
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
    />,
  );
}
