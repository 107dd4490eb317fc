import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { files, projectMembers, projects, teamMembers, teams, users } from '../../db/schema';
import type { Db, Tx } from '../../platform/db';

type Conn = Db | Tx;

/**
 * Queries only; every one is scoped by team id and, where it reads for a caller, by that caller's
 * membership. Rules live in the services.
 */

const membershipColumns = {
  id: teams.id,
  name: teams.name,
  personal: teams.personal,
  ownerId: teams.ownerId,
  createdAt: teams.createdAt,
  role: teamMembers.role,
};

export type MembershipRecord = NonNullable<Awaited<ReturnType<typeof findMembership>>>;

/** The team as seen by one of its members; null for anyone else. */
export async function findMembership(db: Conn, teamId: string, userId: string) {
  const [row] = await db
    .select(membershipColumns)
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)));
  return row ?? null;
}

/**
 * Same, with the team row locked: membership changes (roles, removal, transfer, accepting an
 * invite) run one at a time per team, each deciding on the state the last one left.
 */
export async function lockMembership(tx: Tx, teamId: string, userId: string) {
  const [row] = await tx
    .select(membershipColumns)
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)))
    .for('update', { of: teams });
  return row ?? null;
}

export async function lockTeam(tx: Tx, teamId: string) {
  const [row] = await tx
    .select({ id: teams.id, name: teams.name })
    .from(teams)
    .where(eq(teams.id, teamId))
    .for('update');
  return row ?? null;
}

/** The caller's teams with their role and size; the own personal team first, then by name. */
export function myTeams(db: Conn, userId: string, teamId?: string) {
  return db
    .select({
      ...membershipColumns,
      membersCount: db.$count(teamMembers, eq(teamMembers.teamId, teams.id)),
    })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .where(and(eq(teamMembers.userId, userId), teamId ? eq(teams.id, teamId) : undefined))
    .orderBy(desc(sql`(${teams.personal} and ${teams.ownerId} = ${userId})`), asc(teams.name), asc(teams.id));
}

export async function insertTeam(tx: Tx, team: { name: string; ownerId: string; personal: boolean }) {
  const [row] = await tx.insert(teams).values(team).returning({ id: teams.id });
  if (!row) throw new Error('team was not created');
  await tx.insert(teamMembers).values({ teamId: row.id, userId: team.ownerId, role: 'owner' });
  return row.id;
}

export async function updateTeamName(db: Conn, teamId: string, name: string) {
  await db.update(teams).set({ name }).where(eq(teams.id, teamId));
}

export async function setTeamOwner(tx: Tx, teamId: string, ownerId: string) {
  await tx.update(teams).set({ ownerId }).where(eq(teams.id, teamId));
}

/** Storage keys of the team's files, to remove their bytes once the rows are gone. */
export async function teamFileKeys(tx: Tx, teamId: string): Promise<string[]> {
  const rows = await tx.select({ key: files.storageKey }).from(files).where(eq(files.teamId, teamId));
  return rows.map((row) => row.key);
}

/** Projects, members, invites, brand and files go with it (foreign keys cascade). */
export async function deleteTeamRow(tx: Tx, teamId: string) {
  await tx.delete(teams).where(eq(teams.id, teamId));
}

export async function setCurrentTeam(db: Conn, userId: string, teamId: string | null) {
  await db.update(users).set({ currentTeamId: teamId }).where(eq(users.id, userId));
}

/** Users who worked in the team go back to their personal team. */
export async function clearCurrentTeam(tx: Tx, teamId: string, userId?: string) {
  await tx
    .update(users)
    .set({ currentTeamId: null })
    .where(and(eq(users.currentTeamId, teamId), userId ? eq(users.id, userId) : undefined));
}

const memberColumns = {
  userId: users.id,
  name: users.name,
  email: users.email,
  image: users.image,
  role: teamMembers.role,
  joinedAt: teamMembers.createdAt,
};

/** Owner first, then admins, then members, each by when they joined. */
export function listMembers(db: Conn, teamId: string) {
  return db
    .select(memberColumns)
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(eq(teamMembers.teamId, teamId))
    .orderBy(
      sql`case ${teamMembers.role} when 'owner' then 0 when 'admin' then 1 else 2 end`,
      asc(teamMembers.createdAt),
      asc(users.id),
    );
}

export type MemberRecord = Awaited<ReturnType<typeof listMembers>>[number];

export async function findMember(db: Conn, teamId: string, userId: string): Promise<MemberRecord | null> {
  const [row] = await db
    .select(memberColumns)
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)));
  return row ?? null;
}

export async function isMemberByEmail(db: Conn, teamId: string, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(and(eq(teamMembers.teamId, teamId), eq(sql`lower(${users.email})`, email.toLowerCase())));
  return Boolean(row);
}

/** False when the user is a member already (a concurrent join got there first). */
export async function insertMember(tx: Tx, teamId: string, userId: string, role: string): Promise<boolean> {
  const rows = await tx
    .insert(teamMembers)
    .values({ teamId, userId, role })
    .onConflictDoNothing()
    .returning({ userId: teamMembers.userId });
  return rows.length > 0;
}

export async function setMemberRole(tx: Tx, teamId: string, userId: string, role: string) {
  await tx
    .update(teamMembers)
    .set({ role })
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)));
}

/**
 * Off the team and off every project of the team: a removed member must not stay on as a
 * project guest by accident.
 */
export async function deleteMember(tx: Tx, teamId: string, userId: string) {
  const teamProjects = tx.select({ id: projects.id }).from(projects).where(eq(projects.teamId, teamId));
  await tx
    .delete(projectMembers)
    .where(and(eq(projectMembers.userId, userId), inArray(projectMembers.projectId, teamProjects)));
  await tx.delete(teamMembers).where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)));
  await clearCurrentTeam(tx, teamId, userId);
}
