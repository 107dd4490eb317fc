import type { AdminUserRow } from '@app/contract/admin/users/user-row';
import { useQuery } from '@tanstack/react-query';
import { Flex, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DocumentTitle } from '../../app/document-title';
import { ColumnSettingsButton } from '../../widgets/column-settings/column-settings-button';
import { withColumnVisibility } from '../../widgets/column-settings/column-visibility';
import { useColumnVisibility } from '../../widgets/column-settings/use-column-visibility';
import { DataGrid } from '../../widgets/data-grid/data-grid';
import { SearchWithFilters } from '../../widgets/filter-drawer/search-with-filters';
import { useServerList } from '../../widgets/list-page/use-server-list';
import { Paginator } from '../../widgets/paginator/paginator';
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
  const choices = useMemo(
    () => columns.map((c) => ({ field: c.field ?? '', title: c.headerName ?? '' })),
    [columns],
  );
  const { visible } = useColumnVisibility(ROUTE, choices);

  return (
    <>
      <DocumentTitle title={t('Users')} />
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t('Users')}
      </Typography.Title>
      <Flex justify="space-between" wrap gap={8} style={{ marginBottom: 12 }}>
        <SearchWithFilters
          q={list.state.q}
          onSearch={(q) => list.setState({ q })}
          config={filterConfig}
          values={list.state.filters}
          onChange={(filters) => list.setState({ filters })}
          placeholder={t('Search name or e-mail')}
        />
        <ColumnSettingsButton route={ROUTE} columns={choices} />
      </Flex>
      <DataGrid<AdminUserRow>
        mode="server"
        rowData={list.data?.items}
        columnDefs={withColumnVisibility(columns, visible)}
        loading={list.isLoading}
        getRowId={(user) => user.id}
        onRowClicked={(user) => navigate(`/admin/user/details?${new URLSearchParams({ id: user.id })}`)}
        sort={list.state.sort}
        onSortChange={(sort) => list.setState({ sort })}
      />
      <Paginator
        total={list.data?.total ?? 0}
        page={list.state.page}
        pageSize={list.state.pageSize}
        onChange={(page, pageSize) => list.setState({ page, pageSize })}
      />
    </>
  );
}
