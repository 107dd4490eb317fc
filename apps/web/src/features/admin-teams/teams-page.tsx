import { adminTeamListFields } from '@app/contract/admin/teams/teams';
import { Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DocumentTitle } from '../../widgets/brand/document-title';
import { filterConfigFrom } from '../../widgets/filter-drawer/filter-config-from-fields';
import { ServerListView } from '../../widgets/list-page/server-list-view';
import { useServerList } from '../../widgets/list-page/use-server-list';
import { type AdminTeamRow, teamColumns } from './team-columns';
import { TeamDrawer } from './team-drawer';
import { adminTeamsKey, fetchTeams } from './teams-api';

/** `/admin/user/teams`: teams with owner and size; a row opens its members. */
export function TeamsPage() {
  const { t } = useTranslation();
  const filterConfig = useMemo(
    () =>
      filterConfigFrom(adminTeamListFields, {
        personal: { alias: t('Personal team'), on: t('Personal'), off: t('Shared') },
      }),
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
      <ServerListView<AdminTeamRow>
        list={list}
        filterConfig={filterConfig}
        searchPlaceholder={t('Search team name or owner e-mail')}
        columnDefs={columns}
        getRowId={(team) => team.id}
        onRowClicked={(team) => setOpenTeam(team.id)}
      />
      <TeamDrawer teamId={openTeam} onClose={() => setOpenTeam(null)} />
    </>
  );
}
