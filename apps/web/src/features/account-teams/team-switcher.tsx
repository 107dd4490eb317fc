import type { MyTeam } from '@app/contract/account/teams/teams';
import { Flex, Select, Tag, Typography } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { teamRoleLabel } from '../../lib/labels/team-labels';

interface TeamSwitcherProps {
  teams: MyTeam[];
  currentId: string;
  switching: boolean;
  onSwitch: (team: MyTeam) => void;
}

/** Picks the team to work in; everything the workspace shows (projects, data, credits) follows it. */
export function TeamSwitcher({ teams, currentId, switching, onSwitch }: TeamSwitcherProps) {
  const { t } = useTranslation();
  const labelId = useId();
  return (
    <Flex vertical gap={4} style={{ marginBottom: 16 }}>
      <Typography.Text id={labelId} type="secondary">
        {t('Team you work in')}
      </Typography.Text>
      <Select
        aria-labelledby={labelId}
        value={currentId}
        loading={switching}
        disabled={switching}
        style={{ width: '100%', maxWidth: 420 }}
        onChange={(id: string) => {
          const team = teams.find((item) => item.id === id);
          if (team) onSwitch(team);
        }}
        options={teams.map((team) => ({
          value: team.id,
          label: (
            <Flex gap={8} align="center" justify="space-between">
              <Typography.Text ellipsis>{team.name}</Typography.Text>
              <span>
                {team.personal ? <Tag>{t('Personal')}</Tag> : null}
                <Tag color={team.role === 'member' ? 'default' : 'blue'}>{teamRoleLabel(team.role, t)}</Tag>
              </span>
            </Flex>
          ),
          title: team.name,
        }))}
      />
    </Flex>
  );
}
