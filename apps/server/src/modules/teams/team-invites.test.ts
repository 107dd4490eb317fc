import { createHash } from 'node:crypto';
import { postSendVerificationCode, postVerifyEmail } from '@app/contract/account/security/email';
import {
  acceptTeamInvite,
  inviteTeamMember,
  previewTeamInvite,
  revokeTeamInvite,
} from '@app/contract/account/teams/team-invites';
import { listTeamMembers } from '@app/contract/account/teams/team-members';
import { createTeam } from '@app/contract/account/teams/teams';
import { getBasicInfos } from '@app/contract/user/get-basic-infos';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { teamInvites, teamMembers } from '../../db/schema';
import { callEndpoint, callEndpointRaw } from '../../test/call-endpoint';
import { mailBody, mailText, startSmtpServer } from '../../test/smtp';
import { createTestApp, signUpUser, type TestApp } from '../../test/test-app';
import { signUpVerified, tokenOf } from './teams.test-helpers';

type User = Awaited<ReturnType<typeof signUpUser>>;

describe('team invites by e-mail', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://app.example.com' });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  async function newTeam(owner: User, name = 'Acme') {
    return (await callEndpoint(t.app, createTeam, { as: owner, body: { name } })).ok().team;
  }

  const inviteCall = (teamId: string, by: User, email: string, role?: 'admin' | 'member') =>
    callEndpoint(t.app, inviteTeamMember, { as: by, params: { id: teamId }, body: { email, role } });
  async function invite(teamId: string, by: User, email: string, role: 'admin' | 'member' = 'member') {
    return (await inviteCall(teamId, by, email, role)).ok();
  }

  const preview = (user: User, token: string) =>
    callEndpoint(t.app, previewTeamInvite, { as: user, body: { token } });
  const accept = (user: User, token: string) =>
    callEndpoint(t.app, acceptTeamInvite, { as: user, body: { token } });
  const pendingInvites = async (teamId: string, as: User) =>
    (await callEndpoint(t.app, listTeamMembers, { as, params: { id: teamId } })).ok().invites;
  const revoke = (teamId: string, inviteId: string, as: User) =>
    callEndpoint(t.app, revokeTeamInvite, { as, params: { id: teamId, invite_id: inviteId } });

  async function isMember(teamId: string, user: User) {
    const rows = await t.platform.db
      .select()
      .from(teamMembers)
      .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, user.userId)));
    return rows.length === 1;
  }

  it("the invite mail is written in the inviter's language", async () => {
    const owner = await signUpUser(t.app, { name: '王芳' });
    const team = await newTeam(owner, '增长');
    const res = await callEndpoint(t.app, inviteTeamMember, {
      as: owner,
      headers: { 'accept-language': 'zh-CN' },
      params: { id: team.id },
      body: { email: 'guest-zh@example.com', role: 'member' },
    });
    expect(res.status, res.text).toBe(200);
    const mail = smtp.inbox.find((m) => m.to.includes('guest-zh@example.com'));
    const body = mailBody(mail?.raw ?? '');
    expect(body).toContain('王芳 邀请您以成员身份加入团队“增长”。');
    expect(body).toContain('7 天内有效');
  });

  it('the invite mail arrives with a link that works once and makes the team current', async () => {
    const owner = await signUpUser(t.app, { name: 'Olga Owner' });
    const bob = await signUpVerified(t, { name: 'Bob' });
    const team = await newTeam(owner, 'Rocket');
    const answer = await invite(team.id, owner, bob.email, 'admin');
    expect(answer).toMatchObject({
      sent: true,
      reason: null,
      invite: { email: bob.email, role: 'admin', state: 'valid' },
    });
    expect(answer.link).toMatch(
      /^https:\/\/app\.example\.com\/teams\/accept-invite\?token=[A-Za-z0-9_-]{43}$/,
    );

    const mail = smtp.inbox.find((m) => m.to.includes(bob.email));
    expect(mail).toBeDefined();
    const text = mailText(mail?.raw ?? '');
    expect(text).toContain('Olga Owner invited you to the team "Rocket"');
    const linkInMail = /https:\/\/app\.example\.com\/teams\/accept-invite\?token=[A-Za-z0-9_-]{43}/.exec(
      text,
    )?.[0];
    expect(linkInMail).toBe(answer.link);

    // Only the token's SHA-256 is kept.
    const token = tokenOf(answer.link);
    const [row] = await t.platform.db.select().from(teamInvites).where(eq(teamInvites.id, answer.invite.id));
    expect(row?.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(token);
    const expiresIn = (row?.expiresAt.getTime() ?? 0) - Date.now();
    expect(expiresIn).toBeGreaterThan(6.9 * 86400_000);
    expect(expiresIn).toBeLessThanOrEqual(7 * 86400_000);

    const seen = await preview(bob, token);
    expect(seen.ok()).toMatchObject({
      team_name: 'Rocket',
      inviter_name: 'Olga Owner',
      email: bob.email,
      role: 'admin',
      state: 'valid',
      email_matches: true,
      email_verified: true,
      already_member: false,
    });

    const accepted = await accept(bob, token);
    expect(accepted.ok().team).toMatchObject({
      id: team.id,
      role: 'admin',
      current: true,
      members_count: 2,
    });
    const infos = await callEndpoint(t.app, getBasicInfos, { as: bob });
    expect(infos.ok().team).toMatchObject({ id: team.id, role: 'admin' });

    const again = await accept(bob, token);
    expect(again.status).toBe(409);
    expect(again.error().msg).toBe('This invite has already been used');
    expect((await preview(bob, token)).ok()).toMatchObject({ state: 'used', already_member: true });
    // Accepted invites are no longer pending.
    expect(await pendingInvites(team.id, owner)).toEqual([]);
  });

  it('someone else signed in cannot accept: FORBIDDEN, and the invite stays usable by its addressee', async () => {
    const owner = await signUpUser(t.app);
    const carol = await signUpVerified(t);
    const mallory = await signUpUser(t.app);
    const team = await newTeam(owner);
    const token = tokenOf((await invite(team.id, owner, carol.email)).link);

    expect((await preview(mallory, token)).ok().email_matches).toBe(false);
    const refused = await accept(mallory, token);
    expect(refused.status).toBe(403);
    expect(refused.error().msg).toBe(
      'This invite was sent to another e-mail address; sign in with that address to accept it',
    );
    expect(await isMember(team.id, mallory)).toBe(false);
    expect((await accept(carol, token)).status).toBe(200);
    expect(await isMember(team.id, carol)).toBe(true);
  });

  /** The code in the newest mail to `to` that carries one ("Your code is 123456."). */
  async function codeMailedTo(to: string): Promise<string> {
    for (let i = 0; i < 50; i++) {
      const mail = smtp.inbox
        .filter((m) => m.to.includes(to) && /code is \d{6}/.test(mailText(m.raw)))
        .at(-1);
      const code = mail ? /code is (\d{6})/.exec(mailText(mail.raw))?.[1] : undefined;
      if (code) return code;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error(`no code mailed to ${to}`);
  }

  it('a stranger who signs up, unverified, with the invited address cannot accept; after verifying by code they can', async () => {
    const owner = await signUpUser(t.app);
    const team = await newTeam(owner, 'Vault');
    const address = `invited-admin-${Date.now().toString(36)}@example.com`;
    const token = tokenOf((await invite(team.id, owner, address, 'admin')).link);
    // Anyone may sign up with any address: that alone proves nothing.
    const stranger = await signUpUser(t.app, { email: address });
    expect((await preview(stranger, token)).ok()).toMatchObject({
      email_matches: true,
      email_verified: false,
      state: 'valid',
    });

    const refused = await accept(stranger, token);
    expect(refused.status).toBe(403);
    expect(refused.error()).toMatchObject({
      error_code: 'FORBIDDEN',
      msg: 'Verify your e-mail address to accept this invite',
    });
    expect(await isMember(team.id, stranger)).toBe(false);
    expect((await preview(stranger, token)).ok().state).toBe('valid');

    // Reading the code mailed to the address is the proof.
    const sent = await callEndpoint(t.app, postSendVerificationCode, { as: stranger });
    expect(sent.ok()).toMatchObject({ sent: true });
    const verified = await callEndpoint(t.app, postVerifyEmail, {
      as: stranger,
      body: { code: await codeMailedTo(address) },
    });
    expect(verified.status, verified.text).toBe(200);
    expect((await preview(stranger, token)).ok()).toMatchObject({
      email_matches: true,
      email_verified: true,
    });

    const accepted = await accept(stranger, token);
    expect(accepted.ok().team).toMatchObject({ id: team.id, role: 'admin' });
  });

  it("the refusal is in the reader's language", async () => {
    const owner = await signUpUser(t.app);
    const team = await newTeam(owner);
    const kim = await signUpUser(t.app);
    const token = tokenOf((await invite(team.id, owner, kim.email)).link);
    const res = await callEndpoint(t.app, acceptTeamInvite, {
      as: kim,
      headers: { 'accept-language': 'zh-CN' },
      body: { token },
    });
    expect(res.error().msg).toBe('请先验证您的邮箱地址，再接受此邀请');
  });

  it('the invited address is compared without case', async () => {
    const owner = await signUpUser(t.app);
    const dana = await signUpVerified(t, { email: 'dana.case@example.com' });
    const team = await newTeam(owner);
    const answer = await invite(team.id, owner, 'Dana.CASE@Example.com');
    expect(answer.invite.email).toBe('dana.case@example.com');
    expect((await accept(dana, tokenOf(answer.link))).status).toBe(200);
  });

  it('an expired invite is refused with CONFLICT and shows as expired', async () => {
    const owner = await signUpUser(t.app);
    const erin = await signUpUser(t.app);
    const team = await newTeam(owner);
    const answer = await invite(team.id, owner, erin.email);
    await t.platform.db
      .update(teamInvites)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(teamInvites.id, answer.invite.id));
    const token = tokenOf(answer.link);
    expect((await preview(erin, token)).ok().state).toBe('expired');
    const res = await accept(erin, token);
    expect(res.status).toBe(409);
    expect(res.error().msg).toBe('This invite has expired; ask for a new one');
    expect(await isMember(team.id, erin)).toBe(false);
    const pending = await pendingInvites(team.id, owner);
    expect(pending).toEqual([expect.objectContaining({ id: answer.invite.id, state: 'expired' })]);
  });

  it('revoking: owner and admins may, members may not; a revoked link is refused', async () => {
    const owner = await signUpUser(t.app);
    const member = await signUpUser(t.app);
    const fay = await signUpUser(t.app);
    const team = await newTeam(owner);
    await t.platform.db
      .insert(teamMembers)
      .values({ teamId: team.id, userId: member.userId, role: 'member' });
    const answer = await invite(team.id, owner, fay.email);
    const byMember = await revoke(team.id, answer.invite.id, member);
    expect(byMember.status).toBe(403);
    expect((await revoke(team.id, 'nope', owner)).status).toBe(404);
    expect((await revoke(team.id, answer.invite.id, owner)).ok()).toEqual({ revoked: true });

    const token = tokenOf(answer.link);
    expect((await preview(fay, token)).ok().state).toBe('revoked');
    const res = await accept(fay, token);
    expect(res.status).toBe(409);
    expect(res.error().msg).toBe('This invite was revoked');
    expect(await pendingInvites(team.id, owner)).toEqual([]);
  });

  it('an accepted invite cannot be revoked', async () => {
    const owner = await signUpUser(t.app);
    const gus = await signUpVerified(t);
    const team = await newTeam(owner);
    const answer = await invite(team.id, owner, gus.email);
    await accept(gus, tokenOf(answer.link));
    const res = await revoke(team.id, answer.invite.id, owner);
    expect(res.status).toBe(409);
  });

  it('a new invite to the same address replaces the pending one', async () => {
    const owner = await signUpUser(t.app);
    const hal = await signUpVerified(t);
    const team = await newTeam(owner);
    const first = await invite(team.id, owner, hal.email, 'member');
    const second = await invite(team.id, owner, hal.email, 'admin');
    const pending = await pendingInvites(team.id, owner);
    expect(pending.map((i) => i.id)).toEqual([second.invite.id]);
    expect((await accept(hal, tokenOf(first.link))).status).toBe(409);
    expect((await accept(hal, tokenOf(second.link))).ok().team.role).toBe('admin');
  });

  it('only the owner and admins invite; members are refused and existing members are a CONFLICT', async () => {
    const owner = await signUpUser(t.app);
    const admin = await signUpUser(t.app);
    const member = await signUpUser(t.app);
    const team = await newTeam(owner);
    await t.platform.db.insert(teamMembers).values([
      { teamId: team.id, userId: admin.userId, role: 'admin' },
      { teamId: team.id, userId: member.userId, role: 'member' },
    ]);
    expect((await inviteCall(team.id, admin, 'new.one@example.com', 'admin')).status).toBe(200);
    const byMember = await inviteCall(team.id, member, 'new.two@example.com');
    expect(byMember.status).toBe(403);
    expect(byMember.error().msg).toBe('Only the owner or an admin may invite or revoke invites');
    const existing = await inviteCall(team.id, owner, member.email.toUpperCase());
    expect(existing.status).toBe(409);
    expect(existing.error().fields).toEqual({ email: 'This person is already a member of the team' });
    const rows = await t.platform.db.select().from(teamInvites).where(eq(teamInvites.teamId, team.id));
    expect(rows.map((r) => r.email)).toEqual(['new.one@example.com']);
  });

  it('two accepts of one link at once: exactly one joins', async () => {
    const owner = await signUpUser(t.app);
    const jo = await signUpVerified(t);
    const team = await newTeam(owner);
    const token = tokenOf((await invite(team.id, owner, jo.email)).link);
    const results = await Promise.all([accept(jo, token), accept(jo, token), accept(jo, token)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    expect(await isMember(team.id, jo)).toBe(true);
  });

  it('someone already in the team cannot accept another invite to it', async () => {
    const owner = await signUpUser(t.app);
    const ivy = await signUpVerified(t);
    const team = await newTeam(owner);
    const first = await invite(team.id, owner, ivy.email);
    const token = tokenOf(first.link);
    await t.platform.db.insert(teamMembers).values({ teamId: team.id, userId: ivy.userId, role: 'member' });
    const res = await accept(ivy, token);
    expect(res.status).toBe(409);
    expect(res.error().msg).toBe('You are already a member of this team');
  });

  // Bodies the contract refuses, sent on purpose (callEndpointRaw).
  it.each([
    ['invite', { email: 'not-an-email', role: 'member' }, 'email'],
    ['invite', { email: '', role: 'member' }, 'email'],
    ['invite', { email: 'ok@example.com', role: 'owner' }, 'role'],
    ['preview', { token: 'short' }, 'token'],
    ['accept', { token: 'x'.repeat(44) }, 'token'],
    ['accept', {}, 'token'],
  ] as const)('%s %o is a VALIDATION_ERROR naming %s and changes nothing', async (where, body, field) => {
    const owner = await signUpUser(t.app);
    const team = await newTeam(owner);
    const endpoint = { invite: inviteTeamMember, preview: previewTeamInvite, accept: acceptTeamInvite }[
      where
    ];
    const res = await callEndpointRaw(t.app, endpoint, { as: owner, params: { id: team.id }, body });
    expect(res.status).toBe(400);
    expect(Object.keys(res.error().fields ?? {})).toContain(field);
    expect(await t.platform.db.select().from(teamInvites).where(eq(teamInvites.teamId, team.id))).toEqual([]);
  });

  it('an unknown token is NOT_FOUND', async () => {
    const user = await signUpUser(t.app);
    const token = 'A'.repeat(43);
    expect((await preview(user, token)).status).toBe(404);
    const res = await accept(user, token);
    expect(res.status).toBe(404);
    expect(res.error().msg).toBe('This invite link is not valid');
  });
});
