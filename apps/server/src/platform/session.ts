import { asc, desc, eq, sql } from 'drizzle-orm';
import { teamMembers, teams, users } from '../db/schema';
import type { Auth } from './auth';
import type { Db } from './db';
import type { CtxTeam, CtxUser } from './request-context';

export interface ResolvedSession {
  sessionId: string;
  user: CtxUser;
  team: CtxTeam | null;
}

/**
 * The bearer token -> session -> user, through better-auth (which checks expiry and slides the
 * session), then the user's current team: the one `users.current_team_id` names while they are
 * still a member of it, else the personal team (so leaving or losing a team falls back by itself).
 */
export async function resolveSession(
  auth: Auth,
  db: Db,
  authorization: string,
): Promise<ResolvedSession | null> {
  const found = await auth.api.getSession({
    headers: new Headers({ authorization }),
    query: { disableCookieCache: true },
  });
  // A ban ends sessions at once; this also covers a session opened a moment before the ban.
  if (!found || found.user.banned === true) return null;
  const [membership] = await db
    .select({ id: teams.id, name: teams.name, role: teamMembers.role })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(eq(teamMembers.userId, found.user.id))
    // One query: the chosen team if still a membership, then the user's own personal team (others'
    // personal teams may have them as members), then the oldest membership.
    .orderBy(
      desc(sql`(${teams.id} = ${users.currentTeamId}) is true`),
      desc(sql`(${teams.personal} and ${teams.ownerId} = ${users.id})`),
      asc(teamMembers.createdAt),
    )
    .limit(1);
  return {
    sessionId: found.session.id,
    user: {
      id: found.user.id,
      name: found.user.name,
      email: found.user.email,
      image: found.user.image ?? null,
      role: typeof found.user.role === 'string' ? found.user.role : 'user',
      createdAt: new Date(found.user.createdAt),
    },
    team: membership ?? null,
  };
}
