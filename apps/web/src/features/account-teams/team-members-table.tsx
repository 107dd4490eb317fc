import { UserDeleteOutlined } from '@ant-design/icons';
import type { TeamMember } from '@app/contract/account/teams/team-members';
import type { TeamRole } from '@app/contract/account/teams/teams';
import { Avatar, Flex, Select, Table, type TableColumnsType, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { DATE_FORMATS, formatDate } from '../../lib/format';
import { teamRoleLabel } from '../../lib/labels/team-labels';
import { ConfirmAction } from '../../widgets/confirm-action/confirm-action';
import { teamRights } from './team-roles';

interface TeamMembersTableProps {
  members: TeamMember[];
  myRole: TeamRole;
  loading: boolean;
  /** The member whose role or membership is being changed, to show progress on their row. */
  busyUserId: string | null;
  onChangeRole: (member: TeamMember, role: 'admin' | 'member') => void;
  onRemove: (member: TeamMember) => Promise<unknown>;
}

/** Members with their roles; the role picker and "remove" appear only where the viewer's role allows. */
export function TeamMembersTable({
  members,
  myRole,
  loading,
  busyUserId,
  onChangeRole,
  onRemove,
}: TeamMembersTableProps) {
  const { t } = useTranslation();
  const rights = teamRights(myRole, false);
  const removable = (member: TeamMember) => !member.is_me && rights.remove(member.role);
  const columns: TableColumnsType<TeamMember> = [
    {
      title: t('Username'),
      key: 'username',
      render: (_, member) => (
        <Flex gap={8} align="center">
          <Avatar size="small" src={member.avatar_url ?? undefined}>
            {member.username.slice(0, 1).toUpperCase()}
          </Avatar>
          <span>{member.username}</span>
          {member.is_me ? <Tag>{t('You')}</Tag> : null}
        </Flex>
      ),
    },
    { title: t('E-mail'), dataIndex: 'email', key: 'email' },
    {
      title: t('Role'),
      key: 'role',
      render: (_, member) =>
        rights.changeRoles && member.role !== 'owner' ? (
          <Select<'admin' | 'member'>
            size="small"
            aria-label={t('Role of {{name}}', { name: member.username })}
            value={member.role === 'admin' ? 'admin' : 'member'}
            loading={busyUserId === member.user_id}
            disabled={busyUserId === member.user_id}
            style={{ minWidth: 110 }}
            onChange={(role) => onChangeRole(member, role)}
            options={[
              { value: 'admin', label: teamRoleLabel('admin', t) },
              { value: 'member', label: teamRoleLabel('member', t) },
            ]}
          />
        ) : (
          <Tag color={member.role === 'member' ? 'default' : 'blue'}>{teamRoleLabel(member.role, t)}</Tag>
        ),
    },
    {
      title: t('Joined'),
      dataIndex: 'joined_at',
      key: 'joined',
      render: (joined: number) => formatDate(joined, DATE_FORMATS.date),
    },
  ];
  if (members.some(removable)) {
    columns.push({
      title: t('Actions'),
      key: 'actions',
      align: 'right',
      render: (_, member) =>
        removable(member) ? (
          <ConfirmAction
            title={t('Remove {{name}} from the team?', { name: member.username })}
            description={t('They also leave the team’s projects.')}
            okText={t('Remove')}
            destructive
            onConfirm={() => onRemove(member)}
            size="small"
            type="link"
            danger
            icon={<UserDeleteOutlined aria-hidden />}
            loading={busyUserId === member.user_id}
            aria-label={t('Remove {{name}}', { name: member.username })}
          />
        ) : null,
    });
  }
  return (
    <Table<TeamMember>
      size="small"
      rowKey="user_id"
      loading={loading}
      columns={columns}
      dataSource={members}
      pagination={false}
      scroll={{ x: 'max-content' }}
    />
  );
}
