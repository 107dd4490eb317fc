import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectMembers, teamMembers, teams } from '../../db/schema';
import { createTestApp, signUpUser, type TestApp } from '../../test/test-app';
import { teamApi, type User } from './teams.test-helpers';

type Api = ReturnType<typeof teamApi>;

describe('team members: roles, removal, leaving, ownership', () => {
  let t: TestApp;
  let api: Api;
  beforeAll(async () => {
    t = await createTestApp();
    api = teamApi(t);
  });
  afterAll(() => t.close());

  const call: Api['call'] = (...args) => api.call(...args);
  const myTeams: Api['myTeams'] = (user) => api.myTeams(user);
  const newTeam: Api['newTeam'] = (owner, name) => api.newTeam(owner, name);
  const join: Api['join'] = (teamId, user, role) => api.join(teamId, user, role);
  const currentTeamId: Api['currentTeamId'] = (user) => api.currentTeamId(user);
  it('members: any member lists them, owner first, with pending invites', async () => {
    const owner = await signUpUser(t.app, { name: 'Olga' });
    const member = await signUpUser(t.app, { name: 'Max' });
    const team = await newTeam(owner);
    await join(team.id, member, 'member');
    await call('POST', `/api/account/teams/${team.id}/invites`, owner, { email: 'later@example.com' });
    const res = await call('GET', `/api/account/teams/${team.id}/members`, member);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.my_role).toBe('member');
    expect(
      body.members.map((m: { username: string; role: string; is_me: boolean }) => [
        m.username,
        m.role,
        m.is_me,
      ]),
    ).toEqual([
      ['Olga', 'owner', false],
      ['Max', 'member', true],
    ]);
    expect(body.invites).toEqual([
      expect.objectContaining({
        email: 'later@example.com',
        role: 'member',
        state: 'valid',
        invited_by_name: 'Olga',
      }),
    ]);
  });

  it('roles: only the owner changes them; the owner role moves only by transfer', async () => {
    const owner = await signUpUser(t.app);
    const admin = await signUpUser(t.app);
    const member = await signUpUser(t.app);
    const team = await newTeam(owner);
    await join(team.id, admin, 'admin');
    await join(team.id, member, 'member');
    const roleUrl = (user: User) => `/api/account/teams/${team.id}/members/${user.userId}/role`;

    const promoted = await call('PUT', roleUrl(member), owner, { role: 'admin' });
    expect(promoted.json().member).toMatchObject({ user_id: member.userId, role: 'admin' });
    const byAdmin = await call('PUT', roleUrl(member), admin, { role: 'member' });
    expect(byAdmin.statusCode).toBe(403);
    expect(byAdmin.json().msg).toBe('Only the owner may change roles');
    const ownerRole = await call('PUT', roleUrl(owner), owner, { role: 'member' });
    expect(ownerRole.statusCode).toBe(409);
    const outsider = await signUpUser(t.app);
    expect((await call('PUT', roleUrl(outsider), owner, { role: 'member' })).statusCode).toBe(404);
    const rows = await t.platform.db.select().from(teamMembers).where(eq(teamMembers.teamId, team.id));
    expect(Object.fromEntries(rows.map((r) => [r.userId, r.role]))).toEqual({
      [owner.userId]: 'owner',
      [admin.userId]: 'admin',
      [member.userId]: 'admin',
    });
  });

  it('removal: owner removes anyone but themself; admins remove plain members only; members remove no one', async () => {
    const owner = await signUpUser(t.app);
    const admin = await signUpUser(t.app);
    const admin2 = await signUpUser(t.app);
    const member = await signUpUser(t.app);
    const member2 = await signUpUser(t.app);
    const team = await newTeam(owner);
    await join(team.id, admin, 'admin');
    await join(team.id, admin2, 'admin');
    await join(team.id, member, 'member');
    await join(team.id, member2, 'member');
    const url = (user: User) => `/api/account/teams/${team.id}/members/${user.userId}`;

    // A removed member also leaves the team's projects (no accidental guest access).
    await call('PUT', '/api/account/teams/current', owner, { team_id: team.id });
    const project = (await call('POST', '/api/account/projects', owner, { name: 'P' })).json().project;
    await t.platform.db.insert(projectMembers).values({ projectId: project.id, userId: member.userId });

    expect((await call('DELETE', url(member2), member)).statusCode).toBe(403);
    const adminVsAdmin = await call('DELETE', url(admin2), admin);
    expect(adminVsAdmin.statusCode).toBe(403);
    expect(adminVsAdmin.json().msg).toBe('Admins may remove plain members only');
    const adminVsOwner = await call('DELETE', url(owner), admin);
    expect(adminVsOwner.statusCode).toBe(409);
    const ownerSelf = await call('DELETE', url(owner), owner);
    expect(ownerSelf.statusCode).toBe(409);
    expect(ownerSelf.json().msg).toBe('The owner cannot be removed; transfer ownership first');

    expect((await call('DELETE', url(member), admin)).json()).toEqual({ removed: true });
    expect((await call('DELETE', url(admin2), owner)).json()).toEqual({ removed: true });
    expect((await call('GET', `/api/account/teams/${team.id}/members`, member)).statusCode).toBe(404);
    expect(
      await t.platform.db.select().from(projectMembers).where(eq(projectMembers.userId, member.userId)),
    ).toEqual([]);
    const left = await t.platform.db.select().from(teamMembers).where(eq(teamMembers.teamId, team.id));
    expect(left.map((r) => r.userId).sort()).toEqual([owner.userId, admin.userId, member2.userId].sort());
  });

  it('leave: members and admins may; the owner must transfer first', async () => {
    const owner = await signUpUser(t.app);
    const member = await signUpUser(t.app);
    const team = await newTeam(owner);
    await join(team.id, member, 'member');
    await call('PUT', '/api/account/teams/current', member, { team_id: team.id });
    expect(await currentTeamId(member)).toBe(team.id);

    const ownerLeaves = await call('POST', `/api/account/teams/${team.id}/leave`, owner);
    expect(ownerLeaves.statusCode).toBe(409);
    expect(ownerLeaves.json().msg).toBe('The owner cannot leave; transfer the team to another member first');

    expect((await call('POST', `/api/account/teams/${team.id}/leave`, member)).json()).toEqual({
      left: true,
    });
    const [personal] = await myTeams(member);
    expect(await currentTeamId(member)).toBe(personal?.id);
    expect((await call('POST', `/api/account/teams/${team.id}/leave`, member)).statusCode).toBe(404);
  });

  it('transfer: owner only, to a member; the old owner becomes admin and owner_id follows', async () => {
    const owner = await signUpUser(t.app);
    const admin = await signUpUser(t.app);
    const member = await signUpUser(t.app);
    const outsider = await signUpUser(t.app);
    const team = await newTeam(owner);
    await join(team.id, admin, 'admin');
    await join(team.id, member, 'member');
    const url = `/api/account/teams/${team.id}/transfer`;

    expect((await call('POST', url, admin, { user_id: member.userId })).statusCode).toBe(403);
    expect((await call('POST', url, owner, { user_id: outsider.userId })).statusCode).toBe(404);
    expect((await call('POST', url, owner, { user_id: owner.userId })).statusCode).toBe(409);

    const res = await call('POST', url, owner, { user_id: member.userId });
    expect(res.statusCode).toBe(200);
    expect(res.json().team).toMatchObject({ id: team.id, role: 'admin' });
    const [row] = await t.platform.db.select().from(teams).where(eq(teams.id, team.id));
    expect(row?.ownerId).toBe(member.userId);
    const roles = await t.platform.db.select().from(teamMembers).where(eq(teamMembers.teamId, team.id));
    expect(Object.fromEntries(roles.map((r) => [r.userId, r.role]))).toEqual({
      [owner.userId]: 'admin',
      [admin.userId]: 'admin',
      [member.userId]: 'owner',
    });
    // The old owner may leave now; the new owner may not.
    expect((await call('POST', `/api/account/teams/${team.id}/leave`, member)).statusCode).toBe(409);
    expect((await call('POST', `/api/account/teams/${team.id}/leave`, owner)).statusCode).toBe(200);
  });

  it('the personal team cannot be transferred', async () => {
    const owner = await signUpUser(t.app);
    const member = await signUpUser(t.app);
    const [personal] = await myTeams(owner);
    if (!personal) throw new Error('no personal team');
    await join(personal.id, member, 'member');
    const res = await call('POST', `/api/account/teams/${personal.id}/transfer`, owner, {
      user_id: member.userId,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().msg).toBe('The personal team cannot be transferred');
  });

  it('being a member of someone else personal team does not make it my fallback team', async () => {
    const owner = await signUpUser(t.app);
    const member = await signUpUser(t.app);
    const [ownersPersonal] = await myTeams(owner);
    if (!ownersPersonal) throw new Error('no personal team');
    await join(ownersPersonal.id, member, 'member');
    const mine = (await myTeams(member)).find((x) => x.role === 'owner');
    expect(await currentTeamId(member)).toBe(mine?.id);
  });
});
