import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { teamMembers } from '../../db/schema';
import type { signUpUser, TestApp } from '../../test/test-app';

export type User = Awaited<ReturnType<typeof signUpUser>>;
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Calls the team endpoints as a user; shared by the team test files. */
export function teamApi(t: TestApp) {
  const app: FastifyInstance = t.app;
  const call = (method: Method, url: string, user?: User, payload?: object) =>
    app.inject({ method, url, headers: user?.auth ?? {}, ...(payload ? { payload } : {}) });

  async function myTeams(user: User) {
    const res = await call('GET', '/api/account/teams', user);
    expect(res.statusCode).toBe(200);
    return res.json().items as {
      id: string;
      name: string;
      personal: boolean;
      role: string;
      current: boolean;
    }[];
  }

  async function newTeam(owner: User, name = 'Acme') {
    const res = await call('POST', '/api/account/teams', owner, { name });
    expect(res.statusCode).toBe(200);
    return res.json().team as { id: string; name: string };
  }

  /** Test set-up only: the invite flow itself is covered in team-invites.test.ts. */
  async function join(teamId: string, user: User, role: 'admin' | 'member') {
    await t.platform.db.insert(teamMembers).values({ teamId, userId: user.userId, role });
  }

  /** The team the session resolves (basic infos), i.e. what the next request works in. */
  async function currentTeamId(user: User) {
    const res = await call('GET', '/api/user/basic-infos', user);
    return res.json().team.id as string;
  }

  return { call, myTeams, newTeam, join, currentTeamId };
}

/** The token of an invite link (`...accept-invite?token=`). */
export function tokenOf(link: string): string {
  const token = new URL(link).searchParams.get('token');
  if (!token) throw new Error(`no token in ${link}`);
  return token;
}
