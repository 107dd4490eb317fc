/**
 * Every endpoint and page declares who may use it: anyone (`public`), any signed-in user
 * (`signed_in`), or holders of a code `area.resource.action` granted through their role.
 */
export type PermissionCode = `${string}.${string}.${string}`;

/**
 * Whoever may open at least one admin page: the admin console's own services (editing presence
 * and its stream) that belong to no one page. Decided from the role's page grants, never granted.
 */
export const ADMIN_AREA = 'admin_area';

/** The role that always holds every permission and that only another super admin may act on. */
export const SUPER_ADMIN_ROLE = 'super_admin';
export type Permission = 'public' | 'signed_in' | typeof ADMIN_AREA | PermissionCode;

export function isPermissionCode(permission: Permission): permission is PermissionCode {
  return permission !== 'public' && permission !== 'signed_in' && permission !== ADMIN_AREA;
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
