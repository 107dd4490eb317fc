import { useQuery } from '@tanstack/react-query';
import { Button, Card, Flex, Result, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useBasicInfos } from '../../lib/session/basic-infos';
import { DocumentTitle } from '../../widgets/brand/document-title';
import { CurrentTeamCard } from './current-team-card';
import { TeamMembersCard } from './team-members-card';
import { myTeamsQuery, teamMembersQuery } from './teams-api';
import { useTeamActions } from './use-team-actions';

/**
 * `/account/team-manager`: the team the user works in (basic infos `team`), the switch to their
 * other teams, and its members and invites. Controls follow the user's role in it.
 */
export function TeamManagerPage() {
  const { t } = useTranslation();
  const infos = useBasicInfos();
  const teams = useQuery(myTeamsQuery);
  const currentId = infos.data?.team.id ?? '';
  const team =
    teams.data?.items.find((item) => item.id === currentId) ?? teams.data?.items.find((item) => item.current);
  // Asked for as soon as basic infos name the team, alongside the team list rather than after it.
  const members = useQuery({ ...teamMembersQuery(currentId), enabled: currentId !== '' });
  const actions = useTeamActions(currentId);

  return (
    <>
      <DocumentTitle title={t('Team management')} />
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t('Team management')}
      </Typography.Title>
      {teams.isError ? (
        <Result
          status="error"
          title={t('Your teams could not be loaded.')}
          subTitle={teams.error.message}
          extra={<Button onClick={() => teams.refetch()}>{t('Try again')}</Button>}
        />
      ) : team && teams.data ? (
        <Flex vertical gap={16}>
          <CurrentTeamCard
            team={team}
            teams={teams.data.items}
            members={members.data?.members ?? []}
            actions={actions}
          />
          <TeamMembersCard team={team} members={members} actions={actions} />
        </Flex>
      ) : (
        <Card>
          <Skeleton active paragraph={{ rows: 4 }} />
        </Card>
      )}
    </>
  );
}
