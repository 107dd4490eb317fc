import { TeamOutlined } from '@ant-design/icons';
import type { acceptTeamInvite, previewTeamInvite } from '@app/contract/account/teams/team-invites';
import type { EndpointResponse } from '@app/contract/define-endpoint';
import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DATE_FORMATS, formatDate } from '../../lib/format';
import { teamRoleLabel } from '../../lib/labels/team-labels';
import { DocumentTitle } from '../../widgets/brand/document-title';
import { AcceptInvite, type InviteScope } from '../../widgets/invites/accept-invite';
import { acceptTeamInviteOf, accountTeamsKey, previewTeamInviteOf } from './teams-api';

type Translate = (msgid: string, options?: Record<string, unknown>) => string;
type TeamInviteScope = InviteScope<
  EndpointResponse<typeof previewTeamInvite>,
  EndpointResponse<typeof acceptTeamInvite>
>;

/** A team invite: joining makes the team the current one, and the team manager opens on it. */
function teamScope(t: Translate): TeamInviteScope {
  return {
    queryKey: (token) => [...accountTeamsKey, 'invite-preview', token],
    preview: previewTeamInviteOf,
    accept: acceptTeamInviteOf,
    icon: <TeamOutlined aria-hidden />,
    offer: (invite) => {
      const role = teamRoleLabel(invite.role, t);
      const date = formatDate(invite.expires_at, DATE_FORMATS.date);
      return {
        title: t('Join {{team}}', { team: invite.team_name }),
        subTitle: invite.inviter_name
          ? t('{{name}} invited you as {{role}}. The invitation is valid until {{date}}.', {
              name: invite.inviter_name,
              role,
              date,
            })
          : t('You were invited as {{role}}. The invitation is valid until {{date}}.', { role, date }),
      };
    },
    alreadyMember: (invite) => ({
      title: t('You are already a member of {{team}}', { team: invite.team_name }),
      subTitle: t('Switch to it from the team manager.'),
      to: '/account/team-manager',
      action: t('Open the team manager'),
    }),
    joined: ({ team }) => ({
      text: t('Welcome to {{team}}: you now work in it', { team: team.name }),
      to: '/account/team-manager',
    }),
  };
}

/** `/teams/accept-invite?token=` (signed in): the shared invite page, for a team. */
export function AcceptTeamInvitePage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  return (
    <>
      <DocumentTitle title={t('Team invitation')} />
      <Card>
        <AcceptInvite scope={teamScope(t)} token={searchParams.get('token')?.trim() ?? ''} />
      </Card>
    </>
  );
}
