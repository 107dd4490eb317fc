import type { FilterConfig } from '../../widgets/filter-drawer/filter-types';

type Translate = (msgid: string) => string;

/** Role (from the roles list, when it could be read), ban state and creation time. */
export function userFilters(t: Translate, roles: { code: string; name: string }[] = []): FilterConfig {
  return {
    role: {
      alias: t('Role'),
      type: 'check_list',
      options: roles.map((role) => ({ name: role.name, value: role.code })),
    },
    banned: { alias: t('Banned'), type: 'bool', on: t('Banned'), off: t('Not banned') },
    created_at: { alias: t('Created'), type: 'range' },
  };
}
