import { useQuery } from '@tanstack/react-query';
import { Descriptions, Drawer, Skeleton, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatCount, formatDate } from '../../lib/format';
import { teamQuery } from './teams-api';

interface TeamDrawerProps {
  teamId: string | null;
  onClose: () => void;
}

/** A team's owner and members; a member's name opens their user page. */
export function TeamDrawer({ teamId, onClose }: TeamDrawerProps) {
  const { t } = useTranslation();
  const team = useQuery({ ...teamQuery(teamId ?? ''), enabled: teamId !== null });
  const data = team.data;

  return (
    <Drawer
      open={teamId !== null}
      onClose={onClose}
      title={data ? data.team.name : t('Team')}
      size="min(640px, 90vw)"
    >
      {!data ? (
        <Skeleton active />
      ) : (
        <>
          <Descriptions
            size="small"
            column={1}
            bordered
            items={[
              {
                key: 'owner',
                label: t('Owner'),
                children: (
                  <Link to={`/admin/user/details?${new URLSearchParams({ id: data.team.owner.id })}`}>
                    {data.team.owner.username} ({data.team.owner.email})
                  </Link>
                ),
              },
              {
                key: 'kind',
                label: t('Kind'),
                children: data.team.personal ? (
                  <Tag>{t('Personal')}</Tag>
                ) : (
                  <Tag color="blue">{t('Shared')}</Tag>
                ),
              },
              { key: 'created', label: t('Created'), children: formatDate(data.team.created_at) },
              {
                key: 'id',
                label: t('Team ID'),
                children: <Typography.Text copyable>{data.team.id}</Typography.Text>,
              },
            ]}
          />
          <Typography.Title level={5} style={{ marginTop: 20 }}>
            {t('Members ({{total}})', { total: formatCount(data.members.length) })}
          </Typography.Title>
          <Table
            size="small"
            rowKey="id"
            pagination={false}
            dataSource={data.members}
            columns={[
              {
                key: 'name',
                title: t('Member'),
                render: (_, member) => (
                  <Link to={`/admin/user/details?${new URLSearchParams({ id: member.id })}`}>
                    {member.username}
                  </Link>
                ),
              },
              { key: 'email', title: t('E-mail'), dataIndex: 'email' },
              {
                key: 'role',
                title: t('Team role'),
                width: 110,
                render: (_, member) => (
                  <Tag color={member.role === 'owner' ? 'gold' : undefined}>{member.role}</Tag>
                ),
              },
              {
                key: 'joined',
                title: t('Joined'),
                width: 170,
                render: (_, member) => formatDate(member.joined_at),
              },
            ]}
          />
        </>
      )}
    </Drawer>
  );
}
