import type { BasicInfos } from '@app/contract/user/get-basic-infos';
import { Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { UserAvatar } from '../../app/shell/user-avatar';
import { teamRoleLabel } from '../../lib/session/team-role-label';

/** The personal center's head: who is signed in, and in which team with which role. */
export function MobileUserHeader({ user }: { user: BasicInfos }) {
  const { t } = useTranslation();
  return (
    <Flex gap={14} align="center" style={{ padding: '8px 4px' }}>
      <UserAvatar username={user.username} avatarUrl={user.avatar_url} size={56} />
      <Flex vertical style={{ minWidth: 0 }}>
        <Typography.Text strong ellipsis style={{ fontSize: 18 }}>
          {user.username}
        </Typography.Text>
        {/* The server masks the address (first and last letters kept). */}
        <Typography.Text type="secondary" ellipsis>
          {user.email}
        </Typography.Text>
        <Flex gap={6} align="center" style={{ minWidth: 0, marginTop: 2 }}>
          <Typography.Text ellipsis>{user.team.name}</Typography.Text>
          <Tag style={{ marginInlineEnd: 0 }}>{teamRoleLabel(user.team.role, t)}</Tag>
        </Flex>
      </Flex>
    </Flex>
  );
}
