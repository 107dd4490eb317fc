import { UserAddOutlined } from '@ant-design/icons';
import type { listTeamMembers, TeamMember } from '@app/contract/account/teams/team-members';
import type { MyTeam } from '@app/contract/account/teams/teams';
import type { EndpointResponse } from '@app/contract/define-endpoint';
import type { UseQueryResult } from '@tanstack/react-query';
import { App, Button, Card, Result } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCount } from '../../lib/format';
import { teamRoleLabel } from '../../lib/labels/team-labels';
import { InviteModal } from '../../widgets/invites/invite-modal';
import { PendingInvitesTable } from '../../widgets/invites/pending-invites-table';
import { TeamMembersTable } from './team-members-table';
import { teamRights, teamRoleOptions } from './team-roles';
import type { TeamActions } from './use-team-actions';

type MembersAnswer = EndpointResponse<typeof listTeamMembers>;

interface TeamMembersCardProps {
  team: MyTeam;
  members: UseQueryResult<MembersAnswer>;
  actions: TeamActions;
}

/** Members and pending invites of the current team, with what the viewer's role lets them change. */
export function TeamMembersCard({ team, members, actions }: TeamMembersCardProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [inviting, setInviting] = useState(false);
  const [busyUserId, setBusyUserId] = useState<string | null>(null);
  const myRole = members.data?.my_role ?? team.role;
  const rights = teamRights(myRole, team.personal);
  const list = members.data?.members ?? [];

  const track = <T,>(member: TeamMember, work: Promise<T>) => {
    setBusyUserId(member.user_id);
    return work.finally(() => setBusyUserId(null));
  };

  if (members.isError) {
    return (
      <Card title={t('Team members')}>
        <Result
          status="error"
          title={t('The members could not be loaded.')}
          subTitle={members.error.message}
          extra={<Button onClick={() => members.refetch()}>{t('Try again')}</Button>}
        />
      </Card>
    );
  }

  return (
    <>
      <Card
        title={t('Members ({{total}})', { total: formatCount(list.length) })}
        extra={
          rights.invite ? (
            <Button type="primary" icon={<UserAddOutlined aria-hidden />} onClick={() => setInviting(true)}>
              {t('Invite member')}
            </Button>
          ) : null
        }
      >
        <TeamMembersTable
          members={list}
          myRole={myRole}
          loading={members.isPending}
          busyUserId={busyUserId}
          onChangeRole={(member, role) =>
            void track(member, actions.changeRole.mutateAsync({ userId: member.user_id, role })).then(
              () => message.success(t('Role changed')),
              () => undefined,
            )
          }
          onRemove={(member) =>
            track(member, actions.removeMember.mutateAsync(member.user_id)).then(() =>
              message.success(t('{{name}} was removed from the team', { name: member.username })),
            )
          }
        />
      </Card>
      <Card title={t('Pending invites')}>
        <PendingInvitesTable
          invites={members.data?.invites ?? []}
          roleLabel={(role) => teamRoleLabel(role, t)}
          onRevoke={
            rights.invite
              ? (invite) =>
                  actions.revokeInvite.mutateAsync(invite.id).then(() => message.success(t('Invite revoked')))
              : null
          }
        />
      </Card>
      <InviteModal
        open={inviting}
        title={t('Invite to {{team}}', { team: team.name })}
        roleOptions={teamRoleOptions(t)}
        onInvite={(values) => actions.invite.mutateAsync(values)}
        onClose={() => setInviting(false)}
      />
    </>
  );
}
