import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectInvites, projectMembers, teamMembers } from '../../db/schema';
import { mailText, startSmtpServer } from '../../test/smtp';
import { createTestApp, signUpUser, type TestApp } from '../../test/test-app';
import { tokenOf } from '../teams/teams.test-helpers';

type User = Awaited<ReturnType<typeof signUpUser>>;
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

describe('project members and invites', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  /** Team "Acme" (owner, teamAdmin, teamMember) with a project led by its project admin `lead`. */
  let owner: User;
  let teamAdmin: User;
  let lead: User;
  let teamMember: User;
  let teamId: string;

  const call = (method: Method, url: string, user?: User, payload?: object) =>
    t.app.inject({ method, url, headers: user?.auth ?? {}, ...(payload ? { payload } : {}) });

  async function newProject(name = 'Launch') {
    const res = await call('POST', '/api/account/projects', lead, { name });
    expect(res.statusCode).toBe(200);
    return res.json().project as { id: string; name: string };
  }

  async function invite(projectId: string, by: User, email: string, role: 'admin' | 'member' = 'member') {
    const res = await call('POST', `/api/account/projects/${projectId}/invites`, by, { email, role });
    expect(res.statusCode).toBe(200);
    return res.json() as { invite: { id: string }; link: string; sent: boolean; reason: string | null };
  }

  const accept = (user: User, token: string) =>
    call('POST', '/api/account/project-invites/accept', user, { token });
  const preview = (user: User, token: string) =>
    call('POST', '/api/account/project-invites/preview', user, { token });

  async function currentTeamId(user: User) {
    return (await call('GET', '/api/user/basic-infos', user)).json().team.id as string;
  }

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp({ SMTP_URL: smtp.url });
    [owner, teamAdmin, lead, teamMember] = await Promise.all([
      signUpUser(t.app, { name: 'Owner' }),
      signUpUser(t.app, { name: 'Team Admin' }),
      signUpUser(t.app, { name: 'Lead' }),
      signUpUser(t.app, { name: 'Team Member' }),
    ]);
    teamId = (await call('POST', '/api/account/teams', owner, { name: 'Acme' })).json().team.id;
    await t.platform.db.insert(teamMembers).values([
      { teamId, userId: teamAdmin.userId, role: 'admin' },
      { teamId, userId: lead.userId, role: 'member' },
      { teamId, userId: teamMember.userId, role: 'member' },
    ]);
    for (const user of [owner, teamAdmin, lead]) {
      await call('PUT', '/api/account/teams/current', user, { team_id: teamId });
    }
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('an outsider accepts by mail and joins the project only, as a guest', async () => {
    const project = await newProject('Guest room');
    const guest = await signUpUser(t.app, { name: 'Guest' });
    const guestHome = await currentTeamId(guest);
    const answer = await invite(project.id, lead, guest.email, 'admin');
    expect(answer).toMatchObject({ sent: true, reason: null });
    expect(answer.link).toMatch(/\/projects\/accept-invite\?token=[A-Za-z0-9_-]{43}$/);
    const mail = smtp.inbox.find((m) => m.to.includes(guest.email));
    const text = mailText(mail?.raw ?? '');
    expect(text).toContain('Lead invited you to the project "Guest room" of the team "Acme"');
    expect(text).toContain(answer.link);

    const token = tokenOf(answer.link);
    expect((await preview(guest, token)).json()).toMatchObject({
      project_name: 'Guest room',
      team_name: 'Acme',
      inviter_name: 'Lead',
      role: 'admin',
      state: 'valid',
      email_matches: true,
      already_member: false,
    });
    const accepted = await accept(guest, token);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().project).toMatchObject({
      id: project.id,
      my_role: 'admin',
      guest: true,
      can_manage: true,
    });
    expect((await accept(guest, token)).json().msg).toBe('This invite has already been used');

    // Not in the team, still working in their own team, reaching the project as shared with them.
    const inTeam = await t.platform.db
      .select()
      .from(teamMembers)
      .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, guest.userId)));
    expect(inTeam).toEqual([]);
    expect(await currentTeamId(guest)).toBe(guestHome);
    expect((await call('GET', `/api/account/teams/${teamId}/members`, guest)).statusCode).toBe(404);
    expect((await call('PUT', '/api/account/teams/current', guest, { team_id: teamId })).statusCode).toBe(
      404,
    );
    const shared = (await call('GET', '/api/account/projects?scope=shared', guest)).json();
    expect(shared.items.map((p: { id: string }) => p.id)).toEqual([project.id]);
    expect((await call('GET', '/api/account/projects', guest)).json().total).toBe(0);
    expect((await call('GET', `/api/account/projects/${project.id}`, guest)).statusCode).toBe(200);
    // A guest admin manages the project but never deletes a team's project.
    expect(
      (await call('PATCH', `/api/account/projects/${project.id}`, guest, { description: 'Edited' }))
        .statusCode,
    ).toBe(200);
    const deletion = await call('DELETE', `/api/account/projects/${project.id}`, guest);
    expect(deletion.statusCode).toBe(403);

    const members = (await call('GET', `/api/account/projects/${project.id}/members`, lead)).json().members;
    expect(
      members.map((m: { username: string; role: string; guest: boolean }) => [m.username, m.role, m.guest]),
    ).toEqual([
      ['Lead', 'admin', false],
      ['Guest', 'admin', true],
    ]);
  });

  it('a team member who accepts is switched to the project team', async () => {
    const project = await newProject('Team room');
    const personal = await currentTeamId(teamMember);
    expect(personal).not.toBe(teamId);
    const answer = await invite(project.id, teamAdmin, teamMember.email);
    const res = await accept(teamMember, tokenOf(answer.link));
    expect(res.json().project).toMatchObject({
      id: project.id,
      my_role: 'member',
      guest: false,
      can_manage: false,
    });
    expect(await currentTeamId(teamMember)).toBe(teamId);
    await call('PUT', '/api/account/teams/current', teamMember, { team_id: personal });
  });

  it('wrong user, expired and revoked invites are refused and change nothing', async () => {
    const project = await newProject('Refusals');
    const rightOne = await signUpUser(t.app);
    const wrongOne = await signUpUser(t.app);
    const wrong = await accept(wrongOne, tokenOf((await invite(project.id, lead, rightOne.email)).link));
    expect(wrong.statusCode).toBe(403);

    const expired = await invite(project.id, lead, 'late@example.com');
    await t.platform.db
      .update(projectInvites)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(projectInvites.id, expired.invite.id));
    const late = await signUpUser(t.app, { email: 'late@example.com' });
    const lateRes = await accept(late, tokenOf(expired.link));
    expect([lateRes.statusCode, lateRes.json().msg]).toEqual([
      409,
      'This invite has expired; ask for a new one',
    ]);

    const revoked = await invite(project.id, lead, rightOne.email);
    const url = `/api/account/projects/${project.id}/invites/${revoked.invite.id}`;
    expect((await call('DELETE', url, lead)).json()).toEqual({ revoked: true });
    const revokedRes = await accept(rightOne, tokenOf(revoked.link));
    expect([revokedRes.statusCode, revokedRes.json().msg]).toEqual([409, 'This invite was revoked']);

    const rows = await t.platform.db
      .select()
      .from(projectMembers)
      .where(eq(projectMembers.projectId, project.id));
    expect(rows.map((r) => r.userId)).toEqual([lead.userId]);
  });

  it('inviting: project admins and team owner/admins; plain members are FORBIDDEN; members are a CONFLICT', async () => {
    const project = await newProject('Who invites');
    const url = `/api/account/projects/${project.id}/invites`;
    await invite(project.id, owner, 'from.owner@example.com');
    await invite(project.id, teamAdmin, 'from.admin@example.com');
    const asMember = await signUpUser(t.app);
    await t.platform.db.insert(projectMembers).values({ projectId: project.id, userId: asMember.userId });
    const refused = await call('POST', url, asMember, { email: 'x@example.com' });
    expect(refused.statusCode).toBe(403);
    const existing = await call('POST', url, lead, { email: asMember.email });
    expect(existing.statusCode).toBe(409);
    expect(existing.json().fields).toEqual({ email: 'This person is already a member of the project' });
    const pending = (await call('GET', `/api/account/projects/${project.id}/members`, asMember)).json()
      .invites;
    expect(pending.map((i: { email: string }) => i.email).sort()).toEqual([
      'from.admin@example.com',
      'from.owner@example.com',
    ]);
  });

  it('removing: managers remove anyone, members only themselves', async () => {
    const project = await newProject('Removals');
    const [a, b] = await Promise.all([signUpUser(t.app), signUpUser(t.app)]);
    await t.platform.db.insert(projectMembers).values([
      { projectId: project.id, userId: a.userId },
      { projectId: project.id, userId: b.userId },
    ]);
    const url = (user: User) => `/api/account/projects/${project.id}/members/${user.userId}`;
    expect((await call('DELETE', url(b), a)).statusCode).toBe(403);
    expect((await call('DELETE', url(a), a)).json()).toEqual({ removed: true });
    expect((await call('GET', `/api/account/projects/${project.id}`, a)).statusCode).toBe(404);
    expect((await call('DELETE', url(b), teamAdmin)).json()).toEqual({ removed: true });
    expect((await call('DELETE', url(b), lead)).statusCode).toBe(404);
  });

  it.each([
    ['/invites', { email: 'nope' }, 'email'],
    ['/invites', { email: 'ok@example.com', role: 'owner' }, 'role'],
    ['preview', { token: '' }, 'token'],
    ['accept', { token: 'has spaces in it' }, 'token'],
  ] as const)(
    'POST %s %o is a VALIDATION_ERROR naming %s and changes nothing',
    async (where, payload, field) => {
      const project = await newProject('Bad input');
      const url = where.startsWith('/')
        ? `/api/account/projects/${project.id}${where}`
        : `/api/account/project-invites/${where}`;
      const res = await call('POST', url, lead, payload);
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().fields)).toContain(field);
      expect(
        await t.platform.db.select().from(projectInvites).where(eq(projectInvites.projectId, project.id)),
      ).toEqual([]);
    },
  );
});
