import { adminTeamListFields } from '@app/contract/admin/teams/teams';
import type { ListQuery } from '@app/contract/list';
import { asc, count, desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { teamMembers, teams, users } from '../../db/schema';
import type { Db } from '../../platform/db';
import { bindList, listOrder, listPage, listWhere, searchColumns } from '../../platform/list-query';

const owners = alias(users, 'owners');

const teamList = bindList(adminTeamListFields, {
  personal: teams.personal,
  name: teams.name,
  created_at: teams.createdAt,
});

/** Every team with its owner and its number of members. */
function teamRows(db: Db) {
  const sizes = db
    .select({ teamId: teamMembers.teamId, n: count().as('n') })
    .from(teamMembers)
    .groupBy(teamMembers.teamId)
    .as('sizes');
  return db
    .select({
      id: teams.id,
      name: teams.name,
      personal: teams.personal,
      createdAt: teams.createdAt,
      ownerId: owners.id,
      ownerName: owners.name,
      ownerEmail: owners.email,
      members: sizes.n,
    })
    .from(teams)
    .innerJoin(owners, eq(owners.id, teams.ownerId))
    .leftJoin(sizes, eq(sizes.teamId, teams.id))
    .$dynamic();
}

export type AdminTeamRecord = Awaited<ReturnType<ReturnType<typeof teamRows>['execute']>>[number];

/** `q`: the team's name or the owner's e-mail. */
export function listTeamRows(db: Db, query: ListQuery) {
  const where = listWhere(query, teamList, (q) => searchColumns(q, [teams.name, owners.email]));
  return listPage(
    db,
    query,
    () => teamRows(db).where(where),
    listOrder(query, teamList, [desc(teams.createdAt), desc(teams.id)]),
    () =>
      db
        .select({ id: teams.id })
        .from(teams)
        .innerJoin(owners, eq(owners.id, teams.ownerId))
        .where(where)
        .$dynamic(),
  );
}

export async function findTeamRow(db: Db, id: string): Promise<AdminTeamRecord | null> {
  const [team] = await teamRows(db).where(eq(teams.id, id));
  return team ?? null;
}

export function teamMemberRows(db: Db, teamId: string) {
  return db
    .select({
      id: users.id,
      username: users.name,
      email: users.email,
      role: teamMembers.role,
      joinedAt: teamMembers.createdAt,
    })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(eq(teamMembers.teamId, teamId))
    .orderBy(asc(teamMembers.createdAt));
}
