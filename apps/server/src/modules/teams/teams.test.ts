import { createProject } from '@app/contract/account/projects/projects';
import { inviteTeamMember, revokeTeamInvite } from '@app/contract/account/teams/team-invites';
import {
  changeTeamMemberRole,
  leaveTeam,
  listTeamMembers,
  removeTeamMember,
  transferTeamOwnership,
} from '@app/contract/account/teams/team-members';
import {
  createTeam,
  deleteTeam,
  listMyTeams,
  renameTeam,
  switchCurrentTeam,
} from '@app/contract/account/teams/teams';
import { postSignUp } from '@app/contract/auth/sign-up';
import type { Endpoint } from '@app/contract/define-endpoint';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projects, teamMembers, teams, users } from '../../db/schema';
import { type Call, callEndpoint, callEndpointRaw } from '../../test/call-endpoint';
import { createTestApp, signUpUser, type TestApp } from '../../test/test-app';
import { teamApi, type User } from './teams.test-helpers';

type Api = ReturnType<typeof teamApi>;

describe('teams: my teams, current team, rename, delete', () => {
  let t: TestApp;
  let api: Api;
  beforeAll(async () => {
    t = await createTestApp();
    api = teamApi(t);
  });
  afterAll(() => t.close());

  const myTeams: Api['myTeams'] = (user) => api.myTeams(user);
  const newTeam: Api['newTeam'] = (owner, name) => api.newTeam(owner, name);
  const join: Api['join'] = (teamId, user, role) => api.join(teamId, user, role);
  const currentTeamId: Api['currentTeamId'] = (user) => api.currentTeamId(user);
  const switchTeam = (user: User, teamId: string) =>
    callEndpoint(t.app, switchCurrentTeam, { as: user, body: { team_id: teamId } });

  it('a new user has one team: personal, owned, current, with one member', async () => {
    const ann = await signUpUser(t.app, { name: 'Ann' });
    const res = await callEndpoint(t.app, listMyTeams, { as: ann });
    expect(res.ok().items).toEqual([
      expect.objectContaining({
        name: "Ann's team",
        personal: true,
        role: 'owner',
        members_count: 1,
        current: true,
      }),
    ]);
  });

  it("names the personal team in the sign-up's language: 'Ann's team' in English, 'Ann的团队' in zh_CN", async () => {
    const email = `wu-${Date.now()}@example.com`;
    const signedUp = await callEndpoint(t.app, postSignUp, {
      body: { name: 'Wu', email, password: 'correct-horse-1' },
      headers: { 'accept-language': 'zh-CN,zh;q=0.9' },
    });
    const wu = { auth: { authorization: `Bearer ${signedUp.ok().token}` } };
    const res = await callEndpoint(t.app, listMyTeams, { as: wu });
    expect(res.ok().items.map((team) => team.name)).toEqual(['Wu的团队']);
  });

  it('creating a team makes the creator its owner without switching; switching changes the current team', async () => {
    const ann = await signUpUser(t.app);
    const [personal] = await myTeams(ann);
    if (!personal) throw new Error('no personal team');
    const team = await newTeam(ann, '  Zeta Works  ');
    expect(team).toMatchObject({ name: 'Zeta Works', personal: false, role: 'owner', current: false });
    const teamsNow = await myTeams(ann);
    expect(teamsNow.map((x) => [x.personal, x.current])).toEqual([
      [true, true],
      [false, false],
    ]);

    const switched = await switchTeam(ann, team.id);
    expect(switched.ok().team).toMatchObject({ id: team.id, current: true });
    // The session resolves the chosen team on the next request.
    expect(await currentTeamId(ann)).toBe(team.id);
    expect((await myTeams(ann)).find((x) => x.current)?.id).toBe(team.id);

    await switchTeam(ann, personal.id);
    expect(await currentTeamId(ann)).toBe(personal.id);
  });

  it('switching to a team one is not in is NOT_FOUND and changes nothing', async () => {
    const ann = await signUpUser(t.app);
    const bob = await signUpUser(t.app);
    const bobsTeam = await newTeam(bob);
    const res = await switchTeam(ann, bobsTeam.id);
    expect(res.status).toBe(404);
    expect(res.error()).toMatchObject({ error_code: 'NOT_FOUND', msg: 'Team not found' });
    const [row] = await t.platform.db.select().from(users).where(eq(users.id, ann.userId));
    expect(row?.currentTeamId).toBeNull();
  });

  it('refusals are translated into the caller language', async () => {
    const ann = await signUpUser(t.app);
    const res = await callEndpoint(t.app, switchCurrentTeam, {
      as: ann,
      headers: { 'accept-language': 'zh-CN' },
      body: { team_id: 'no-such-team' },
    });
    expect(res.error()).toMatchObject({ error_code: 'NOT_FOUND', msg: '未找到团队' });
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
    const rename = (as: User, name: string) =>
      callEndpoint(t.app, renameTeam, { as, params: { id: team.id }, body: { name } });
    expect((await rename(owner, 'One')).ok().team.name).toBe('One');
    expect((await rename(admin, 'Two')).ok().team.name).toBe('Two');
    const refused = await rename(member, 'Three');
    expect(refused.status).toBe(403);
    expect(refused.error().msg).toBe('Only the owner or an admin may rename the team');
    expect((await rename(stranger, 'Four')).status).toBe(404);
    const [row] = await t.platform.db.select().from(teams).where(eq(teams.id, team.id));
    expect(row?.name).toBe('Two');
  });

  // Bodies the contract refuses, sent on purpose (callEndpointRaw): the server must refuse them too.
  const tooLongId = 'x'.repeat(65);
  type Ids = { team: string; member: string };
  it.each<{ label: string; field: string; call: (ids: Ids, as: User) => Promise<Call<Endpoint>> }>([
    {
      label: 'create, empty name',
      field: 'name',
      call: (_, as) => callEndpointRaw(t.app, createTeam, { as, body: { name: '' } }),
    },
    {
      label: 'create, name of 61',
      field: 'name',
      call: (_, as) => callEndpointRaw(t.app, createTeam, { as, body: { name: 'x'.repeat(61) } }),
    },
    {
      label: 'create, no name',
      field: 'name',
      call: (_, as) => callEndpointRaw(t.app, createTeam, { as, body: {} }),
    },
    {
      label: 'rename, blank name',
      field: 'name',
      call: (ids, as) =>
        callEndpointRaw(t.app, renameTeam, { as, params: { id: ids.team }, body: { name: '   ' } }),
    },
    {
      label: 'switch, no team_id',
      field: 'team_id',
      call: (_, as) => callEndpointRaw(t.app, switchCurrentTeam, { as, body: {} }),
    },
    {
      label: 'switch, team_id of 65',
      field: 'team_id',
      call: (_, as) => callEndpointRaw(t.app, switchCurrentTeam, { as, body: { team_id: tooLongId } }),
    },
    {
      label: 'role owner',
      field: 'role',
      call: (ids, as) =>
        callEndpointRaw(t.app, changeTeamMemberRole, {
          as,
          params: { id: ids.team, user_id: ids.member },
          body: { role: 'owner' },
        }),
    },
    {
      label: 'transfer, empty user_id',
      field: 'user_id',
      call: (ids, as) =>
        callEndpointRaw(t.app, transferTeamOwnership, {
          as,
          params: { id: ids.team },
          body: { user_id: '' },
        }),
    },
    {
      label: 'delete, id of 65',
      field: 'id',
      call: (_, as) => callEndpointRaw(t.app, deleteTeam, { as, params: { id: tooLongId } }),
    },
    {
      label: 'members, id of 65',
      field: 'id',
      call: (_, as) => callEndpointRaw(t.app, listTeamMembers, { as, params: { id: tooLongId } }),
    },
  ])('$label is a VALIDATION_ERROR naming $field and changes nothing', async ({ call, field }) => {
    const owner = await signUpUser(t.app);
    const team = await newTeam(owner, 'Before');
    const member = await signUpUser(t.app);
    await join(team.id, member, 'member');
    const res = await call({ team: team.id, member: member.userId }, owner);
    expect(res.status).toBe(400);
    expect(res.error().error_code).toBe('VALIDATION_ERROR');
    expect(Object.keys(res.error().fields ?? {})).toContain(field);
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
  });

  it('a stranger gets NOT_FOUND from every endpoint that takes a team id', async () => {
    const owner = await signUpUser(t.app);
    const stranger = await signUpUser(t.app);
    const team = await newTeam(owner);
    const id = team.id;
    const as = stranger;
    const attempts: [string, () => Promise<Call<Endpoint>>][] = [
      ['rename', () => callEndpoint(t.app, renameTeam, { as, params: { id }, body: { name: 'Mine now' } })],
      ['delete', () => callEndpoint(t.app, deleteTeam, { as, params: { id } })],
      ['switch', () => callEndpoint(t.app, switchCurrentTeam, { as, body: { team_id: id } })],
      ['members', () => callEndpoint(t.app, listTeamMembers, { as, params: { id } })],
      [
        'role',
        () =>
          callEndpoint(t.app, changeTeamMemberRole, {
            as,
            params: { id, user_id: owner.userId },
            body: { role: 'member' },
          }),
      ],
      ['remove', () => callEndpoint(t.app, removeTeamMember, { as, params: { id, user_id: owner.userId } })],
      ['leave', () => callEndpoint(t.app, leaveTeam, { as, params: { id } })],
      [
        'transfer',
        () =>
          callEndpoint(t.app, transferTeamOwnership, {
            as,
            params: { id },
            body: { user_id: stranger.userId },
          }),
      ],
      [
        'invite',
        () =>
          callEndpoint(t.app, inviteTeamMember, {
            as,
            params: { id },
            body: { email: stranger.email, role: 'admin' },
          }),
      ],
      [
        'revoke invite',
        () => callEndpoint(t.app, revokeTeamInvite, { as, params: { id, invite_id: 'some-invite' } }),
      ],
    ];
    for (const [what, attempt] of attempts) {
      const res = await attempt();
      expect([what, res.status, res.error().error_code]).toEqual([what, 404, 'NOT_FOUND']);
    }
    expect((await myTeams(owner)).length).toBe(2);
  });

  it('delete: owner only; the personal team cannot be deleted; members fall back to their personal team', async () => {
    const owner = await signUpUser(t.app);
    const admin = await signUpUser(t.app);
    const team = await newTeam(owner);
    await join(team.id, admin, 'admin');
    await switchTeam(admin, team.id);
    await switchTeam(owner, team.id);
    (await callEndpoint(t.app, createProject, { as: owner, body: { name: 'Launch' } })).ok();

    const byAdmin = await callEndpoint(t.app, deleteTeam, { as: admin, params: { id: team.id } });
    expect(byAdmin.status).toBe(403);
    expect(byAdmin.error().msg).toBe('Only the owner may delete the team');

    const [personal] = await myTeams(owner);
    if (!personal) throw new Error('no personal team');
    const undeletable = await callEndpoint(t.app, deleteTeam, { as: owner, params: { id: personal.id } });
    expect(undeletable.status).toBe(409);
    expect(undeletable.error().msg).toBe('The personal team cannot be deleted');

    const deleted = await callEndpoint(t.app, deleteTeam, { as: owner, params: { id: team.id } });
    expect(deleted.ok()).toEqual({ deleted: true });
    expect(await t.platform.db.select().from(teams).where(eq(teams.id, team.id))).toEqual([]);
    expect(await t.platform.db.select().from(projects).where(eq(projects.teamId, team.id))).toEqual([]);
    const [adminPersonal] = await myTeams(admin);
    expect(await currentTeamId(admin)).toBe(adminPersonal?.id);
    expect(await currentTeamId(owner)).toBe(personal.id);
  });
});
