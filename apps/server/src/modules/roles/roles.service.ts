import { asc, count, eq } from 'drizzle-orm';
import { roles, users } from '../../db/schema';
import { AppError } from '../../platform/app-error';
import { audited } from '../../platform/audit';
import type { Db } from '../../platform/db';
import { toSeconds } from '../../platform/list-query';
import type { Platform } from '../../platform/platform';
import type { RequestContext } from '../../platform/request-context';
import { bumpVersion } from '../../platform/versions';

async function roleRows(db: Db, code?: string) {
  const holders = db
    .select({ role: users.role, n: count().as('n') })
    .from(users)
    .groupBy(users.role)
    .as('holders');
  const rows = await db
    .select({
      code: roles.code,
      name: roles.name,
      description: roles.description,
      isSystem: roles.isSystem,
      createdAt: roles.createdAt,
      usersCount: holders.n,
    })
    .from(roles)
    .leftJoin(holders, eq(holders.role, roles.code))
    .where(code ? eq(roles.code, code) : undefined)
    .orderBy(asc(roles.createdAt), asc(roles.code));
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
  const [role] = await roleRows(db, code);
  if (!role) throw new AppError('NOT_FOUND', { msg: 'Role not found' });
  return role;
}

export async function listRoles(platform: Platform) {
  return { items: await roleRows(platform.db) };
}

export async function createRole(
  platform: Platform,
  ctx: RequestContext,
  input: { code: string; name: string; description: string },
) {
  await audited(
    platform.db,
    ctx,
    { action: 'role.create', targetType: 'role', targetId: input.code },
    async (tx) => {
      const created = await tx
        .insert(roles)
        .values({ code: input.code, name: input.name, description: input.description })
        .onConflictDoNothing()
        .returning({ code: roles.code });
      if (!created.length)
        throw new AppError('CONFLICT', { fields: { code: 'A role with this code exists' } });
      await bumpVersion(tx, 'permission');
      return { result: null, after: input };
    },
  );
  platform.access.invalidate();
  return { role: await mustFindRole(platform.db, input.code) };
}

export async function updateRole(
  platform: Platform,
  ctx: RequestContext,
  code: string,
  input: { name?: string; description?: string },
) {
  await audited(
    platform.db,
    ctx,
    { action: 'role.update', targetType: 'role', targetId: code },
    async (tx) => {
      const [before] = await tx.select().from(roles).where(eq(roles.code, code)).for('update');
      if (!before) throw new AppError('NOT_FOUND', { msg: 'Role not found' });
      await tx.update(roles).set(input).where(eq(roles.code, code));
      // Clients and the role-name cache follow the permission version.
      await bumpVersion(tx, 'permission');
      return {
        result: null,
        before: { name: before.name, description: before.description },
        after: { name: input.name ?? before.name, description: input.description ?? before.description },
      };
    },
  );
  platform.access.invalidate();
  return { role: await mustFindRole(platform.db, code) };
}

/** Seeded roles stay, and a role someone holds cannot vanish from under them. */
export async function deleteRole(platform: Platform, ctx: RequestContext, code: string) {
  await audited(
    platform.db,
    ctx,
    { action: 'role.delete', targetType: 'role', targetId: code },
    async (tx) => {
      const [role] = await tx.select().from(roles).where(eq(roles.code, code)).for('update');
      if (!role) throw new AppError('NOT_FOUND', { msg: 'Role not found' });
      if (role.isSystem) throw new AppError('CONFLICT', { msg: 'A built-in role cannot be deleted' });
      const [holders] = await tx.select({ n: count() }).from(users).where(eq(users.role, code));
      if ((holders?.n ?? 0) > 0)
        throw new AppError('CONFLICT', { msg: 'The role is in use and cannot be deleted' });
      await tx.delete(roles).where(eq(roles.code, code));
      await bumpVersion(tx, 'permission');
      return { result: null, before: { code, name: role.name } };
    },
  );
  platform.access.invalidate();
  return { deleted: true as const };
}
