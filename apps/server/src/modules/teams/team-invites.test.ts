import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { teamInvites, teamMembers } from '../../db/schema';
import { mailBody, mailText, startSmtpServer } from '../../test/smtp';
import { createTestApp, signUpUser, type TestApp } from '../../test/test-app';
import { tokenOf } from './teams.test-helpers';

type User = Awaited<ReturnType<typeof signUpUser>>;
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

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

  const call = (method: Method, url: string, user?: User, payload?: object) =>
    t.app.inject({ method, url, headers: user?.auth ?? {}, ...(payload ? { payload } : {}) });

  async function newTeam(owner: User, name = 'Acme') {
    const res = await call('POST', '/api/account/teams', owner, { name });
    return res.json().team as { id: string; name: string };
  }

  async function invite(teamId: string, by: User, email: string, role: 'admin' | 'member' = 'member') {
    const res = await call('POST', `/api/account/teams/${teamId}/invites`, by, { email, role });
    expect(res.statusCode).toBe(200);
    return res.json() as {
      invite: { id: string; email: string; role: string; state: string };
      link: string;
      sent: boolean;
      reason: string | null;
    };
  }

  const preview = (user: User, token: string) =>
    call('POST', '/api/account/team-invites/preview', user, { token });
  const accept = (user: User, token: string) =>
    call('POST', '/api/account/team-invites/accept', user, { token });

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
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/account/teams/${team.id}/invites`,
      headers: { ...owner.auth, 'accept-language': 'zh-CN' },
      payload: { email: 'guest-zh@example.com', role: 'member' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const mail = smtp.inbox.find((m) => m.to.includes('guest-zh@example.com'));
    const body = mailBody(mail?.raw ?? '');
    expect(body).toContain('王芳 邀请您以成员身份加入团队“增长”。');
    expect(body).toContain('7 天内有效');
  });

  it('the invite mail arrives with a link that works once and makes the team current', async () => {
    const owner = await signUpUser(t.app, { name: 'Olga Owner' });
    const bob = await signUpUser(t.app, { name: 'Bob' });
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
    expect(seen.json()).toMatchObject({
      team_name: 'Rocket',
      inviter_name: 'Olga Owner',
      email: bob.email,
      role: 'admin',
      state: 'valid',
      email_matches: true,
      already_member: false,
    });

    const accepted = await accept(bob, token);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().team).toMatchObject({
      id: team.id,
      role: 'admin',
      current: true,
      members_count: 2,
    });
    const infos = await call('GET', '/api/user/basic-infos', bob);
    expect(infos.json().team).toMatchObject({ id: team.id, role: 'admin' });

    const again = await accept(bob, token);
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toBe('This invite has already been used');
    expect((await preview(bob, token)).json()).toMatchObject({ state: 'used', already_member: true });
    // Accepted invites are no longer pending.
    const members = await call('GET', `/api/account/teams/${team.id}/members`, owner);
    expect(members.json().invites).toEqual([]);
  });

  it('someone else signed in cannot accept: FORBIDDEN, and the invite stays usable by its addressee', async () => {
    const owner = await signUpUser(t.app);
    const carol = await signUpUser(t.app);
    const mallory = await signUpUser(t.app);
    const team = await newTeam(owner);
    const token = tokenOf((await invite(team.id, owner, carol.email)).link);

    expect((await preview(mallory, token)).json().email_matches).toBe(false);
    const refused = await accept(mallory, token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().msg).toBe(
      'This invite was sent to another e-mail address; sign in with that address to accept it',
    );
    expect(await isMember(team.id, mallory)).toBe(false);
    expect((await accept(carol, token)).statusCode).toBe(200);
    expect(await isMember(team.id, carol)).toBe(true);
  });

  it('the invited address is compared without case', async () => {
    const owner = await signUpUser(t.app);
    const dana = await signUpUser(t.app, { email: 'dana.case@example.com' });
    const team = await newTeam(owner);
    const answer = await invite(team.id, owner, 'Dana.CASE@Example.com');
    expect(answer.invite.email).toBe('dana.case@example.com');
    expect((await accept(dana, tokenOf(answer.link))).statusCode).toBe(200);
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
    expect((await preview(erin, token)).json().state).toBe('expired');
    const res = await accept(erin, token);
    expect(res.statusCode).toBe(409);
    expect(res.json().msg).toBe('This invite has expired; ask for a new one');
    expect(await isMember(team.id, erin)).toBe(false);
    const pending = (await call('GET', `/api/account/teams/${team.id}/members`, owner)).json().invites;
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
    const url = `/api/account/teams/${team.id}/invites/${answer.invite.id}`;

    const byMember = await call('DELETE', url, member);
    expect(byMember.statusCode).toBe(403);
    expect((await call('DELETE', `/api/account/teams/${team.id}/invites/nope`, owner)).statusCode).toBe(404);
    expect((await call('DELETE', url, owner)).json()).toEqual({ revoked: true });

    const token = tokenOf(answer.link);
    expect((await preview(fay, token)).json().state).toBe('revoked');
    const res = await accept(fay, token);
    expect(res.statusCode).toBe(409);
    expect(res.json().msg).toBe('This invite was revoked');
    expect((await call('GET', `/api/account/teams/${team.id}/members`, owner)).json().invites).toEqual([]);
  });

  it('an accepted invite cannot be revoked', async () => {
    const owner = await signUpUser(t.app);
    const gus = await signUpUser(t.app);
    const team = await newTeam(owner);
    const answer = await invite(team.id, owner, gus.email);
    await accept(gus, tokenOf(answer.link));
    const res = await call('DELETE', `/api/account/teams/${team.id}/invites/${answer.invite.id}`, owner);
    expect(res.statusCode).toBe(409);
  });

  it('a new invite to the same address replaces the pending one', async () => {
    const owner = await signUpUser(t.app);
    const hal = await signUpUser(t.app);
    const team = await newTeam(owner);
    const first = await invite(team.id, owner, hal.email, 'member');
    const second = await invite(team.id, owner, hal.email, 'admin');
    const pending = (await call('GET', `/api/account/teams/${team.id}/members`, owner)).json().invites;
    expect(pending.map((i: { id: string }) => i.id)).toEqual([second.invite.id]);
    expect((await accept(hal, tokenOf(first.link))).statusCode).toBe(409);
    expect((await accept(hal, tokenOf(second.link))).json().team.role).toBe('admin');
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
    const url = `/api/account/teams/${team.id}/invites`;
    expect((await call('POST', url, admin, { email: 'new.one@example.com', role: 'admin' })).statusCode).toBe(
      200,
    );
    const byMember = await call('POST', url, member, { email: 'new.two@example.com' });
    expect(byMember.statusCode).toBe(403);
    expect(byMember.json().msg).toBe('Only the owner or an admin may invite or revoke invites');
    const existing = await call('POST', url, owner, { email: member.email.toUpperCase() });
    expect(existing.statusCode).toBe(409);
    expect(existing.json().fields).toEqual({ email: 'This person is already a member of the team' });
    const rows = await t.platform.db.select().from(teamInvites).where(eq(teamInvites.teamId, team.id));
    expect(rows.map((r) => r.email)).toEqual(['new.one@example.com']);
  });

  it('two accepts of one link at once: exactly one joins', async () => {
    const owner = await signUpUser(t.app);
    const jo = await signUpUser(t.app);
    const team = await newTeam(owner);
    const token = tokenOf((await invite(team.id, owner, jo.email)).link);
    const results = await Promise.all([accept(jo, token), accept(jo, token), accept(jo, token)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    expect(await isMember(team.id, jo)).toBe(true);
  });

  it('someone already in the team cannot accept another invite to it', async () => {
    const owner = await signUpUser(t.app);
    const ivy = await signUpUser(t.app);
    const team = await newTeam(owner);
    const first = await invite(team.id, owner, ivy.email);
    const token = tokenOf(first.link);
    await t.platform.db.insert(teamMembers).values({ teamId: team.id, userId: ivy.userId, role: 'member' });
    const res = await accept(ivy, token);
    expect(res.statusCode).toBe(409);
    expect(res.json().msg).toBe('You are already a member of this team');
  });

  it.each([
    ['POST', '/invites', { email: 'not-an-email', role: 'member' }, 'email'],
    ['POST', '/invites', { email: '', role: 'member' }, 'email'],
    ['POST', '/invites', { email: 'ok@example.com', role: 'owner' }, 'role'],
    ['POST', 'preview', { token: 'short' }, 'token'],
    ['POST', 'accept', { token: 'x'.repeat(44) }, 'token'],
    ['POST', 'accept', {}, 'token'],
  ] as const)(
    '%s %s %o is a VALIDATION_ERROR naming %s and changes nothing',
    async (method, where, payload, field) => {
      const owner = await signUpUser(t.app);
      const team = await newTeam(owner);
      const url = where.startsWith('/')
        ? `/api/account/teams/${team.id}${where}`
        : `/api/account/team-invites/${where}`;
      const res = await call(method, url, owner, payload);
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().fields)).toContain(field);
      expect(await t.platform.db.select().from(teamInvites).where(eq(teamInvites.teamId, team.id))).toEqual(
        [],
      );
    },
  );

  it('an unknown token is NOT_FOUND', async () => {
    const user = await signUpUser(t.app);
    const token = 'A'.repeat(43);
    expect((await preview(user, token)).statusCode).toBe(404);
    const res = await accept(user, token);
    expect(res.statusCode).toBe(404);
    expect(res.json().msg).toBe('This invite link is not valid');
  });
});
