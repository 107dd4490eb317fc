import type { getAdminUserDetails } from '@app/contract/admin/users/get-user-details';
import type { EndpointResponse } from '@app/contract/define-endpoint';
import { Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../lib/format';

type Session = EndpointResponse<typeof getAdminUserDetails>['sessions'][number];

/** Where the user is signed in; force sign-out ends all of these. */
export function UserSessionsTable({ sessions }: { sessions: Session[] }) {
  const { t } = useTranslation();
  return (
    <Table<Session>
      size="small"
      rowKey="id"
      pagination={false}
      dataSource={sessions}
      scroll={{ x: 720 }}
      locale={{ emptyText: t('No active sessions') }}
      columns={[
        { key: 'ip', title: t('IP address'), dataIndex: 'ip_address', width: 140 },
        {
          key: 'ua',
          title: t('User agent'),
          render: (_, session) => (
            <Typography.Text
              ellipsis={{ tooltip: session.user_agent }}
              style={{ maxWidth: 320 }}
              translate="no"
            >
              {session.user_agent ?? ''}
            </Typography.Text>
          ),
        },
        { key: 'created', title: t('Signed in'), width: 170, render: (_, s) => formatDate(s.created_at) },
        {
          key: 'active',
          title: t('Last active'),
          width: 170,
          render: (_, s) => formatDate(s.last_active_at),
        },
        { key: 'expires', title: t('Expires'), width: 170, render: (_, s) => formatDate(s.expires_at) },
      ]}
    />
  );
}
