import type { Translate } from './translate';

/**
 * Who may open a page or call an API, as the permission pages show it: the two rules that are not
 * codes in words, a code (`admin.users.read`) as written, since that is what a role is granted.
 */
export function permissionLabel(permission: string, t: Translate): string {
  switch (permission) {
    case 'public':
      return t('Everyone');
    case 'signed_in':
      return t('Any signed-in user');
    case 'admin_area':
      return t('Anyone who may open an admin page');
    default:
      return permission;
  }
}
