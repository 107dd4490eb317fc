import {
  inviteProjectMember,
  listProjectMembers,
  removeProjectMember,
  revokeProjectInvite,
} from '@app/contract/account/projects/project-members';
import {
  createProject,
  deleteProject,
  getProject,
  listProjects,
  updateProject,
} from '@app/contract/account/projects/projects';
import { createTeam, listMyTeams, switchCurrentTeam } from '@app/contract/account/teams/teams';
import type { Endpoint, EndpointQuery } from '@app/contract/define-endpoint';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectMembers, projects, teamMembers } from '../../db/schema';
import { type Call, callEndpoint, callEndpointRaw } from '../../test/call-endpoint';
import { createTestApp, signUpUser, type TestApp } from '../../test/test-app';

type User = Awaited<ReturnType<typeof signUpUser>>;

describe('projects in the current team', () => {
  let t: TestApp;
  /** Team "Acme": owner, admin, two members; everyone works in it. A stranger has only their own team. */
  let owner: User;
  let admin: User;
  let member: User;
  let member2: User;
  let stranger: User;
  let teamId: string;

  async function create(user: User, name: string, description = '') {
    return (await callEndpoint(t.app, createProject, { as: user, body: { name, description } })).ok().project;
  }

  const get = (user: User, id: string) => callEndpoint(t.app, getProject, { as: user, params: { id } });
  const list = async (user: User, query: EndpointQuery<typeof listProjects> = {}) =>
    (await callEndpoint(t.app, listProjects, { as: user, query })).ok();
  const switchTo = (user: User, teamId: string) =>
    callEndpoint(t.app, switchCurrentTeam, { as: user, body: { team_id: teamId } });

  beforeAll(async () => {
    t = await createTestApp();
    [owner, admin, member, member2, stranger] = await Promise.all([
      signUpUser(t.app, { name: 'Owner' }),
      signUpUser(t.app, { name: 'Admin' }),
      signUpUser(t.app, { name: 'Member' }),
      signUpUser(t.app, { name: 'Member Two' }),
      signUpUser(t.app, { name: 'Stranger' }),
    ]);
    teamId = (await callEndpoint(t.app, createTeam, { as: owner, body: { name: 'Acme' } })).ok().team.id;
    await t.platform.db.insert(teamMembers).values([
      { teamId, userId: admin.userId, role: 'admin' },
      { teamId, userId: member.userId, role: 'member' },
      { teamId, userId: member2.userId, role: 'member' },
    ]);
    for (const user of [owner, admin, member, member2]) {
      await switchTo(user, teamId);
    }
  });
  afterAll(() => t.close());

  it('any team member creates a project in the current team and becomes its admin', async () => {
    const res = await callEndpoint(t.app, createProject, {
      as: member,
      body: { name: '  Spring launch ', description: 'Ads' },
    });
    const { project } = res.ok();
    expect(project).toMatchObject({
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
    const [row] = await t.platform.db.select().from(projects).where(eq(projects.id, project.id));
    expect(row?.createdBy).toBe(member.userId);
  });

  it('the team owner and admins see every project; members only theirs', async () => {
    const project = await create(member, 'Members only');
    for (const user of [owner, admin]) {
      const seen = await get(user, project.id);
      expect(seen.ok().project).toMatchObject({ my_role: null, can_manage: true, can_delete: true });
      expect((await list(user)).items.map((p) => p.id)).toContain(project.id);
    }
    expect((await get(member2, project.id)).status).toBe(404);
    expect((await list(member2)).items.map((p) => p.id)).not.toContain(project.id);

    await t.platform.db.insert(projectMembers).values({ projectId: project.id, userId: member2.userId });
    const asMember = await get(member2, project.id);
    expect(asMember.ok().project).toMatchObject({
      my_role: 'member',
      can_manage: false,
      can_delete: false,
    });
    expect((await list(member2)).items.map((p) => p.id)).toContain(project.id);
  });

  it("another team's project is NOT_FOUND on every endpoint", async () => {
    const project = await create(owner, 'Secret plan');
    const id = project.id;
    const as = stranger;
    const attempts: [string, () => Promise<Call<Endpoint>>][] = [
      ['get', () => get(stranger, id)],
      ['update', () => callEndpoint(t.app, updateProject, { as, params: { id }, body: { name: 'Taken' } })],
      ['delete', () => callEndpoint(t.app, deleteProject, { as, params: { id } })],
      ['members', () => callEndpoint(t.app, listProjectMembers, { as, params: { id } })],
      [
        'invite',
        () =>
          callEndpoint(t.app, inviteProjectMember, { as, params: { id }, body: { email: stranger.email } }),
      ],
      ['revoke', () => callEndpoint(t.app, revokeProjectInvite, { as, params: { id, invite_id: 'any' } })],
      [
        'remove',
        () => callEndpoint(t.app, removeProjectMember, { as, params: { id, user_id: owner.userId } }),
      ],
    ];
    for (const [what, attempt] of attempts) {
      const res = await attempt();
      expect([what, res.status, res.error().msg]).toEqual([what, 404, 'Project not found']);
    }
    expect((await list(stranger)).items.map((p) => p.id)).not.toContain(project.id);
    expect((await list(stranger, { scope: 'shared' })).total).toBe(0);
    const [row] = await t.platform.db.select().from(projects).where(eq(projects.id, project.id));
    expect(row?.name).toBe('Secret plan');
  });

  it('projects are reached in the current team only: the team owner working elsewhere gets NOT_FOUND', async () => {
    const project = await create(admin, 'Elsewhere');
    const [personal] = (await callEndpoint(t.app, listMyTeams, { as: owner })).ok().items;
    if (!personal) throw new Error('no personal team');
    await switchTo(owner, personal.id);
    try {
      expect((await get(owner, project.id)).status).toBe(404);
      expect((await list(owner)).items.map((p) => p.id)).not.toContain(project.id);
    } finally {
      await switchTo(owner, teamId);
    }
    expect((await get(owner, project.id)).status).toBe(200);
  });

  it('update: project admins and the team owner or admins; plain project members are FORBIDDEN', async () => {
    const project = await create(member, 'Old name');
    await t.platform.db.insert(projectMembers).values({ projectId: project.id, userId: member2.userId });
    const update = (as: User, body: { name?: string; description?: string }) =>
      callEndpoint(t.app, updateProject, { as, params: { id: project.id }, body });
    expect((await update(member, { name: 'By project admin' })).ok().project.name).toBe('By project admin');
    expect((await update(admin, { description: 'By team admin' })).ok().project).toMatchObject({
      name: 'By project admin',
      description: 'By team admin',
    });
    const refused = await update(member2, { name: 'Nope' });
    expect(refused.status).toBe(403);
    expect(refused.error().msg).toBe("Only the project's admins or the team's owner and admins may do this");
  });

  it('delete: project admin or team owner/admin; members are FORBIDDEN', async () => {
    const mine = await create(member, 'Delete me');
    const theirs = await create(member2, 'Team admin deletes');
    await t.platform.db.insert(projectMembers).values({ projectId: mine.id, userId: member2.userId });
    const remove = (as: User, id: string) => callEndpoint(t.app, deleteProject, { as, params: { id } });
    expect((await remove(member2, mine.id)).status).toBe(403);
    expect((await remove(member, mine.id)).ok()).toEqual({ deleted: true });
    expect((await remove(admin, theirs.id)).ok()).toEqual({ deleted: true });
    expect((await get(member, mine.id)).status).toBe(404);
    expect(
      await t.platform.db.select().from(projectMembers).where(eq(projectMembers.projectId, mine.id)),
    ).toEqual([]);
  });

  it('lists page, search, filter and sort', async () => {
    const solo = await signUpUser(t.app);
    for (const name of ['Gamma', 'Alpha', 'Beta']) await create(solo, name);
    const sorted = await list(solo, { sort: 'name' });
    expect(sorted.items.map((p) => p.name)).toEqual(['Alpha', 'Beta', 'Gamma']);
    const page = await list(solo, { sort: '-name', page: 2, page_size: 2 });
    expect(page).toMatchObject({ total: 3, items: [{ name: 'Alpha' }] });
    expect((await list(solo, { q: 'et' })).items.map((p) => p.name)).toEqual(['Beta']);
    const filters = JSON.stringify([{ field: 'name', operator: 'eq', value: 'Gamma' }]);
    expect((await list(solo, { filters })).items.map((p) => p.name)).toEqual(['Gamma']);
  });

  // Inputs the contract refuses, sent on purpose (callEndpointRaw).
  type BadCall = (as: User, id: string) => Promise<Call<Endpoint>>;
  const teamIdFilter = JSON.stringify([{ field: 'team_id', operator: 'eq', value: 'x' }]);
  it.each<{ label: string; field: string; bad: BadCall }>([
    {
      label: 'create, empty name',
      field: 'name',
      bad: (as) => callEndpointRaw(t.app, createProject, { as, body: { name: '' } }),
    },
    {
      label: 'create, name of 81',
      field: 'name',
      bad: (as) => callEndpointRaw(t.app, createProject, { as, body: { name: 'x'.repeat(81) } }),
    },
    {
      label: 'create, description of 1001',
      field: 'description',
      bad: (as) =>
        callEndpointRaw(t.app, createProject, { as, body: { name: 'Fine', description: 'x'.repeat(1001) } }),
    },
    {
      label: 'update, blank name',
      field: 'name',
      bad: (as, id) => callEndpointRaw(t.app, updateProject, { as, params: { id }, body: { name: '  ' } }),
    },
    {
      label: 'update, description of 1001',
      field: 'description',
      bad: (as, id) =>
        callEndpointRaw(t.app, updateProject, {
          as,
          params: { id },
          body: { description: 'x'.repeat(1001) },
        }),
    },
    {
      label: 'list, scope everything',
      field: 'scope',
      bad: (as) => callEndpointRaw(t.app, listProjects, { as, query: { scope: 'everything' } }),
    },
    {
      label: 'list, sort by secret',
      field: 'sort',
      bad: (as) => callEndpointRaw(t.app, listProjects, { as, query: { sort: 'secret' } }),
    },
    {
      label: 'list, page 0',
      field: 'page',
      bad: (as) => callEndpointRaw(t.app, listProjects, { as, query: { page: 0 } }),
    },
    {
      label: 'list, filter on team_id',
      field: 'filters',
      bad: (as) => callEndpointRaw(t.app, listProjects, { as, query: { filters: teamIdFilter } }),
    },
    {
      label: 'get, id of 65',
      field: 'id',
      bad: (as) => callEndpointRaw(t.app, getProject, { as, params: { id: 'x'.repeat(65) } }),
    },
  ])('$label is a VALIDATION_ERROR naming $field and changes nothing', async ({ bad, field }) => {
    const user = await signUpUser(t.app);
    const project = await create(user, 'Unchanged', 'Same');
    const res = await bad(user, project.id);
    expect(res.status).toBe(400);
    expect(Object.keys(res.error().fields ?? {})).toContain(field);
    const all = await list(user);
    expect(all.items).toEqual([expect.objectContaining({ name: 'Unchanged', description: 'Same' })]);
  });
});
