import { projectListFields } from '@app/contract/account/projects/projects';
import type { ListQuery } from '@app/contract/list';
import { and, asc, desc, eq, inArray, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { projectMembers, projects, teamMembers, teams, users } from '../../db/schema';
import type { Db, Tx } from '../../platform/db';
import { bindList, listOrder, listPage, listWhere, searchColumns } from '../../platform/list-query';
import { rolesThatCan } from '../teams/team-policy';

type Conn = Db | Tx;

/** Who is asking and which team they work in now: every project query is built from this. */
export interface ProjectScope {
  userId: string;
  currentTeamId: string | null;
}

const mine = alias(projectMembers, 'my_project_row');
const myTeamRow = alias(teamMembers, 'my_team_row');

/**
 * Where a project is visible: in the current team to its owner and admins (all projects) and to
 * the project's members; anywhere to a guest (a project member who is not in the project's team).
 */
function visible(scope: ProjectScope, which: 'team' | 'shared' | 'any'): SQL {
  const inTeam = scope.currentTeamId
    ? and(
        eq(projects.teamId, scope.currentTeamId),
        or(inArray(myTeamRow.role, rolesThatCan('projects.manage_all')), isNotNull(mine.userId)),
      )
    : undefined;
  const guest = and(isNotNull(mine.userId), isNull(myTeamRow.userId));
  const condition = which === 'team' ? inTeam : which === 'shared' ? guest : or(inTeam, guest);
  return condition ?? sql`false`;
}

/** The caller's own project and team rows ride along on every project query. */
function selectProjects(db: Conn, scope: ProjectScope) {
  return db
    .select(projectColumns(db))
    .from(projects)
    .innerJoin(teams, eq(teams.id, projects.teamId))
    .leftJoin(mine, and(eq(mine.projectId, projects.id), eq(mine.userId, scope.userId)))
    .leftJoin(myTeamRow, and(eq(myTeamRow.teamId, projects.teamId), eq(myTeamRow.userId, scope.userId)))
    .$dynamic();
}

function countProjects(db: Conn, scope: ProjectScope, where: SQL | undefined) {
  return db
    .select({ id: projects.id })
    .from(projects)
    .leftJoin(mine, and(eq(mine.projectId, projects.id), eq(mine.userId, scope.userId)))
    .leftJoin(myTeamRow, and(eq(myTeamRow.teamId, projects.teamId), eq(myTeamRow.userId, scope.userId)))
    .where(where)
    .$dynamic();
}

function projectColumns(db: Conn) {
  return {
    id: projects.id,
    teamId: projects.teamId,
    teamName: teams.name,
    name: projects.name,
    description: projects.description,
    createdAt: projects.createdAt,
    updatedAt: projects.updatedAt,
    projectRole: mine.role,
    teamRole: myTeamRow.role,
    membersCount: db.$count(projectMembers, eq(projectMembers.projectId, projects.id)),
  };
}

export type ProjectRecord = NonNullable<Awaited<ReturnType<typeof findVisibleProject>>>;

const projectList = bindList(projectListFields, {
  name: projects.name,
  created_at: projects.createdAt,
  updated_at: projects.updatedAt,
});

/** The projects `scope` may see in the current team (`team`) or as a guest (`shared`). */
export function listVisibleProjects(
  db: Db,
  scope: ProjectScope,
  query: ListQuery & { scope: 'team' | 'shared' },
) {
  const where = and(
    visible(scope, query.scope),
    listWhere(query, projectList, (q) => searchColumns(q, [projects.name])),
  );
  return listPage(
    db,
    query,
    () => selectProjects(db, scope).where(where),
    listOrder(query, projectList, [desc(projects.updatedAt), desc(projects.id)]),
    () => countProjects(db, scope, where),
  );
}

/** Ids of the current team's projects the scope sees (its owner and admins: every one). */
export async function teamProjectIdsVisibleTo(db: Conn, scope: ProjectScope): Promise<string[]> {
  const rows = await countProjects(db, scope, visible(scope, 'team'));
  return rows.map((row) => row.id);
}

/** One project if the scope may see it; null otherwise (the caller answers NOT_FOUND). */
export async function findVisibleProject(db: Conn, scope: ProjectScope, projectId: string) {
  const [row] = await selectProjects(db, scope).where(and(eq(projects.id, projectId), visible(scope, 'any')));
  return row ?? null;
}

export async function insertProject(
  tx: Tx,
  project: { teamId: string; name: string; description: string; createdBy: string },
) {
  const [row] = await tx.insert(projects).values(project).returning({ id: projects.id });
  if (!row) throw new Error('project was not created');
  await tx.insert(projectMembers).values({ projectId: row.id, userId: project.createdBy, role: 'admin' });
  return row.id;
}

/** Writes name the project's team too, so a wrong id can never touch another team's project. */
export async function updateProjectRow(
  db: Conn,
  project: { id: string; teamId: string },
  changes: { name?: string; description?: string },
) {
  await db
    .update(projects)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(eq(projects.id, project.id), eq(projects.teamId, project.teamId)));
}

export async function deleteProjectRow(db: Conn, project: { id: string; teamId: string }) {
  await db.delete(projects).where(and(eq(projects.id, project.id), eq(projects.teamId, project.teamId)));
}

const projectTeamMember = alias(teamMembers, 'project_team_member');

/** Members with whether each is in the project's team (guests are not). */
export function listProjectMembers(db: Conn, project: { id: string; teamId: string }, userId?: string) {
  return db
    .select({
      userId: users.id,
      name: users.name,
      email: users.email,
      image: users.image,
      role: projectMembers.role,
      joinedAt: projectMembers.createdAt,
      inTeam: sql<boolean>`${projectTeamMember.userId} is not null`,
    })
    .from(projectMembers)
    .innerJoin(users, eq(users.id, projectMembers.userId))
    .leftJoin(
      projectTeamMember,
      and(eq(projectTeamMember.teamId, project.teamId), eq(projectTeamMember.userId, projectMembers.userId)),
    )
    .where(
      and(eq(projectMembers.projectId, project.id), userId ? eq(projectMembers.userId, userId) : undefined),
    )
    .orderBy(sql`case ${projectMembers.role} when 'admin' then 0 else 1 end`, asc(projectMembers.createdAt));
}

export async function isProjectMemberByEmail(db: Conn, projectId: string, email: string) {
  const [row] = await db
    .select({ id: users.id })
    .from(projectMembers)
    .innerJoin(users, eq(users.id, projectMembers.userId))
    .where(and(eq(projectMembers.projectId, projectId), eq(sql`lower(${users.email})`, email.toLowerCase())));
  return Boolean(row);
}

export async function isProjectMember(db: Conn, projectId: string, userId: string) {
  const [row] = await db
    .select({ id: projectMembers.userId })
    .from(projectMembers)
    .where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.userId, userId)));
  return Boolean(row);
}

/** False when the user is a member already (a concurrent join got there first). */
export async function insertProjectMember(tx: Tx, projectId: string, userId: string, role: string) {
  const rows = await tx
    .insert(projectMembers)
    .values({ projectId, userId, role })
    .onConflictDoNothing()
    .returning({ userId: projectMembers.userId });
  return rows.length > 0;
}

export async function deleteProjectMember(db: Conn, projectId: string, userId: string) {
  await db
    .delete(projectMembers)
    .where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.userId, userId)));
}

export async function isTeamMember(db: Conn, teamId: string, userId: string) {
  const [row] = await db
    .select({ id: teamMembers.userId })
    .from(teamMembers)
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)));
  return Boolean(row);
}
