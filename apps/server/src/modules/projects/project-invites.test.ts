import {
  acceptProjectInvite,
  inviteProjectMember,
  listProjectMembers,
  previewProjectInvite,
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
import { postSendVerificationCode, postVerifyEmail } from '@app/contract/account/security/email';
import { listTeamMembers } from '@app/contract/account/teams/team-members';
import { createTeam, switchCurrentTeam } from '@app/contract/account/teams/teams';
import { getBasicInfos } from '@app/contract/user/get-basic-infos';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectInvites, projectMembers, teamMembers } from '../../db/schema';
import { callEndpoint, callEndpointRaw } from '../../test/call-endpoint';
import { mailText, startSmtpServer } from '../../test/smtp';
import { createTestApp, signUpUser, type TestApp } from '../../test/test-app';
import { markEmailVerified, signUpVerified, tokenOf } from '../teams/teams.test-helpers';

type User = Awaited<ReturnType<typeof signUpUser>>;

describe('project members and invites', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  /** Team "Acme" (owner, teamAdmin, teamMember) with a project led by its project admin `lead`. */
  let owner: User;
  let teamAdmin: User;
  let lead: User;
  let teamMember: User;
  let teamId: string;

  async function newProject(name = 'Launch') {
    return (await callEndpoint(t.app, createProject, { as: lead, body: { name } })).ok().project;
  }

  const inviteCall = (projectId: string, by: User, email: string, role?: 'admin' | 'member') =>
    callEndpoint(t.app, inviteProjectMember, { as: by, params: { id: projectId }, body: { email, role } });
  async function invite(projectId: string, by: User, email: string, role: 'admin' | 'member' = 'member') {
    return (await inviteCall(projectId, by, email, role)).ok();
  }

  const accept = (user: User, token: string) =>
    callEndpoint(t.app, acceptProjectInvite, { as: user, body: { token } });
  const preview = (user: User, token: string) =>
    callEndpoint(t.app, previewProjectInvite, { as: user, body: { token } });
  const switchTo = (user: User, teamId: string) =>
    callEndpoint(t.app, switchCurrentTeam, { as: user, body: { team_id: teamId } });
  const membersOf = async (projectId: string, as: User) =>
    (await callEndpoint(t.app, listProjectMembers, { as, params: { id: projectId } })).ok();

  async function currentTeamId(user: User) {
    return (await callEndpoint(t.app, getBasicInfos, { as: user })).ok().team.id;
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
    teamId = (await callEndpoint(t.app, createTeam, { as: owner, body: { name: 'Acme' } })).ok().team.id;
    await t.platform.db.insert(teamMembers).values([
      { teamId, userId: teamAdmin.userId, role: 'admin' },
      { teamId, userId: lead.userId, role: 'member' },
      { teamId, userId: teamMember.userId, role: 'member' },
    ]);
    for (const user of [owner, teamAdmin, lead]) {
      await switchTo(user, teamId);
    }
    // Invitees accept only with a verified address (the code flow is tested below).
    await markEmailVerified(t, teamMember);
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('an outsider accepts by mail and joins the project only, as a guest', async () => {
    const project = await newProject('Guest room');
    const guest = await signUpVerified(t, { name: 'Guest' });
    const guestHome = await currentTeamId(guest);
    const answer = await invite(project.id, lead, guest.email, 'admin');
    expect(answer).toMatchObject({ sent: true, reason: null });
    expect(answer.link).toMatch(/\/projects\/accept-invite\?token=[A-Za-z0-9_-]{43}$/);
    const mail = smtp.inbox.find((m) => m.to.includes(guest.email));
    const text = mailText(mail?.raw ?? '');
    expect(text).toContain('Lead invited you to the project "Guest room" of the team "Acme"');
    expect(text).toContain(answer.link);

    const token = tokenOf(answer.link);
    expect((await preview(guest, token)).ok()).toMatchObject({
      project_name: 'Guest room',
      team_name: 'Acme',
      inviter_name: 'Lead',
      role: 'admin',
      state: 'valid',
      email_matches: true,
      email_verified: true,
      already_member: false,
    });
    const accepted = await accept(guest, token);
    expect(accepted.ok().project).toMatchObject({
      id: project.id,
      my_role: 'admin',
      guest: true,
      can_manage: true,
    });
    expect((await accept(guest, token)).error().msg).toBe('This invite has already been used');

    // Not in the team, still working in their own team, reaching the project as shared with them.
    const inTeam = await t.platform.db
      .select()
      .from(teamMembers)
      .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, guest.userId)));
    expect(inTeam).toEqual([]);
    expect(await currentTeamId(guest)).toBe(guestHome);
    expect((await callEndpoint(t.app, listTeamMembers, { as: guest, params: { id: teamId } })).status).toBe(
      404,
    );
    expect((await switchTo(guest, teamId)).status).toBe(404);
    const shared = (await callEndpoint(t.app, listProjects, { as: guest, query: { scope: 'shared' } })).ok();
    expect(shared.items.map((p) => p.id)).toEqual([project.id]);
    expect((await callEndpoint(t.app, listProjects, { as: guest })).ok().total).toBe(0);
    expect((await callEndpoint(t.app, getProject, { as: guest, params: { id: project.id } })).status).toBe(
      200,
    );
    // A guest admin manages the project but never deletes a team's project.
    const edited = await callEndpoint(t.app, updateProject, {
      as: guest,
      params: { id: project.id },
      body: { description: 'Edited' },
    });
    expect(edited.status).toBe(200);
    const deletion = await callEndpoint(t.app, deleteProject, { as: guest, params: { id: project.id } });
    expect(deletion.status).toBe(403);

    const { members } = await membersOf(project.id, lead);
    expect(members.map((m) => [m.username, m.role, m.guest])).toEqual([
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
    expect(res.ok().project).toMatchObject({
      id: project.id,
      my_role: 'member',
      guest: false,
      can_manage: false,
    });
    expect(await currentTeamId(teamMember)).toBe(teamId);
    await switchTo(teamMember, personal);
  });

  it('a stranger who signs up, unverified, with the invited address cannot accept; after verifying by code they can', async () => {
    const project = await newProject('Verified only');
    const address = `project-stranger-${Date.now().toString(36)}@example.com`;
    const token = tokenOf((await invite(project.id, lead, address, 'admin')).link);
    const stranger = await signUpUser(t.app, { email: address });
    expect((await preview(stranger, token)).ok()).toMatchObject({
      email_matches: true,
      email_verified: false,
    });

    const refused = await accept(stranger, token);
    expect(refused.status).toBe(403);
    expect(refused.error()).toMatchObject({
      error_code: 'FORBIDDEN',
      msg: 'Verify your e-mail address to accept this invite',
    });
    const members = () =>
      t.platform.db.select().from(projectMembers).where(eq(projectMembers.projectId, project.id));
    expect((await members()).map((r) => r.userId)).toEqual([lead.userId]);

    const sent = await callEndpoint(t.app, postSendVerificationCode, { as: stranger });
    expect(sent.ok()).toMatchObject({ sent: true });
    const mail = smtp.inbox
      .filter((m) => m.to.includes(address) && /code is \d{6}/.test(mailText(m.raw)))
      .at(-1);
    const code = /code is (\d{6})/.exec(mailText(mail?.raw ?? ''))?.[1] ?? '';
    const verified = await callEndpoint(t.app, postVerifyEmail, { as: stranger, body: { code } });
    expect(verified.status, verified.text).toBe(200);

    const accepted = await accept(stranger, token);
    expect(accepted.ok().project).toMatchObject({ id: project.id, my_role: 'admin', guest: true });
  });

  it('wrong user, expired and revoked invites are refused and change nothing', async () => {
    const project = await newProject('Refusals');
    const rightOne = await signUpUser(t.app);
    const wrongOne = await signUpUser(t.app);
    const wrong = await accept(wrongOne, tokenOf((await invite(project.id, lead, rightOne.email)).link));
    expect(wrong.status).toBe(403);

    const expired = await invite(project.id, lead, 'late@example.com');
    await t.platform.db
      .update(projectInvites)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(projectInvites.id, expired.invite.id));
    const late = await signUpUser(t.app, { email: 'late@example.com' });
    const lateRes = await accept(late, tokenOf(expired.link));
    expect([lateRes.status, lateRes.error().msg]).toEqual([
      409,
      'This invite has expired; ask for a new one',
    ]);

    const revoked = await invite(project.id, lead, rightOne.email);
    const revocation = await callEndpoint(t.app, revokeProjectInvite, {
      as: lead,
      params: { id: project.id, invite_id: revoked.invite.id },
    });
    expect(revocation.ok()).toEqual({ revoked: true });
    const revokedRes = await accept(rightOne, tokenOf(revoked.link));
    expect([revokedRes.status, revokedRes.error().msg]).toEqual([409, 'This invite was revoked']);

    const rows = await t.platform.db
      .select()
      .from(projectMembers)
      .where(eq(projectMembers.projectId, project.id));
    expect(rows.map((r) => r.userId)).toEqual([lead.userId]);
  });

  it('inviting: project admins and team owner/admins; plain members are FORBIDDEN; members are a CONFLICT', async () => {
    const project = await newProject('Who invites');
    await invite(project.id, owner, 'from.owner@example.com');
    await invite(project.id, teamAdmin, 'from.admin@example.com');
    const asMember = await signUpUser(t.app);
    await t.platform.db.insert(projectMembers).values({ projectId: project.id, userId: asMember.userId });
    const refused = await inviteCall(project.id, asMember, 'x@example.com');
    expect(refused.status).toBe(403);
    const existing = await inviteCall(project.id, lead, asMember.email);
    expect(existing.status).toBe(409);
    expect(existing.error().fields).toEqual({ email: 'This person is already a member of the project' });
    const pending = (await membersOf(project.id, asMember)).invites;
    expect(pending.map((i) => i.email).sort()).toEqual(['from.admin@example.com', 'from.owner@example.com']);
  });

  it('removing: managers remove anyone, members only themselves', async () => {
    const project = await newProject('Removals');
    const [a, b] = await Promise.all([signUpUser(t.app), signUpUser(t.app)]);
    await t.platform.db.insert(projectMembers).values([
      { projectId: project.id, userId: a.userId },
      { projectId: project.id, userId: b.userId },
    ]);
    const remove = (as: User, user: User) =>
      callEndpoint(t.app, removeProjectMember, { as, params: { id: project.id, user_id: user.userId } });
    expect((await remove(a, b)).status).toBe(403);
    expect((await remove(a, a)).ok()).toEqual({ removed: true });
    expect((await callEndpoint(t.app, getProject, { as: a, params: { id: project.id } })).status).toBe(404);
    expect((await remove(teamAdmin, b)).ok()).toEqual({ removed: true });
    expect((await remove(lead, b)).status).toBe(404);
  });

  // Bodies the contract refuses, sent on purpose (callEndpointRaw).
  it.each([
    ['invite', { email: 'nope' }, 'email'],
    ['invite', { email: 'ok@example.com', role: 'owner' }, 'role'],
    ['preview', { token: '' }, 'token'],
    ['accept', { token: 'has spaces in it' }, 'token'],
  ] as const)('%s %o is a VALIDATION_ERROR naming %s and changes nothing', async (where, body, field) => {
    const project = await newProject('Bad input');
    const endpoint = {
      invite: inviteProjectMember,
      preview: previewProjectInvite,
      accept: acceptProjectInvite,
    }[where];
    const res = await callEndpointRaw(t.app, endpoint, { as: lead, params: { id: project.id }, body });
    expect(res.status).toBe(400);
    expect(Object.keys(res.error().fields ?? {})).toContain(field);
    expect(
      await t.platform.db.select().from(projectInvites).where(eq(projectInvites.projectId, project.id)),
    ).toEqual([]);
  });
});
