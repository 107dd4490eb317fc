import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projects, teamMembers, teams, users } from '../../db/schema';
import { createTestApp, signUpUser, type TestApp } from '../../test/test-app';
import { type Method, teamApi } from './teams.test-helpers';

type Api = ReturnType<typeof teamApi>;

describe('teams: my teams, current team, rename, delete', () => {
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
  it('a new user has one team: personal, owned, current, with one member', async () => {
    const ann = await signUpUser(t.app, { name: 'Ann' });
    const res = await call('GET', '/api/account/teams', ann);
    expect(res.json().items).toEqual([
      expect.objectContaining({
        name: "Ann's team",
        personal: true,
        role: 'owner',
        members_count: 1,
        current: true,
      }),
    ]);
  });

  it('creating a team makes the creator its owner without switching; switching changes the current team', async () => {
    const ann = await signUpUser(t.app);
    const [personal] = await myTeams(ann);
    const team = await newTeam(ann, '  Zeta Works  ');
    expect(team).toMatchObject({ name: 'Zeta Works', personal: false, role: 'owner', current: false });
    const teamsNow = await myTeams(ann);
    expect(teamsNow.map((x) => [x.personal, x.current])).toEqual([
      [true, true],
      [false, false],
    ]);

    const switched = await call('PUT', '/api/account/teams/current', ann, { team_id: team.id });
    expect(switched.statusCode).toBe(200);
    expect(switched.json().team).toMatchObject({ id: team.id, current: true });
    // The session resolves the chosen team on the next request.
    expect(await currentTeamId(ann)).toBe(team.id);
    expect((await myTeams(ann)).find((x) => x.current)?.id).toBe(team.id);

    await call('PUT', '/api/account/teams/current', ann, { team_id: personal?.id });
    expect(await currentTeamId(ann)).toBe(personal?.id);
  });

  it('switching to a team one is not in is NOT_FOUND and changes nothing', async () => {
    const ann = await signUpUser(t.app);
    const bob = await signUpUser(t.app);
    const bobsTeam = await newTeam(bob);
    const res = await call('PUT', '/api/account/teams/current', ann, { team_id: bobsTeam.id });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error_code: 'NOT_FOUND', msg: 'Team not found' });
    const [row] = await t.platform.db.select().from(users).where(eq(users.id, ann.userId));
    expect(row?.currentTeamId).toBeNull();
  });

  it('refusals are translated into the caller language', async () => {
    const ann = await signUpUser(t.app);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/account/teams/current',
      headers: { ...ann.auth, 'accept-language': 'zh-CN' },
      payload: { team_id: 'no-such-team' },
    });
    expect(res.json()).toMatchObject({ error_code: 'NOT_FOUND', msg: '未找到团队' });
  });

  it('a current_team_id that is no longer a membership falls back to the personal team', async () => {
    const ann = await signUpUser(t.app);
    const bob = await signUpUser(t.app);
    const bobsTeam = await newTeam(bob);
    await t.platform.db.update(users).set({ currentTeamId: bobsTeam.id }).where(eq(users.id, ann.userId));
    const [personal] = await myTeams(ann);
    expect(await currentTeamId(ann)).toBe(personal?.id);
  });

  it('rename: owner and admin may, a member is FORBIDDEN, a stranger NOT_FOUND', async () => {
    const owner = await signUpUser(t.app);
    const admin = await signUpUser(t.app);
    const member = await signUpUser(t.app);
    const stranger = await signUpUser(t.app);
    const team = await newTeam(owner);
    await join(team.id, admin, 'admin');
    await join(team.id, member, 'member');
    const url = `/api/account/teams/${team.id}`;
    expect((await call('PATCH', url, owner, { name: 'One' })).json().team.name).toBe('One');
    expect((await call('PATCH', url, admin, { name: 'Two' })).json().team.name).toBe('Two');
    const refused = await call('PATCH', url, member, { name: 'Three' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().msg).toBe('Only the owner or an admin may rename the team');
    expect((await call('PATCH', url, stranger, { name: 'Four' })).statusCode).toBe(404);
    const [row] = await t.platform.db.select().from(teams).where(eq(teams.id, team.id));
    expect(row?.name).toBe('Two');
  });

  it.each([
    ['POST', '/api/account/teams', { name: '' }, 'name'],
    ['POST', '/api/account/teams', { name: 'x'.repeat(61) }, 'name'],
    ['POST', '/api/account/teams', {}, 'name'],
    ['PATCH', '/api/account/teams/{id}', { name: '   ' }, 'name'],
    ['PUT', '/api/account/teams/current', {}, 'team_id'],
    ['PUT', '/api/account/teams/current', { team_id: 'x'.repeat(65) }, 'team_id'],
    ['PUT', '/api/account/teams/{id}/members/{user}/role', { role: 'owner' }, 'role'],
    ['POST', '/api/account/teams/{id}/transfer', { user_id: '' }, 'user_id'],
    ['DELETE', `/api/account/teams/${'x'.repeat(65)}`, undefined, 'id'],
    ['GET', `/api/account/teams/${'x'.repeat(65)}/members`, undefined, 'id'],
  ] as const)(
    '%s %s %o is a VALIDATION_ERROR naming %s and changes nothing',
    async (method, path, payload, field) => {
      const owner = await signUpUser(t.app);
      const team = await newTeam(owner, 'Before');
      const member = await signUpUser(t.app);
      await join(team.id, member, 'member');
      const url = path.replace('{id}', team.id).replace('{user}', member.userId);
      const res = await call(method, url, owner, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().error_code).toBe('VALIDATION_ERROR');
      expect(Object.keys(res.json().fields)).toContain(field);
      const after = await myTeams(owner);
      expect(after.map((x) => [x.name, x.role])).toEqual([
        [expect.any(String), 'owner'],
        ['Before', 'owner'],
      ]);
      const [memberRow] = await t.platform.db
        .select()
        .from(teamMembers)
        .where(and(eq(teamMembers.teamId, team.id), eq(teamMembers.userId, member.userId)));
      expect(memberRow?.role).toBe('member');
    },
  );

  it('a stranger gets NOT_FOUND from every endpoint that takes a team id', async () => {
    const owner = await signUpUser(t.app);
    const stranger = await signUpUser(t.app);
    const team = await newTeam(owner);
    const base = `/api/account/teams/${team.id}`;
    const attempts: [Method, string, object?][] = [
      ['PATCH', base, { name: 'Mine now' }],
      ['DELETE', base],
      ['PUT', '/api/account/teams/current', { team_id: team.id }],
      ['GET', `${base}/members`],
      ['PUT', `${base}/members/${owner.userId}/role`, { role: 'member' }],
      ['DELETE', `${base}/members/${owner.userId}`],
      ['POST', `${base}/leave`],
      ['POST', `${base}/transfer`, { user_id: stranger.userId }],
      ['POST', `${base}/invites`, { email: stranger.email, role: 'admin' }],
      ['DELETE', `${base}/invites/some-invite`],
    ];
    for (const [method, url, payload] of attempts) {
      const res = await call(method, url, stranger, payload);
      expect([url, method, res.statusCode, res.json().error_code]).toEqual([url, method, 404, 'NOT_FOUND']);
    }
    expect((await myTeams(owner)).length).toBe(2);
  });

  it('delete: owner only; the personal team cannot be deleted; members fall back to their personal team', async () => {
    const owner = await signUpUser(t.app);
    const admin = await signUpUser(t.app);
    const team = await newTeam(owner);
    await join(team.id, admin, 'admin');
    await call('PUT', '/api/account/teams/current', admin, { team_id: team.id });
    await call('PUT', '/api/account/teams/current', owner, { team_id: team.id });
    const project = await call('POST', '/api/account/projects', owner, { name: 'Launch' });
    expect(project.statusCode).toBe(200);

    const byAdmin = await call('DELETE', `/api/account/teams/${team.id}`, admin);
    expect(byAdmin.statusCode).toBe(403);
    expect(byAdmin.json().msg).toBe('Only the owner may delete the team');

    const [personal] = await myTeams(owner);
    const undeletable = await call('DELETE', `/api/account/teams/${personal?.id}`, owner);
    expect(undeletable.statusCode).toBe(409);
    expect(undeletable.json().msg).toBe('The personal team cannot be deleted');

    const deleted = await call('DELETE', `/api/account/teams/${team.id}`, owner);
    expect(deleted.json()).toEqual({ deleted: true });
    expect(await t.platform.db.select().from(teams).where(eq(teams.id, team.id))).toEqual([]);
    expect(await t.platform.db.select().from(projects).where(eq(projects.teamId, team.id))).toEqual([]);
    const [adminPersonal] = await myTeams(admin);
    expect(await currentTeamId(admin)).toBe(adminPersonal?.id);
    expect(await currentTeamId(owner)).toBe(personal?.id);
  });
});
