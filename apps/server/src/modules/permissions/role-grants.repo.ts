import { and, asc, eq, inArray } from 'drizzle-orm';
import { roleGrants, roles } from '../../db/schema';
import type { Db, Tx } from '../../platform/db';

/** Every role (oldest first) and every grant: what the permission matrix shows. */
export async function rolesAndGrants(db: Db) {
  const [roleRows, grantRows] = await Promise.all([
    db.select().from(roles).orderBy(asc(roles.createdAt), asc(roles.code)),
    db.select().from(roleGrants),
  ]);
  return { roleRows, grantRows };
}

/** The role, locked so two grant changes to it run one after the other. */
export async function lockRoleForGrants(tx: Tx, roleCode: string) {
  const [role] = await tx.select().from(roles).where(eq(roles.code, roleCode)).for('update');
  return role;
}

export async function grantsOf(tx: Tx, roleCode: string): Promise<string[]> {
  const rows = await tx.select().from(roleGrants).where(eq(roleGrants.roleCode, roleCode));
  return rows.map((row) => row.grant);
}

export async function replaceGrants(
  tx: Tx,
  roleCode: string,
  change: { dropped: string[]; added: string[] },
) {
  if (change.dropped.length) {
    await tx
      .delete(roleGrants)
      .where(and(eq(roleGrants.roleCode, roleCode), inArray(roleGrants.grant, change.dropped)));
  }
  if (change.added.length)
    await tx.insert(roleGrants).values(change.added.map((grant) => ({ roleCode, grant })));
}
