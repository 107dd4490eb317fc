import type { Audience } from '@app/contract/messages/send';
import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import { teamMembers, users } from '../../db/schema';
import { validationError } from '../../platform/app-error';
import type { Db, Tx } from '../../platform/db';

export interface Recipient {
  id: string;
  email: string;
  name: string;
  locale: string | null;
}

/**
 * The users an audience reaches (banned accounts never receive messages). One query whatever the
 * audience; a team or user list that matches nobody is refused with the field named.
 */
export async function resolveAudience(db: Db | Tx, audience: Audience): Promise<Recipient[]> {
  const active: SQL = eq(users.banned, false);
  const columns = { id: users.id, email: users.email, name: users.name, locale: users.locale };
  let found: Recipient[];
  switch (audience.kind) {
    case 'all':
      found = await db.select(columns).from(users).where(active).orderBy(asc(users.createdAt));
      break;
    case 'role':
      found = await db
        .select(columns)
        .from(users)
        .where(and(active, eq(users.role, audience.role)))
        .orderBy(asc(users.createdAt));
      break;
    case 'team':
      found = await db
        .select(columns)
        .from(teamMembers)
        .innerJoin(users, eq(users.id, teamMembers.userId))
        .where(and(active, eq(teamMembers.teamId, audience.team_id)))
        .orderBy(asc(users.createdAt));
      if (found.length === 0)
        throw validationError({ 'audience.team_id': 'No such team, or it has no members' });
      break;
    case 'users':
      found = await db
        .select(columns)
        .from(users)
        .where(and(active, inArray(users.id, [...new Set(audience.user_ids)])))
        .orderBy(asc(users.createdAt));
      if (found.length === 0)
        throw validationError({ 'audience.user_ids': 'None of these users can receive messages' });
      break;
  }
  return found;
}
