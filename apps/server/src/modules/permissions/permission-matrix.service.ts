import { PAGE_ROUTES } from '@app/contract/page-routes';
import { grantMatches, isPermissionCode, SUPER_ADMIN_ROLE } from '@app/contract/permission-codes';
import { AppError, validationError } from '../../platform/app-error';
import { audited } from '../../platform/audit';
import type { Platform } from '../../platform/platform';
import type { RequestContext } from '../../platform/request-context';
import { grantsOf, lockRoleForGrants, replaceGrants, rolesAndGrants } from './role-grants.repo';

/** Every code a page or an API carries: what the matrix shows and what grants may name. */
export function knownCodes(platform: Platform): string[] {
  const codes = new Set<string>();
  for (const route of PAGE_ROUTES) if (isPermissionCode(route.permission)) codes.add(route.permission);
  for (const endpoint of platform.registry.all())
    if (isPermissionCode(endpoint.permission)) codes.add(endpoint.permission);
  return [...codes].sort();
}

export async function getPermissionMatrix(platform: Platform) {
  const { roleRows, grantRows } = await rolesAndGrants(platform.db);
  const grants: Record<string, string[]> = Object.fromEntries(
    roleRows.map((role) => [role.code, [] as string[]]),
  );
  for (const row of grantRows) grants[row.roleCode]?.push(row.grant);
  return {
    roles: roleRows.map((role) => ({ code: role.code, name: role.name, is_system: role.isSystem })),
    page_routes: PAGE_ROUTES.map((route) => ({ route: route.path, code: route.permission })),
    apis: platform.registry
      .all()
      .map((endpoint) => ({ api: endpoint.id, code: endpoint.permission, summary: endpoint.summary }))
      .sort((a, b) => a.api.localeCompare(b.api)),
    grants,
    version: await platform.access.currentVersion(),
  };
}

/**
 * Grants (held) or withdraws codes. A code held only through a pattern is withdrawn by replacing
 * the pattern with the known codes it covered, less the withdrawn ones, so nothing else changes.
 */
export async function setRoleGrants(
  platform: Platform,
  ctx: RequestContext,
  roleCode: string,
  input: { codes: string[]; held: boolean },
) {
  const known = knownCodes(platform);
  const unknown = input.codes.filter((code) => !known.includes(code));
  if (unknown.length) throw validationError({ codes: `Unknown permission code: ${unknown.join(', ')}` });

  const grants = await platform.access.changeGrants((bump) =>
    audited(
      platform.db,
      ctx,
      {
        action: input.held ? 'role.grants.add' : 'role.grants.remove',
        targetType: 'role',
        targetId: roleCode,
      },
      async (tx) => {
        const role = await lockRoleForGrants(tx, roleCode);
        if (!role) throw new AppError('NOT_FOUND', { msg: 'Role not found' });
        if (role.code === SUPER_ADMIN_ROLE) {
          throw new AppError('CONFLICT', { msg: 'The super admin role always holds every permission' });
        }
        const before = await grantsOf(tx, roleCode);
        let next: string[];
        if (input.held) {
          next = [
            ...before,
            ...input.codes.filter((code) => !before.some((grant) => grantMatches(grant, code))),
          ];
        } else {
          const removing = new Set(input.codes);
          next = before.flatMap((grant) => {
            if (!input.codes.some((code) => grantMatches(grant, code))) return [grant];
            if (!grant.endsWith('*')) return [];
            return known.filter((code) => grantMatches(grant, code) && !removing.has(code));
          });
        }
        next = [...new Set(next)].sort();
        const dropped = before.filter((grant) => !next.includes(grant));
        const added = next.filter((grant) => !before.includes(grant));
        await replaceGrants(tx, roleCode, { dropped, added });
        if (dropped.length || added.length) await bump(tx);
        return { result: next, before: { grants: before }, after: { grants: next } };
      },
    ),
  );
  return { grants, version: await platform.access.currentVersion() };
}
