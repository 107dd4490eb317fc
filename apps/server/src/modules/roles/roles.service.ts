import { AppError } from '../../platform/app-error';
import { audited } from '../../platform/audit';
import type { Db } from '../../platform/db';
import { toSeconds } from '../../platform/list-query';
import type { Platform } from '../../platform/platform';
import type { RequestContext } from '../../platform/request-context';
import { countRoleHolders, deleteRoleRow, insertRole, lockRole, roleRows, updateRoleRow } from './roles.repo';

async function roleViews(db: Db, code?: string) {
  const rows = await roleRows(db, code);
  return rows.map((row) => ({
    code: row.code,
    name: row.name,
    description: row.description,
    is_system: row.isSystem,
    users_count: Number(row.usersCount ?? 0),
    created_at: toSeconds(row.createdAt),
  }));
}

async function mustFindRole(db: Db, code: string) {
  const [role] = await roleViews(db, code);
  if (!role) throw new AppError('NOT_FOUND', { msg: 'Role not found' });
  return role;
}

export async function listRoles(platform: Platform) {
  return { items: await roleViews(platform.db) };
}

export async function createRole(
  platform: Platform,
  ctx: RequestContext,
  input: { code: string; name: string; description: string },
) {
  await platform.access.changeGrants((bump) =>
    audited(
      platform.db,
      ctx,
      { action: 'role.create', targetType: 'role', targetId: input.code },
      async (tx) => {
        const created = await insertRole(tx, {
          code: input.code,
          name: input.name,
          description: input.description,
        });
        if (!created) throw new AppError('CONFLICT', { fields: { code: 'A role with this code exists' } });
        await bump(tx);
        return { result: null, after: input };
      },
    ),
  );
  return { role: await mustFindRole(platform.db, input.code) };
}

export async function updateRole(
  platform: Platform,
  ctx: RequestContext,
  code: string,
  input: { name?: string; description?: string },
) {
  await platform.access.changeGrants((bump) =>
    audited(platform.db, ctx, { action: 'role.update', targetType: 'role', targetId: code }, async (tx) => {
      const before = await lockRole(tx, code);
      if (!before) throw new AppError('NOT_FOUND', { msg: 'Role not found' });
      await updateRoleRow(tx, code, input);
      // Clients and the role-name cache follow the permission version.
      await bump(tx);
      return {
        result: null,
        before: { name: before.name, description: before.description },
        after: { name: input.name ?? before.name, description: input.description ?? before.description },
      };
    }),
  );
  return { role: await mustFindRole(platform.db, code) };
}

/** Seeded roles stay, and a role someone holds cannot vanish from under them. */
export async function deleteRole(platform: Platform, ctx: RequestContext, code: string) {
  await platform.access.changeGrants((bump) =>
    audited(platform.db, ctx, { action: 'role.delete', targetType: 'role', targetId: code }, async (tx) => {
      const role = await lockRole(tx, code);
      if (!role) throw new AppError('NOT_FOUND', { msg: 'Role not found' });
      if (role.isSystem) throw new AppError('CONFLICT', { msg: 'A built-in role cannot be deleted' });
      if ((await countRoleHolders(tx, code)) > 0)
        throw new AppError('CONFLICT', { msg: 'The role is in use and cannot be deleted' });
      await deleteRoleRow(tx, code);
      await bump(tx);
      return { result: null, before: { code, name: role.name } };
    }),
  );
  return { deleted: true as const };
}
