import { asc, count, eq } from 'drizzle-orm';
import { roles, users } from '../../db/schema';
import type { Db, Tx } from '../../platform/db';

/** Roles with how many users hold each, oldest first; one role when `code` is given. */
export async function roleRows(db: Db, code?: string) {
  const holders = db
    .select({ role: users.role, n: count().as('n') })
    .from(users)
    .groupBy(users.role)
    .as('holders');
  return db
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
}

/** Inserts a role; false when the code is taken. */
export async function insertRole(tx: Tx, input: { code: string; name: string; description: string }) {
  const created = await tx.insert(roles).values(input).onConflictDoNothing().returning({ code: roles.code });
  return created.length > 0;
}

/** The role, locked for the rest of the transaction. */
export async function lockRole(tx: Tx, code: string) {
  const [role] = await tx.select().from(roles).where(eq(roles.code, code)).for('update');
  return role;
}

export async function updateRoleRow(tx: Tx, code: string, input: { name?: string; description?: string }) {
  await tx.update(roles).set(input).where(eq(roles.code, code));
}

export async function countRoleHolders(tx: Tx, code: string): Promise<number> {
  const [holders] = await tx.select({ n: count() }).from(users).where(eq(users.role, code));
  return holders?.n ?? 0;
}

export async function deleteRoleRow(tx: Tx, code: string) {
  await tx.delete(roles).where(eq(roles.code, code));
}
