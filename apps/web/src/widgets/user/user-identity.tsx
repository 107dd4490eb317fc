import type { BasicInfos } from '@app/contract/user/get-basic-infos';
import { Flex, Typography } from 'antd';
import type { ReactNode } from 'react';
import { UserAvatar } from './user-avatar';

interface UserIdentityProps {
  user: Pick<BasicInfos, 'username' | 'avatar_url' | 'email'>;
  avatarSize: number;
  nameSize?: number;
  /** Under the name and address: role or team tags. */
  children?: ReactNode;
}

/** Who is signed in, as the user menu, the account overview and the mobile center show it. */
export function UserIdentity({ user, avatarSize, nameSize, children }: UserIdentityProps) {
  return (
    <Flex gap={avatarSize >= 56 ? 16 : 12} align="center">
      <UserAvatar username={user.username} avatarUrl={user.avatar_url} size={avatarSize} />
      <Flex vertical style={{ minWidth: 0 }}>
        <Typography.Text strong ellipsis style={nameSize ? { fontSize: nameSize } : undefined}>
          {user.username}
        </Typography.Text>
        {/* The server masks the address (first and last letters kept); a WeChat-only account has none. */}
        {user.email ? (
          <Typography.Text type="secondary" ellipsis>
            {user.email}
          </Typography.Text>
        ) : null}
        {children}
      </Flex>
    </Flex>
  );
}
