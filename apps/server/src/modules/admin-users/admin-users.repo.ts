import { adminUserListFields } from '@app/contract/admin/users/list-users';
import type { ListQuery } from '@app/contract/list';
import { SUPER_ADMIN_ROLE } from '@app/contract/permission-codes';
import { and, desc, eq, max, ne, or, sql } from 'drizzle-orm';
import { operationRecords, roles, sessions, teamMembers, teams, users } from '../../db/schema';
import type { Db, Tx } from '../../platform/db';
import { bindList, listOrder, listPage, listWhere, searchColumns } from '../../platform/list-query';

const userList = bindList(adminUserListFields, {
  role: users.role,
  banned: users.banned,
  created_at: users.createdAt,
  username: users.name,
  email: users.email,
});

function lastActiveByUser(db: Db | Tx) {
  return db
    .select({ userId: sessions.userId, lastActive: max(sessions.updatedAt).as('last_active') })
    .from(sessions)
    .groupBy(sessions.userId)
    .as('last_active_by_user');
}

const userColumns = (lastActive: ReturnType<typeof lastActiveByUser>) => ({
  id: users.id,
  name: users.name,
  email: users.email,
  emailVerified: users.emailVerified,
  image: users.image,
  role: users.role,
  roleName: roles.name,
  banned: users.banned,
  banReason: users.banReason,
  createdAt: users.createdAt,
  lastActive: lastActive.lastActive,
});

export type UserRecord = NonNullable<Awaited<ReturnType<typeof findUser>>>;

/** One page of users with their role name and last activity (page and count side by side). */
export function listUsers(db: Db, query: ListQuery) {
  const where = listWhere(query, userList, (q) => searchColumns(q, [users.name, users.email]));
  const lastActive = lastActiveByUser(db);
  return listPage(
    db,
    query,
    () =>
      db
        .select(userColumns(lastActive))
        .from(users)
        .leftJoin(roles, eq(roles.code, users.role))
        .leftJoin(lastActive, eq(lastActive.userId, users.id))
        .where(where)
        .$dynamic(),
    listOrder(query, userList, [desc(users.createdAt), desc(users.id)]),
    () => db.select({ id: users.id }).from(users).where(where).$dynamic(),
  );
}

export async function findUser(db: Db | Tx, id: string) {
  const lastActive = lastActiveByUser(db);
  const [row] = await db
    .select(userColumns(lastActive))
    .from(users)
    .leftJoin(roles, eq(roles.code, users.role))
    .leftJoin(lastActive, eq(lastActive.userId, users.id))
    .where(eq(users.id, id));
  return row ?? null;
}

/** Locks the user row for a change decided on its current state. */
export async function lockUser(tx: Tx, id: string) {
  const [row] = await tx
    .select({
      id: users.id,
      email: users.email,
      role: users.role,
      banned: users.banned,
      banReason: users.banReason,
    })
    .from(users)
    .where(eq(users.id, id))
    .for('update');
  return row ?? null;
}

/** Super admins other than `exceptId` who can still sign in, locked so two demotions cannot race. */
export async function countOtherActiveSuperAdmins(tx: Tx, exceptId: string): Promise<number> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, SUPER_ADMIN_ROLE), eq(users.banned, false), ne(users.id, exceptId)))
    .for('update');
  return rows.length;
}

export async function userTeams(db: Db, userId: string) {
  return db
    .select({ id: teams.id, name: teams.name, role: teamMembers.role, personal: teams.personal })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .where(eq(teamMembers.userId, userId))
    .orderBy(desc(teams.personal), teams.name);
}

export async function userSessions(db: Db, userId: string) {
  return db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), sql`${sessions.expiresAt} > now()`))
    .orderBy(desc(sessions.updatedAt))
    .limit(50);
}

/** What was done to the user and what they did, newest first. */
export async function userOperations(db: Db, userId: string, limit = 20) {
  return db
    .select()
    .from(operationRecords)
    .where(
      or(
        and(eq(operationRecords.targetType, 'user'), eq(operationRecords.targetId, userId)),
        eq(operationRecords.actorId, userId),
      ),
    )
    .orderBy(desc(operationRecords.createdAt), desc(operationRecords.id))
    .limit(limit);
}

export async function deleteUserSessions(tx: Db | Tx, userId: string): Promise<number> {
  const removed = await tx.delete(sessions).where(eq(sessions.userId, userId)).returning({ id: sessions.id });
  return removed.length;
}

export async function roleExists(tx: Tx, code: string): Promise<boolean> {
  const [row] = await tx.select({ code: roles.code }).from(roles).where(eq(roles.code, code));
  return row !== undefined;
}

export async function setRole(tx: Tx, userId: string, role: string): Promise<void> {
  await tx.update(users).set({ role, updatedAt: new Date() }).where(eq(users.id, userId));
}

/** Bans (with the reason) or lifts the ban; the sessions are the caller's to end. */
export async function setBan(tx: Tx, userId: string, ban: { reason: string } | null): Promise<void> {
  await tx
    .update(users)
    .set(
      ban
        ? { banned: true, banReason: ban.reason, bannedAt: new Date() }
        : { banned: false, banReason: null, bannedAt: null },
    )
    .where(eq(users.id, userId));
}
