import { useQuery } from '@tanstack/react-query';
import { Form, Radio, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { rolesQuery } from '../../lib/permissions/roles-query';
import type { AudienceKind } from './send-values';
import { TeamSelect } from './team-select';
import { UserSelect } from './user-select';

/** Who receives the message: everyone, a role, a team or chosen users, with the matching picker. */
export function AudienceFields() {
  const { t } = useTranslation();
  const kind = Form.useWatch<AudienceKind | undefined>('audience');
  const roles = useQuery({ ...rolesQuery, enabled: kind === 'role' });

  return (
    <>
      <Form.Item name="audience" label={t('Recipients')}>
        <Radio.Group
          options={[
            { value: 'all', label: t('All users') },
            { value: 'role', label: t('A role') },
            { value: 'team', label: t('A team') },
            { value: 'users', label: t('Chosen users') },
          ]}
        />
      </Form.Item>
      {kind === 'role' ? (
        <Form.Item name="role" label={t('Role')} rules={[{ required: true, message: t('Choose a role') }]}>
          <Select
            loading={roles.isPending}
            showSearch={{ optionFilterProp: 'label' }}
            options={(roles.data?.items ?? []).map((role) => ({
              value: role.code,
              label: t('{{name}} ({{count}} users)', {
                name: role.name,
                count: role.users_count,
                defaultValue_one: '{{name}} ({{count}} user)',
              }),
            }))}
          />
        </Form.Item>
      ) : null}
      {kind === 'team' ? (
        <Form.Item name="team_id" label={t('Team')} rules={[{ required: true, message: t('Choose a team') }]}>
          <TeamSelect />
        </Form.Item>
      ) : null}
      {kind === 'users' ? (
        <Form.Item
          name="users"
          label={t('Users')}
          rules={[
            { required: true, type: 'array', min: 1, message: t('Choose at least one user') },
            {
              type: 'array',
              max: 1000,
              message: t('At most 1000 users; send to a role or a team instead'),
            },
          ]}
        >
          <UserSelect />
        </Form.Item>
      ) : null}
    </>
  );
}
