import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectMembers, projects, teamMembers } from '../../db/schema';
import { createTestApp, signUpUser, type TestApp } from '../../test/test-app';

type User = Awaited<ReturnType<typeof signUpUser>>;
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

describe('projects in the current team', () => {
  let t: TestApp;
  /** Team "Acme": owner, admin, two members; everyone works in it. A stranger has only their own team. */
  let owner: User;
  let admin: User;
  let member: User;
  let member2: User;
  let stranger: User;
  let teamId: string;

  const call = (method: Method, url: string, user?: User, payload?: object) =>
    t.app.inject({ method, url, headers: user?.auth ?? {}, ...(payload ? { payload } : {}) });

  async function create(user: User, name: string, description = '') {
    const res = await call('POST', '/api/account/projects', user, { name, description });
    expect(res.statusCode).toBe(200);
    return res.json().project as { id: string; name: string };
  }

  const get = (user: User, id: string) => call('GET', `/api/account/projects/${id}`, user);
  const list = async (user: User, query = '') =>
    (await call('GET', `/api/account/projects${query}`, user)).json() as {
      items: { id: string; name: string }[];
      total: number;
    };

  beforeAll(async () => {
    t = await createTestApp();
    [owner, admin, member, member2, stranger] = await Promise.all([
      signUpUser(t.app, { name: 'Owner' }),
      signUpUser(t.app, { name: 'Admin' }),
      signUpUser(t.app, { name: 'Member' }),
      signUpUser(t.app, { name: 'Member Two' }),
      signUpUser(t.app, { name: 'Stranger' }),
    ]);
    teamId = (await call('POST', '/api/account/teams', owner, { name: 'Acme' })).json().team.id;
    await t.platform.db.insert(teamMembers).values([
      { teamId, userId: admin.userId, role: 'admin' },
      { teamId, userId: member.userId, role: 'member' },
      { teamId, userId: member2.userId, role: 'member' },
    ]);
    for (const user of [owner, admin, member, member2]) {
      await call('PUT', '/api/account/teams/current', user, { team_id: teamId });
    }
  });
  afterAll(() => t.close());

  it('any team member creates a project in the current team and becomes its admin', async () => {
    const res = await call('POST', '/api/account/projects', member, {
      name: '  Spring launch ',
      description: 'Ads',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().project).toMatchObject({
      name: 'Spring launch',
      description: 'Ads',
      team_id: teamId,
      team_name: 'Acme',
      my_role: 'admin',
      guest: false,
      can_manage: true,
      can_delete: true,
      members_count: 1,
    });
    const [row] = await t.platform.db.select().from(projects).where(eq(projects.id, res.json().project.id));
    expect(row?.createdBy).toBe(member.userId);
  });

  it('the team owner and admins see every project; members only theirs', async () => {
    const project = await create(member, 'Members only');
    for (const user of [owner, admin]) {
      const seen = await get(user, project.id);
      expect(seen.statusCode).toBe(200);
      expect(seen.json().project).toMatchObject({ my_role: null, can_manage: true, can_delete: true });
      expect((await list(user)).items.map((p) => p.id)).toContain(project.id);
    }
    expect((await get(member2, project.id)).statusCode).toBe(404);
    expect((await list(member2)).items.map((p) => p.id)).not.toContain(project.id);

    await t.platform.db.insert(projectMembers).values({ projectId: project.id, userId: member2.userId });
    const asMember = await get(member2, project.id);
    expect(asMember.json().project).toMatchObject({
      my_role: 'member',
      can_manage: false,
      can_delete: false,
    });
    expect((await list(member2)).items.map((p) => p.id)).toContain(project.id);
  });

  it("another team's project is NOT_FOUND on every endpoint", async () => {
    const project = await create(owner, 'Secret plan');
    const base = `/api/account/projects/${project.id}`;
    const attempts: [Method, string, object?][] = [
      ['GET', base],
      ['PATCH', base, { name: 'Taken' }],
      ['DELETE', base],
      ['GET', `${base}/members`],
      ['POST', `${base}/invites`, { email: stranger.email }],
      ['DELETE', `${base}/invites/any`],
      ['DELETE', `${base}/members/${owner.userId}`],
    ];
    for (const [method, url, payload] of attempts) {
      const res = await call(method, url, stranger, payload);
      expect([method, url, res.statusCode, res.json().msg]).toEqual([method, url, 404, 'Project not found']);
    }
    expect((await list(stranger)).items.map((p) => p.id)).not.toContain(project.id);
    expect((await list(stranger, '?scope=shared')).total).toBe(0);
    const [row] = await t.platform.db.select().from(projects).where(eq(projects.id, project.id));
    expect(row?.name).toBe('Secret plan');
  });

  it('projects are reached in the current team only: the team owner working elsewhere gets NOT_FOUND', async () => {
    const project = await create(admin, 'Elsewhere');
    const personal = (await call('GET', '/api/account/teams', owner)).json().items[0].id as string;
    await call('PUT', '/api/account/teams/current', owner, { team_id: personal });
    try {
      expect((await get(owner, project.id)).statusCode).toBe(404);
      expect((await list(owner)).items.map((p) => p.id)).not.toContain(project.id);
    } finally {
      await call('PUT', '/api/account/teams/current', owner, { team_id: teamId });
    }
    expect((await get(owner, project.id)).statusCode).toBe(200);
  });

  it('update: project admins and the team owner or admins; plain project members are FORBIDDEN', async () => {
    const project = await create(member, 'Old name');
    await t.platform.db.insert(projectMembers).values({ projectId: project.id, userId: member2.userId });
    const url = `/api/account/projects/${project.id}`;
    expect((await call('PATCH', url, member, { name: 'By project admin' })).json().project.name).toBe(
      'By project admin',
    );
    expect((await call('PATCH', url, admin, { description: 'By team admin' })).json().project).toMatchObject({
      name: 'By project admin',
      description: 'By team admin',
    });
    const refused = await call('PATCH', url, member2, { name: 'Nope' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().msg).toBe("Only the project's admins or the team's owner and admins may do this");
  });

  it('delete: project admin or team owner/admin; members are FORBIDDEN', async () => {
    const mine = await create(member, 'Delete me');
    const theirs = await create(member2, 'Team admin deletes');
    await t.platform.db.insert(projectMembers).values({ projectId: mine.id, userId: member2.userId });
    expect((await call('DELETE', `/api/account/projects/${mine.id}`, member2)).statusCode).toBe(403);
    expect((await call('DELETE', `/api/account/projects/${mine.id}`, member)).json()).toEqual({
      deleted: true,
    });
    expect((await call('DELETE', `/api/account/projects/${theirs.id}`, admin)).json()).toEqual({
      deleted: true,
    });
    expect((await get(member, mine.id)).statusCode).toBe(404);
    expect(
      await t.platform.db.select().from(projectMembers).where(eq(projectMembers.projectId, mine.id)),
    ).toEqual([]);
  });

  it('lists page, search, filter and sort', async () => {
    const solo = await signUpUser(t.app);
    for (const name of ['Gamma', 'Alpha', 'Beta']) await create(solo, name);
    const sorted = await list(solo, '?sort=name');
    expect(sorted.items.map((p) => p.name)).toEqual(['Alpha', 'Beta', 'Gamma']);
    const page = await list(solo, '?sort=-name&page=2&page_size=2');
    expect(page).toMatchObject({ total: 3, items: [{ name: 'Alpha' }] });
    expect((await list(solo, '?q=et')).items.map((p) => p.name)).toEqual(['Beta']);
    const filters = encodeURIComponent(JSON.stringify([{ field: 'name', operator: 'eq', value: 'Gamma' }]));
    expect((await list(solo, `?filters=${filters}`)).items.map((p) => p.name)).toEqual(['Gamma']);
  });

  it.each([
    ['POST', '', { name: '' }, 'name'],
    ['POST', '', { name: 'x'.repeat(81) }, 'name'],
    ['POST', '', { name: 'Fine', description: 'x'.repeat(1001) }, 'description'],
    ['PATCH', '/{id}', { name: '  ' }, 'name'],
    ['PATCH', '/{id}', { description: 'x'.repeat(1001) }, 'description'],
    ['GET', '?scope=everything', undefined, 'scope'],
    ['GET', '?sort=secret', undefined, 'sort'],
    ['GET', '?page=0', undefined, 'page'],
    [
      'GET',
      `?filters=${encodeURIComponent('[{"field":"team_id","operator":"eq","value":"x"}]')}`,
      undefined,
      'filters',
    ],
    ['GET', `/${'x'.repeat(65)}`, undefined, 'id'],
  ] as const)(
    '%s %s %o is a VALIDATION_ERROR naming %s and changes nothing',
    async (method, suffix, payload, field) => {
      const user = await signUpUser(t.app);
      const project = await create(user, 'Unchanged', 'Same');
      const res = await call(
        method,
        `/api/account/projects${suffix.replace('{id}', project.id)}`,
        user,
        payload,
      );
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().fields)).toContain(field);
      const all = await list(user);
      expect(all.items).toEqual([expect.objectContaining({ name: 'Unchanged', description: 'Same' })]);
    },
  );
});
