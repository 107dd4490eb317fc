import type { AdminUserRow } from '@app/contract/admin/users/user-row';
import { Avatar, Card, Descriptions, Flex, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../lib/format';
import { roleNameLabel } from '../../lib/labels/seeded-labels';

interface UserProfileCardProps {
  user: AdminUserRow;
  actions: ReactNode;
}

/** Who the user is, their role and ban state, with the actions beside. */
export function UserProfileCard({ user, actions }: UserProfileCardProps) {
  const { t } = useTranslation();
  const initial = user.username.trim().charAt(0).toUpperCase();

  return (
    <Card>
      <Flex justify="space-between" align="flex-start" wrap gap={16}>
        <Flex gap={16} align="center" style={{ minWidth: 0 }}>
          <Avatar
            size={56}
            src={user.avatar_url ?? undefined}
            style={user.avatar_url ? undefined : { background: 'var(--ant-color-primary, #3b5bdb)' }}
            alt=""
          >
            {initial}
          </Avatar>
          <Flex vertical style={{ minWidth: 0 }}>
            <Typography.Title level={3} style={{ margin: 0 }} ellipsis>
              {user.username}
            </Typography.Title>
            <Typography.Text type="secondary" copyable>
              {user.email}
            </Typography.Text>
            <span style={{ marginTop: 6 }}>
              <Tag color="blue">{roleNameLabel(user.role_name, t)}</Tag>
              {user.banned ? <Tag color="red">{t('Banned')}</Tag> : <Tag color="green">{t('Active')}</Tag>}
              {user.email_verified ? null : <Tag>{t('E-mail not verified')}</Tag>}
            </span>
          </Flex>
        </Flex>
        {actions}
      </Flex>
      <Descriptions
        size="small"
        column={{ xs: 1, md: 2, xl: 4 }}
        style={{ marginTop: 20 }}
        items={[
          { key: 'id', label: t('User ID'), children: <Typography.Text copyable>{user.id}</Typography.Text> },
          // The role's code beside its name in the tag: what grants and the API name it by.
          { key: 'role', label: t('Role code'), children: <span translate="no">{user.role}</span> },
          { key: 'created', label: t('Created'), children: formatDate(user.created_at) },
          {
            key: 'active',
            label: t('Last active'),
            children: user.last_active_at ? formatDate(user.last_active_at) : t('Never'),
          },
          ...(user.banned
            ? [
                {
                  key: 'reason',
                  label: t('Ban reason'),
                  children: user.ban_reason ?? '',
                  span: 'filled' as const,
                },
              ]
            : []),
        ]}
      />
    </Card>
  );
}
