import { PAGE_ROUTES } from '@app/contract/page-routes';
import { isPermissionCode } from '@app/contract/permission-codes';
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
      code: 'super_admin',
      name: 'Super admin',
      description: 'Everything, including roles and permissions',
      grants: ['*'],
    },
    {
      code: 'admin',
      name: 'Admin',
      description: 'Every admin page except role and permission editing',
      grants: adminAreas()
        .filter((area) => !ACCESS_AREAS.has(area))
        .map((area) => `admin.${area}.*`),
    },
    {
      code: 'operator',
      name: 'Operator',
      description: 'Support: users (read), orders, invoices, messages, logs (read)',
      grants: [
        'admin.dashboard.*',
        'admin.users.view',
        'admin.users.read',
        'admin.orders.*',
        'admin.invoices.*',
        'admin.messages.*',
        'admin.logs.view',
        'admin.logs.read',
      ],
    },
    { code: 'user', name: 'User', description: 'No admin page', grants: [] },
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
