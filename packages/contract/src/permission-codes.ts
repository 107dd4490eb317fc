/**
 * Every permission code there is, `scope.area.verb`: a role grants them (admins pick them in the
 * permission matrix) and a REST token's scopes are chosen from them, so the list is closed (a code
 * nobody declared cannot be granted) and each verb has one meaning:
 * - `read`: open the area's pages and read its data (no separate "view");
 * - `edit`: change its data (no separate "update");
 * - a verb of its own only where the act is a different power from editing, granted apart: `create`
 *   and `delete` roles, `ban` users, `adjust` credits, `issue` invoices, `refund` and `sync` orders,
 *   `send` messages, `upload` and `delete` files, `restore` a backup.
 */
export const PERMISSION_CODES = [
  'admin.backups.read',
  'admin.backups.edit',
  'admin.backups.restore',
  'admin.caches.read',
  'admin.caches.edit',
  'admin.credits.read',
  'admin.credits.adjust',
  'admin.dashboard.read',
  'admin.financial.read',
  'admin.foreign_keys.read',
  'admin.foreign_keys.edit',
  'admin.help_tags.read',
  'admin.help_tags.edit',
  'admin.integrations.read',
  'admin.integrations.edit',
  'admin.invoices.read',
  'admin.invoices.issue',
  'admin.logs.read',
  'admin.logs.edit',
  'admin.messages.read',
  'admin.messages.edit',
  'admin.messages.send',
  'admin.orders.read',
  'admin.orders.refund',
  'admin.orders.sync',
  'admin.permissions.read',
  'admin.permissions.edit',
  'admin.plans.read',
  'admin.plans.edit',
  'admin.resources.read',
  'admin.rest_tokens.read',
  'admin.rest_tokens.edit',
  'admin.roles.read',
  'admin.roles.edit',
  'admin.roles.create',
  'admin.roles.delete',
  'admin.settings.read',
  'admin.settings.edit',
  'admin.storage.read',
  'admin.storage.upload',
  'admin.storage.delete',
  'admin.subscriptions.read',
  'admin.subscriptions.edit',
  'admin.teams.read',
  'admin.translations.read',
  'admin.translations.edit',
  'admin.users.read',
  'admin.users.edit',
  'admin.users.ban',
] as const;

/**
 * Every endpoint and page declares who may use it: anyone (`public`), any signed-in user
 * (`signed_in`), or holders of a code of `PERMISSION_CODES` granted through their role.
 */
export type PermissionCode = (typeof PERMISSION_CODES)[number];

const KNOWN_CODES: ReadonlySet<string> = new Set(PERMISSION_CODES);

/** Whether a string (a grant asked for, a scope) names a code of the list. */
export function isKnownPermissionCode(value: string): value is PermissionCode {
  return KNOWN_CODES.has(value);
}

/**
 * Whoever may open at least one admin page: the admin console's own services (editing presence
 * and its stream) that belong to no one page. Decided from the role's page grants, never granted.
 */
export const ADMIN_AREA = 'admin_area';

/** The role that always holds every permission and that only another super admin may act on. */
export const SUPER_ADMIN_ROLE = 'super_admin';
export type Permission = 'public' | 'signed_in' | typeof ADMIN_AREA | PermissionCode;

/**
 * What a REST token may be given besides the permission codes: its team's own data, which every
 * member reads without a grant (so no role holds these; only a token's scopes do). An Open API
 * endpoint open to any signed-in user names the one of these a token needs.
 */
export const TEAM_SCOPES = ['team.analytics.read', 'team.credits.read', 'team.files.read'] as const;
export type TeamScope = (typeof TEAM_SCOPES)[number];

/** A REST token's scope: a permission code (admin calls, as long as its creator holds it) or a team scope. */
export type TokenScope = PermissionCode | TeamScope;
export const TOKEN_SCOPES: readonly TokenScope[] = [...PERMISSION_CODES, ...TEAM_SCOPES];

const KNOWN_SCOPES: ReadonlySet<string> = new Set(TOKEN_SCOPES);
export function isTokenScope(value: string): value is TokenScope {
  return KNOWN_SCOPES.has(value);
}

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
