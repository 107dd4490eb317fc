import { Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DocumentTitle } from '../../app/document-title';
import { DataGrid } from '../../widgets/data-grid/data-grid';
import type { FilterConfig } from '../../widgets/filter-drawer/filter-types';
import { SearchWithFilters } from '../../widgets/filter-drawer/search-with-filters';
import { useServerList } from '../../widgets/list-page/use-server-list';
import { Paginator } from '../../widgets/paginator/paginator';
import { type AdminTeamRow, teamColumns } from './team-columns';
import { TeamDrawer } from './team-drawer';
import { adminTeamsKey, fetchTeams } from './teams-api';

/** `/admin/user/teams`: teams with owner and size; a row opens its members. */
export function TeamsPage() {
  const { t } = useTranslation();
  const filterConfig = useMemo<FilterConfig>(
    () => ({ personal: { alias: t('Personal team'), type: 'bool', on: t('Personal'), off: t('Shared') } }),
    [t],
  );
  const list = useServerList<AdminTeamRow>({
    queryKey: [...adminTeamsKey, 'list'],
    fetch: fetchTeams,
    filterConfig,
    defaultSort: '-created_at',
  });
  const columns = useMemo(() => teamColumns(t), [t]);
  const [openTeam, setOpenTeam] = useState<string | null>(null);

  return (
    <>
      <DocumentTitle title={t('Teams')} />
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t('Teams')}
      </Typography.Title>
      <div style={{ marginBottom: 12 }}>
        <SearchWithFilters
          q={list.state.q}
          onSearch={(q) => list.setState({ q })}
          config={filterConfig}
          values={list.state.filters}
          onChange={(filters) => list.setState({ filters })}
          placeholder={t('Search team name or owner e-mail')}
        />
      </div>
      <DataGrid<AdminTeamRow>
        mode="server"
        rowData={list.data?.items}
        columnDefs={columns}
        loading={list.isLoading}
        getRowId={(team) => team.id}
        onRowClicked={(team) => setOpenTeam(team.id)}
        sort={list.state.sort}
        onSortChange={(sort) => list.setState({ sort })}
      />
      <Paginator
        total={list.data?.total ?? 0}
        page={list.state.page}
        pageSize={list.state.pageSize}
        onChange={(page, pageSize) => list.setState({ page, pageSize })}
      />
      <TeamDrawer teamId={openTeam} onClose={() => setOpenTeam(null)} />
    </>
  );
}
