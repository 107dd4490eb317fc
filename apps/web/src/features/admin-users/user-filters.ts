import { adminUserListFields } from '@app/contract/admin/users/list-users';
import { filterConfigFrom } from '../../widgets/filter-drawer/filter-config-from-fields';
import type { FilterConfig } from '../../widgets/filter-drawer/filter-types';

type Translate = (msgid: string) => string;

/**
 * Role (from the roles list, when it could be read, several at once), ban state and creation
 * time: the contract's `adminUserListFields` decide the controls, this names them.
 */
export function userFilters(t: Translate, roles: { code: string; name: string }[] = []): FilterConfig {
  return filterConfigFrom(adminUserListFields, {
    role: {
      alias: t('Role'),
      type: 'check_list',
      options: roles.map((role) => ({ name: role.name, value: role.code })),
    },
    banned: { alias: t('Banned'), on: t('Banned'), off: t('Not banned') },
    created_at: { alias: t('Created') },
  });
}
