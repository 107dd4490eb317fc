import type { Audience } from '@app/contract/messages/send';
import { grantMatches, SUPER_ADMIN_ROLE } from '@app/contract/permission-codes';
import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import { notificationSettings, roleGrants, teamMembers, users } from '../../db/schema';
import type { Db, Tx } from '../../platform/db';

export interface Recipient {
  id: string;
  email: string;
  name: string;
  locale: string | null;
}

const columns = { id: users.id, email: users.email, name: users.name, locale: users.locale };

/** The users an audience reaches, oldest account first; banned accounts never receive messages. */
export function findAudience(db: Db | Tx, audience: Audience): Promise<Recipient[]> {
  const active: SQL = eq(users.banned, false);
  switch (audience.kind) {
    case 'all':
      return db.select(columns).from(users).where(active).orderBy(asc(users.createdAt));
    case 'role':
      return db
        .select(columns)
        .from(users)
        .where(and(active, eq(users.role, audience.role)))
        .orderBy(asc(users.createdAt));
    case 'team':
      return db
        .select(columns)
        .from(teamMembers)
        .innerJoin(users, eq(users.id, teamMembers.userId))
        .where(and(active, eq(teamMembers.teamId, audience.team_id)))
        .orderBy(asc(users.createdAt));
    case 'users':
      return db
        .select(columns)
        .from(users)
        .where(and(active, inArray(users.id, [...new Set(audience.user_ids)])))
        .orderBy(asc(users.createdAt));
  }
}

/**
 * The operators who can act on something: every active user whose role grants `permission` (the
 * super admin's role grants everything). One query for the grants, one for the users.
 */
export async function operatorsWith(db: Db | Tx, permission: string): Promise<Recipient[]> {
  const grants = await db.select().from(roleGrants);
  const roleCodes = new Set([SUPER_ADMIN_ROLE]);
  for (const row of grants) if (grantMatches(row.grant, permission)) roleCodes.add(row.roleCode);
  return db
    .select(columns)
    .from(users)
    .where(and(eq(users.banned, false), inArray(users.role, [...roleCodes])))
    .orderBy(asc(users.createdAt));
}

/** The users of `ids` who can receive messages (not banned). */
export function findRecipients(db: Db | Tx, ids: string[]): Promise<Recipient[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select(columns)
    .from(users)
    .where(and(inArray(users.id, ids), eq(users.banned, false)));
}

export type EmailLevel = 'important' | 'warning' | 'special' | 'other';

const LEVEL_COLUMN = {
  important: notificationSettings.emailImportant,
  warning: notificationSettings.emailWarning,
  special: notificationSettings.emailSpecial,
  other: notificationSettings.emailOther,
} as const;

/** The saved choice "also by e-mail" for `level` of the users who saved one (sys-settings page). */
export async function savedEmailChoices(
  db: Db | Tx,
  userIds: string[],
  level: EmailLevel,
): Promise<Map<string, boolean>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ userId: notificationSettings.userId, email: LEVEL_COLUMN[level] })
    .from(notificationSettings)
    .where(inArray(notificationSettings.userId, userIds));
  return new Map(rows.map((row) => [row.userId, row.email]));
}
