import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { teamChoicesQuery } from './audience-api';
import { useDebouncedValue } from './use-debounced-value';

interface TeamSelectProps {
  id?: string;
  value?: string;
  onChange?: (value: string | undefined) => void;
}

/** Picks one team, searching by team name or owner e-mail on the server. */
export function TeamSelect({ id, value, onChange }: TeamSelectProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim());
  const teams = useQuery(teamChoicesQuery(q));
  const options = (teams.data?.items ?? []).map((team) => ({
    value: team.id,
    label: `${team.name} (${team.owner.email})`,
  }));

  return (
    <Select<string>
      id={id}
      value={value}
      onChange={onChange}
      allowClear
      placeholder={t('Search team name or owner e-mail')}
      showSearch={{ filterOption: false, onSearch: setSearch }}
      loading={teams.isFetching}
      notFoundContent={teams.isFetching ? null : t('No team matches')}
      options={options}
    />
  );
}
