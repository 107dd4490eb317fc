import { TeamOutlined } from '@ant-design/icons';
import type { BasicInfos } from '@app/contract/user/get-basic-infos';
import { Card, Divider, Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DATE_FORMATS, formatDate } from '../../lib/format';
import { teamRoleLabel } from '../../lib/labels/team-labels';
import { UserIdentity } from '../../widgets/user/user-identity';

/** Who is signed in and which team they are working in now, with their role there. */
export function AccountSummaryCard({ user }: { user: BasicInfos }) {
  const { t } = useTranslation();

  return (
    <Card title={t('Account')} style={{ height: '100%' }}>
      <UserIdentity user={user} avatarSize={64} nameSize={16}>
        <span>
          <Tag color="blue" style={{ marginTop: 4, marginInlineEnd: 0 }}>
            {user.role_name}
          </Tag>
        </span>
      </UserIdentity>
      <Typography.Paragraph type="secondary" style={{ margin: '12px 0 0' }}>
        {t('Member since {{date}}', { date: formatDate(user.created_at, DATE_FORMATS.date) })}
      </Typography.Paragraph>
      <Divider style={{ margin: '16px 0' }} />
      <Flex gap={12} align="center" justify="space-between" wrap>
        <Flex gap={8} align="center" style={{ minWidth: 0 }}>
          <TeamOutlined aria-hidden />
          <Flex vertical style={{ minWidth: 0 }}>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('Current team')}
            </Typography.Text>
            <Typography.Text strong ellipsis>
              {user.team.name}
            </Typography.Text>
          </Flex>
          <Tag style={{ marginInlineEnd: 0 }}>{teamRoleLabel(user.team.role, t)}</Tag>
        </Flex>
        <Link to="/account/team-manager">{t('Manage team')}</Link>
      </Flex>
    </Card>
  );
}
