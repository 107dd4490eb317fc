import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { userChoicesQuery } from './audience-api';
import { useDebouncedValue } from './use-debounced-value';

/** A chosen user with the label shown for them, so the choice stays readable after a new search. */
export interface ChosenUser {
  value: string;
  label: string;
}

interface UserSelectProps {
  id?: string;
  value?: ChosenUser[];
  onChange?: (value: ChosenUser[]) => void;
}

/** Picks users one by one, searching by name or e-mail on the server. */
export function UserSelect({ id, value, onChange }: UserSelectProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim());
  const users = useQuery(userChoicesQuery(q));
  const options = (users.data?.items ?? []).map((user) => ({
    value: user.id,
    label: `${user.username} (${user.email})`,
  }));

  return (
    <Select<ChosenUser[]>
      id={id}
      mode="multiple"
      labelInValue
      value={value}
      onChange={(chosen) =>
        onChange?.(chosen.map(({ value: userId, label }) => ({ value: userId, label: String(label) })))
      }
      placeholder={t('Search name or e-mail')}
      showSearch={{ filterOption: false, onSearch: setSearch }}
      loading={users.isFetching}
      notFoundContent={users.isFetching ? null : t('No user matches')}
      options={options}
    />
  );
}
