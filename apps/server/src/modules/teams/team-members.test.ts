import { createProject } from '@app/contract/account/projects/projects';
import { inviteTeamMember } from '@app/contract/account/teams/team-invites';
import {
  changeTeamMemberRole,
  leaveTeam,
  listTeamMembers,
  removeTeamMember,
  transferTeamOwnership,
} from '@app/contract/account/teams/team-members';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectMembers, teamMembers, teams } from '../../db/schema';
import { callEndpoint } from '../../test/call-endpoint';
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

  const myTeams: Api['myTeams'] = (user) => api.myTeams(user);
  const newTeam: Api['newTeam'] = (owner, name) => api.newTeam(owner, name);
  const join: Api['join'] = (teamId, user, role) => api.join(teamId, user, role);
  const currentTeamId: Api['currentTeamId'] = (user) => api.currentTeamId(user);
  it('members: any member lists them, owner first, with pending invites', async () => {
    const owner = await signUpUser(t.app, { name: 'Olga' });
    const member = await signUpUser(t.app, { name: 'Max' });
    const team = await newTeam(owner);
    await join(team.id, member, 'member');
    (
      await callEndpoint(t.app, inviteTeamMember, {
        as: owner,
        params: { id: team.id },
        body: { email: 'later@example.com' },
      })
    ).ok();
    const body = (await callEndpoint(t.app, listTeamMembers, { as: member, params: { id: team.id } })).ok();
    expect(body.my_role).toBe('member');
    expect(body.members.map((m) => [m.username, m.role, m.is_me])).toEqual([
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
    const setRole = (as: User, user: User, role: 'admin' | 'member') =>
      callEndpoint(t.app, changeTeamMemberRole, {
        as,
        params: { id: team.id, user_id: user.userId },
        body: { role },
      });

    const promoted = await setRole(owner, member, 'admin');
    expect(promoted.ok().member).toMatchObject({ user_id: member.userId, role: 'admin' });
    const byAdmin = await setRole(admin, member, 'member');
    expect(byAdmin.status).toBe(403);
    expect(byAdmin.error().msg).toBe('Only the owner may change roles');
    const ownerRole = await setRole(owner, owner, 'member');
    expect(ownerRole.status).toBe(409);
    const outsider = await signUpUser(t.app);
    expect((await setRole(owner, outsider, 'member')).status).toBe(404);
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
    const remove = (as: User, user: User) =>
      callEndpoint(t.app, removeTeamMember, { as, params: { id: team.id, user_id: user.userId } });

    // A removed member also leaves the team's projects (no accidental guest access).
    await api.switchTo(owner, team.id);
    const { project } = (await callEndpoint(t.app, createProject, { as: owner, body: { name: 'P' } })).ok();
    await t.platform.db.insert(projectMembers).values({ projectId: project.id, userId: member.userId });

    expect((await remove(member, member2)).status).toBe(403);
    const adminVsAdmin = await remove(admin, admin2);
    expect(adminVsAdmin.status).toBe(403);
    expect(adminVsAdmin.error().msg).toBe('Admins may remove plain members only');
    const adminVsOwner = await remove(admin, owner);
    expect(adminVsOwner.status).toBe(409);
    const ownerSelf = await remove(owner, owner);
    expect(ownerSelf.status).toBe(409);
    expect(ownerSelf.error().msg).toBe('The owner cannot be removed; transfer ownership first');

    expect((await remove(admin, member)).ok()).toEqual({ removed: true });
    expect((await remove(owner, admin2)).ok()).toEqual({ removed: true });
    expect((await callEndpoint(t.app, listTeamMembers, { as: member, params: { id: team.id } })).status).toBe(
      404,
    );
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
    await api.switchTo(member, team.id);
    expect(await currentTeamId(member)).toBe(team.id);
    const leave = (as: User) => callEndpoint(t.app, leaveTeam, { as, params: { id: team.id } });

    const ownerLeaves = await leave(owner);
    expect(ownerLeaves.status).toBe(409);
    expect(ownerLeaves.error().msg).toBe('The owner cannot leave; transfer the team to another member first');

    expect((await leave(member)).ok()).toEqual({ left: true });
    const [personal] = await myTeams(member);
    expect(await currentTeamId(member)).toBe(personal?.id);
    expect((await leave(member)).status).toBe(404);
  });

  it('transfer: owner only, to a member; the old owner becomes admin and owner_id follows', async () => {
    const owner = await signUpUser(t.app);
    const admin = await signUpUser(t.app);
    const member = await signUpUser(t.app);
    const outsider = await signUpUser(t.app);
    const team = await newTeam(owner);
    await join(team.id, admin, 'admin');
    await join(team.id, member, 'member');
    const transfer = (as: User, to: User) =>
      callEndpoint(t.app, transferTeamOwnership, {
        as,
        params: { id: team.id },
        body: { user_id: to.userId },
      });

    expect((await transfer(admin, member)).status).toBe(403);
    expect((await transfer(owner, outsider)).status).toBe(404);
    expect((await transfer(owner, owner)).status).toBe(409);

    const res = await transfer(owner, member);
    expect(res.ok().team).toMatchObject({ id: team.id, role: 'admin' });
    const [row] = await t.platform.db.select().from(teams).where(eq(teams.id, team.id));
    expect(row?.ownerId).toBe(member.userId);
    const roles = await t.platform.db.select().from(teamMembers).where(eq(teamMembers.teamId, team.id));
    expect(Object.fromEntries(roles.map((r) => [r.userId, r.role]))).toEqual({
      [owner.userId]: 'admin',
      [admin.userId]: 'admin',
      [member.userId]: 'owner',
    });
    // The old owner may leave now; the new owner may not.
    const leave = (as: User) => callEndpoint(t.app, leaveTeam, { as, params: { id: team.id } });
    expect((await leave(member)).status).toBe(409);
    expect((await leave(owner)).status).toBe(200);
  });

  it('the personal team cannot be transferred', async () => {
    const owner = await signUpUser(t.app);
    const member = await signUpUser(t.app);
    const [personal] = await myTeams(owner);
    if (!personal) throw new Error('no personal team');
    await join(personal.id, member, 'member');
    const res = await callEndpoint(t.app, transferTeamOwnership, {
      as: owner,
      params: { id: personal.id },
      body: { user_id: member.userId },
    });
    expect(res.status).toBe(409);
    expect(res.error().msg).toBe('The personal team cannot be transferred');
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
