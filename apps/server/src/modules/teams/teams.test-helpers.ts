import { createTeam, listMyTeams, switchCurrentTeam } from '@app/contract/account/teams/teams';
import { getBasicInfos } from '@app/contract/user/get-basic-infos';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { teamMembers, users } from '../../db/schema';
import { callEndpoint } from '../../test/call-endpoint';
import { signUpUser, type TestApp } from '../../test/test-app';

export type User = Awaited<ReturnType<typeof signUpUser>>;

/** The team calls the team test files share, through the contract. */
export function teamApi(t: TestApp) {
  const app: FastifyInstance = t.app;

  async function myTeams(user: User) {
    return (await callEndpoint(app, listMyTeams, { as: user })).ok().items;
  }

  async function newTeam(owner: User, name = 'Acme') {
    return (await callEndpoint(app, createTeam, { as: owner, body: { name } })).ok().team;
  }

  /** Test set-up only: the invite flow itself is covered in team-invites.test.ts. */
  async function join(teamId: string, user: User, role: 'admin' | 'member') {
    await t.platform.db.insert(teamMembers).values({ teamId, userId: user.userId, role });
  }

  /** The team the session resolves (basic infos), i.e. what the next request works in. */
  async function currentTeamId(user: User) {
    return (await callEndpoint(app, getBasicInfos, { as: user })).ok().team.id;
  }

  /** Makes `teamId` the user's current team (what the team switcher does). */
  async function switchTo(user: User, teamId: string) {
    return (await callEndpoint(app, switchCurrentTeam, { as: user, body: { team_id: teamId } })).ok().team;
  }

  return { myTeams, newTeam, join, currentTeamId, switchTo };
}

/**
 * A signed-up user whose address counts as verified: test set-up for invitees, who must have a
 * verified address to accept (the verification itself is covered with real codes in the invite
 * tests and in security/email.test.ts).
 */
export async function signUpVerified(t: TestApp, overrides: { email?: string; name?: string } = {}) {
  const user = await signUpUser(t.app, overrides);
  await markEmailVerified(t, user);
  return user;
}

export async function markEmailVerified(t: TestApp, user: { userId: string }) {
  await t.platform.db.update(users).set({ emailVerified: true }).where(eq(users.id, user.userId));
}

/** The token of an invite link (`...accept-invite?token=`). */
export function tokenOf(link: string): string {
  const token = new URL(link).searchParams.get('token');
  if (!token) throw new Error(`no token in ${link}`);
  return token;
}
