import { UserAddOutlined, UserDeleteOutlined } from '@ant-design/icons';
import type { ProjectMember } from '@app/contract/account/projects/project-members';
import type { Project } from '@app/contract/account/projects/projects';
import { useQuery } from '@tanstack/react-query';
import { App, Avatar, Button, Card, Flex, Table, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DATE_FORMATS, formatCount, formatDate } from '../../lib/format';
import { projectRoleLabel } from '../../lib/labels/team-labels';
import { ConfirmAction } from '../../widgets/confirm-action/confirm-action';
import { InviteModal } from '../../widgets/invites/invite-modal';
import { PendingInvitesTable } from '../../widgets/invites/pending-invites-table';
import { projectRoleOptions } from './project-roles';
import { projectMembersQuery } from './projects-api';
import type { ProjectActions } from './use-project-actions';

interface ProjectMembersCardProps {
  project: Project;
  actions: ProjectActions;
}

/** A refusal was already shown by the error catalogue; the confirm only has to close. */
const ignore = () => undefined;

/**
 * The project's members and pending invites. Managers invite, revoke and remove; every member
 * may leave the project (remove themself).
 */
export function ProjectMembersCard({ project, actions }: ProjectMembersCardProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const members = useQuery(projectMembersQuery(project.id));
  const [inviting, setInviting] = useState(false);
  const list = members.data?.members ?? [];

  const remove = (member: ProjectMember) => {
    // Leaving keeps the project in reach only for the team's owner and admins, who see every
    // project of the team (can_manage without being its admin).
    const losesAccess = member.is_me && (!project.can_manage || project.my_role === 'admin');
    return actions.removeMember
      .mutateAsync({ id: project.id, userId: member.user_id, losesAccess })
      .then(() => {
        if (member.is_me) {
          message.success(t('You left {{name}}', { name: project.name }));
          if (losesAccess) navigate('/account/project', { replace: true });
        } else {
          message.success(t('{{name}} was removed from the project', { name: member.username }));
        }
      }, ignore);
  };

  const columns: TableColumnsType<ProjectMember> = [
    {
      title: t('Username'),
      key: 'username',
      render: (_, member) => (
        <Flex gap={8} align="center" wrap>
          <Avatar size="small" src={member.avatar_url ?? undefined}>
            {member.username.slice(0, 1).toUpperCase()}
          </Avatar>
          <span>{member.username}</span>
          {member.is_me ? <Tag>{t('You')}</Tag> : null}
          {member.guest ? <Tag color="gold">{t('Guest')}</Tag> : null}
        </Flex>
      ),
    },
    { title: t('E-mail'), dataIndex: 'email', key: 'email' },
    {
      title: t('Role'),
      dataIndex: 'role',
      key: 'role',
      render: (role: ProjectMember['role']) => projectRoleLabel(role, t),
    },
    {
      title: t('Joined'),
      dataIndex: 'joined_at',
      key: 'joined',
      render: (joined: number) => formatDate(joined, DATE_FORMATS.date),
    },
    {
      title: t('Actions'),
      key: 'actions',
      align: 'right',
      render: (_, member) =>
        member.is_me || project.can_manage ? (
          <ConfirmAction
            title={
              member.is_me
                ? t('Leave the project {{name}}?', { name: project.name })
                : t('Remove {{name}} from the project?', { name: member.username })
            }
            okText={member.is_me ? t('Leave') : t('Remove')}
            destructive
            onConfirm={() => remove(member)}
            size="small"
            type="link"
            danger
            icon={<UserDeleteOutlined aria-hidden />}
            aria-label={
              member.is_me ? t('Leave the project') : t('Remove {{name}}', { name: member.username })
            }
          />
        ) : null,
    },
  ];

  return (
    <>
      <Card
        title={t('Members ({{total}})', { total: formatCount(list.length) })}
        extra={
          project.can_manage ? (
            <Button type="primary" icon={<UserAddOutlined aria-hidden />} onClick={() => setInviting(true)}>
              {t('Invite member')}
            </Button>
          ) : null
        }
      >
        <Table<ProjectMember>
          size="small"
          rowKey="user_id"
          loading={members.isPending}
          columns={columns}
          dataSource={list}
          pagination={false}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: t('No members yet.') }}
        />
      </Card>
      <Card title={t('Pending invites')}>
        <PendingInvitesTable
          invites={members.data?.invites ?? []}
          roleLabel={(role) => projectRoleLabel(role, t)}
          onRevoke={
            project.can_manage
              ? (invite) =>
                  actions.revokeInvite
                    .mutateAsync({ id: project.id, inviteId: invite.id })
                    .then(() => message.success(t('Invite revoked')))
              : null
          }
        />
      </Card>
      <InviteModal
        open={inviting}
        title={t('Invite to {{name}}', { name: project.name })}
        roleOptions={projectRoleOptions(t)}
        onInvite={(values) => actions.invite.mutateAsync({ id: project.id, values })}
        onClose={() => setInviting(false)}
      />
    </>
  );
}
