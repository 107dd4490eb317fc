import type { getAdminUserDetails } from '@app/contract/admin/users/get-user-details';
import type { EndpointResponse } from '@app/contract/define-endpoint';
import { Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { teamRoleLabel } from '../../lib/labels/team-labels';

type Team = EndpointResponse<typeof getAdminUserDetails>['teams'][number];

/** The teams the user belongs to, with their role in each. */
export function UserTeamsTable({ teams }: { teams: Team[] }) {
  const { t } = useTranslation();
  return (
    <Table<Team>
      size="small"
      rowKey="id"
      pagination={false}
      dataSource={teams}
      locale={{ emptyText: t('No teams') }}
      columns={[
        {
          key: 'name',
          title: t('Team'),
          render: (_, team) => (
            <>
              {team.name} {team.personal ? <Tag>{t('Personal')}</Tag> : null}
            </>
          ),
        },
        {
          key: 'role',
          title: t('Team role'),
          dataIndex: 'role',
          width: 140,
          render: (role: string) => teamRoleLabel(role, t),
        },
      ]}
    />
  );
}
