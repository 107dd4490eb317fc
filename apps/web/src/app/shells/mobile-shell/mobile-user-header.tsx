import type { BasicInfos } from '@app/contract/user/get-basic-infos';
import { Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { teamRoleLabel } from '../../../lib/labels/team-labels';
import { UserIdentity } from '../../../widgets/user/user-identity';

/** The personal center's head: who is signed in, and in which team with which role. */
export function MobileUserHeader({ user }: { user: BasicInfos }) {
  const { t } = useTranslation();
  return (
    <div style={{ padding: '8px 4px' }}>
      <UserIdentity user={user} avatarSize={56} nameSize={18}>
        <Flex gap={6} align="center" style={{ minWidth: 0, marginTop: 2 }}>
          <Typography.Text ellipsis>{user.team.name}</Typography.Text>
          <Tag style={{ marginInlineEnd: 0 }}>{teamRoleLabel(user.team.role, t)}</Tag>
        </Flex>
      </UserIdentity>
    </div>
  );
}
