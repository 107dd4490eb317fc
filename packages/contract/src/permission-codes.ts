/**
 * Every endpoint and page declares who may use it: anyone (`public`), any signed-in user
 * (`signed_in`), or holders of a code `area.resource.action` granted through their role.
 */
export type PermissionCode = `${string}.${string}.${string}`;
export type Permission = 'public' | 'signed_in' | PermissionCode;

export function isPermissionCode(permission: Permission): permission is PermissionCode {
  return permission !== 'public' && permission !== 'signed_in';
}

/**
 * A role grant is a code or a prefix pattern ending in `*` (`admin.*`, `*`).
 * Patterns keep seeded roles short; admins may still grant single codes.
 */
export function grantMatches(grant: string, code: string): boolean {
  if (grant === '*') return true;
  if (grant.endsWith('.*')) return code.startsWith(grant.slice(0, -1));
  return grant === code;
}
