import { PAGE_ROUTES } from '@app/contract/page-routes';
import { isPermissionCode, SUPER_ADMIN_ROLE } from '@app/contract/permission-codes';
import { SEEDED_ROLE_TEXTS } from '@app/contract/permissions/seeded-roles';
import { roleGrants, roles } from '../../db/schema';
import type { Db } from '../../platform/db';
import { bumpVersion } from '../../platform/versions';

/** Areas (`admin.<area>`) only super admins manage: who may do what. */
const ACCESS_AREAS = new Set(['roles', 'permissions']);

function adminAreas(): string[] {
  const areas = new Set<string>();
  for (const route of PAGE_ROUTES) {
    if (!isPermissionCode(route.permission)) continue;
    const [scope, area] = route.permission.split('.');
    if (scope === 'admin' && area) areas.add(area);
  }
  return [...areas].sort();
}

/** The seeded roles of ARCHITECTURE section 6 and what each holds. */
export function seededRoles(): { code: string; name: string; description: string; grants: string[] }[] {
  return [
    {
      code: SUPER_ADMIN_ROLE,
      ...SEEDED_ROLE_TEXTS.super_admin,
      grants: ['*'],
    },
    {
      code: 'admin',
      ...SEEDED_ROLE_TEXTS.admin,
      grants: adminAreas()
        .filter((area) => !ACCESS_AREAS.has(area))
        .map((area) => `admin.${area}.*`),
    },
    {
      code: 'operator',
      ...SEEDED_ROLE_TEXTS.operator,
      grants: [
        'admin.dashboard.*',
        'admin.users.read',
        'admin.orders.*',
        'admin.invoices.*',
        'admin.messages.*',
        'admin.logs.read',
      ],
    },
    { code: 'user', ...SEEDED_ROLE_TEXTS.user, grants: [] },
  ];
}

/** Creates missing seeded roles with their grants; roles admins have since edited are left alone. */
export async function seedRoles(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    let changed = false;
    for (const role of seededRoles()) {
      const created = await tx
        .insert(roles)
        .values({ code: role.code, name: role.name, description: role.description, isSystem: true })
        .onConflictDoNothing()
        .returning({ code: roles.code });
      if (!created.length) continue;
      changed = true;
      if (role.grants.length) {
        await tx.insert(roleGrants).values(role.grants.map((grant) => ({ roleCode: role.code, grant })));
      }
    }
    if (changed) await bumpVersion(tx, 'permission');
  });
}
