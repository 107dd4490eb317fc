import type { AdminUserRow } from '@app/contract/admin/users/user-row';
import { useQuery } from '@tanstack/react-query';
import { Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DocumentTitle } from '../../widgets/brand/document-title';
import { HelpTag } from '../../widgets/help-tag/help-tag';
import { ServerListView } from '../../widgets/list-page/server-list-view';
import { useServerList } from '../../widgets/list-page/use-server-list';
import { userColumns } from './user-columns';
import { userFilters } from './user-filters';
import { adminUsersKey, fetchUsers, rolesQuery } from './users-api';

const ROUTE = '/admin/user/users';

/** `/admin/user/users`: every account, searchable by name or e-mail, filtered by role, ban and creation time. */
export function UsersPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const roles = useQuery(rolesQuery);
  const filterConfig = useMemo(() => userFilters(t, roles.data?.items), [t, roles.data]);
  const list = useServerList<AdminUserRow>({
    queryKey: [...adminUsersKey, 'list'],
    fetch: fetchUsers,
    filterConfig,
    defaultSort: '-created_at',
  });
  const columns = useMemo(() => userColumns(t), [t]);

  return (
    <>
      <DocumentTitle title={t('Users')} />
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t('Users')}
        <HelpTag page="/admin/user/users" id="title" />
      </Typography.Title>
      <ServerListView<AdminUserRow>
        list={list}
        filterConfig={filterConfig}
        searchPlaceholder={t('Search name or e-mail')}
        columnDefs={columns}
        columnSettings={{ route: ROUTE }}
        getRowId={(user) => user.id}
        onRowClicked={(user) => navigate(`/admin/user/details?${new URLSearchParams({ id: user.id })}`)}
      />
    </>
  );
}
