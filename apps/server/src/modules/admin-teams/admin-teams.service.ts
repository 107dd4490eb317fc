import type { ListQuery } from '@app/contract/list';
import { asc, count, desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { teamMembers, teams, users } from '../../db/schema';
import { AppError } from '../../platform/app-error';
import {
  type ListFields,
  listOrder,
  listWhere,
  pagedList,
  searchColumns,
  toSeconds,
} from '../../platform/list-query';
import type { Platform } from '../../platform/platform';

const owners = alias(users, 'owners');

const teamFields: ListFields = {
  personal: { column: teams.personal, kind: 'bool', filter: ['eq'], sort: true },
  name: { column: teams.name, kind: 'text', filter: ['contains', 'eq'], sort: true },
  created_at: { column: teams.createdAt, kind: 'time', filter: ['between', 'gte', 'lte'], sort: true },
};

function teamQuery(platform: Platform) {
  const sizes = platform.db
    .select({ teamId: teamMembers.teamId, n: count().as('n') })
    .from(teamMembers)
    .groupBy(teamMembers.teamId)
    .as('sizes');
  return platform.db
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

type TeamRecord = Awaited<ReturnType<ReturnType<typeof teamQuery>['execute']>>[number];

function toRow(row: TeamRecord) {
  return {
    id: row.id,
    name: row.name,
    personal: row.personal,
    owner: { id: row.ownerId, username: row.ownerName, email: row.ownerEmail },
    members_count: Number(row.members ?? 0),
    created_at: toSeconds(row.createdAt),
  };
}

export async function listAdminTeams(platform: Platform, query: ListQuery) {
  const where = listWhere(query, teamFields, (q) => searchColumns(q, [teams.name, owners.email]));
  return pagedList(
    query,
    ({ limit, offset }) =>
      teamQuery(platform)
        .where(where)
        .orderBy(...listOrder(query, teamFields, [desc(teams.createdAt), desc(teams.id)]))
        .limit(limit)
        .offset(offset),
    () =>
      platform.db
        .select({ value: count() })
        .from(teams)
        .innerJoin(owners, eq(owners.id, teams.ownerId))
        .where(where),
    toRow,
  );
}

export async function getAdminTeam(platform: Platform, id: string) {
  const [team] = await teamQuery(platform).where(eq(teams.id, id));
  if (!team) throw new AppError('NOT_FOUND', { msg: 'Team not found' });
  const members = await platform.db
    .select({
      id: users.id,
      username: users.name,
      email: users.email,
      role: teamMembers.role,
      joinedAt: teamMembers.createdAt,
    })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(eq(teamMembers.teamId, id))
    .orderBy(asc(teamMembers.createdAt));
  return {
    team: toRow(team),
    members: members.map(({ joinedAt, ...member }) => ({ ...member, joined_at: toSeconds(joinedAt) })),
  };
}
