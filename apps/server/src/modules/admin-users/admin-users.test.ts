import { getAdminUserDetails } from '@app/contract/admin/users/get-user-details';
import { listAdminUsers } from '@app/contract/admin/users/list-users';
import {
  banAdminUser,
  resetAdminUserPassword,
  setAdminUserRole,
  signOutAdminUser,
  unbanAdminUser,
} from '@app/contract/admin/users/user-actions';
import { postResetPassword } from '@app/contract/auth/reset-password';
import { postSignIn } from '@app/contract/auth/sign-in';
import type { EndpointQuery } from '@app/contract/define-endpoint';
import { getBasicInfos } from '@app/contract/user/get-basic-infos';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailLogs, operationRecords, users } from '../../db/schema';
import { readVersion } from '../../platform/versions';
import { type Caller, callEndpoint, callEndpointRaw } from '../../test/call-endpoint';
import { mailText, startSmtpServer } from '../../test/smtp';
import { createTestApp, signInAdmin, signUpUser, type TestApp } from '../../test/test-app';

describe('admin users', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let admin: Caller;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp({ SMTP_URL: smtp.url });
    admin = await signInAdmin(t.app);
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const list = async (query: EndpointQuery<typeof listAdminUsers>) =>
    (await callEndpoint(t.app, listAdminUsers, { as: admin, query })).ok();
  const setRole = (id: string, role: string, as: Caller = admin) =>
    callEndpoint(t.app, setAdminUserRole, { as, params: { id }, body: { role } });
  const ban = (id: string, reason: string, as: Caller = admin) =>
    callEndpoint(t.app, banAdminUser, { as, params: { id }, body: { reason } });
  const signIn = (email: string, password: string) =>
    callEndpoint(t.app, postSignIn, { body: { email, password } });
  const me = (as: Caller) => callEndpoint(t.app, getBasicInfos, { as });
  const mailsTo = async (email: string) =>
    (await t.platform.db.select().from(emailLogs).where(eq(emailLogs.to, email))).length;
  const records = (targetId: string) =>
    t.platform.db
      .select()
      .from(operationRecords)
      .where(and(eq(operationRecords.targetType, 'user'), eq(operationRecords.targetId, targetId)));

  it('lists users with paging, search and filters', async () => {
    const ann = await signUpUser(t.app, { name: 'Ann Search', email: 'ann.search@example.com' });
    await signUpUser(t.app, { name: 'Bob Other' });
    const page = await list({ page: 1, page_size: 10, q: 'ann.search' });
    expect(page).toMatchObject({ total: 1, page: 1, page_size: 10 });
    expect(page.items[0]).toMatchObject({
      id: ann.userId,
      email: 'ann.search@example.com',
      role: 'user',
      banned: false,
    });

    const admins = await list({
      filters: JSON.stringify([{ field: 'role', operator: 'eq', value: 'super_admin' }]),
    });
    expect(admins.items.map((u) => u.role)).toEqual(['super_admin']);
    const from = Math.floor(Date.now() / 1000) - 3600;
    const recent = await list({
      filters: JSON.stringify([
        { field: 'created_at', operator: 'between', value: `${from};${from + 7200}` },
      ]),
    });
    expect(recent.total).toBeGreaterThanOrEqual(3);
  });

  it('custom page size 1 becomes 2; a negative size is made absolute', async () => {
    await signUpUser(t.app);
    expect((await list({ page_size: 1 })).page_size).toBe(2);
    expect((await list({ page_size: 1 })).items).toHaveLength(2);
    expect((await list({ page_size: -20 })).page_size).toBe(20);
    expect((await list({ page_size: 7.9 })).page_size).toBe(7);
  });

  const filter = (field: string, operator: string, value: string) =>
    JSON.stringify([{ field, operator, value }]);
  // Queries the contract refuses (text a client could send, but not a list it knows), on purpose.
  it.each([
    ['filters', { filters: 'not json' }],
    ['filters', { filters: filter('password', 'eq', 'x') }],
    ['filters', { filters: filter('banned', 'eq', 'maybe') }],
    ['filters', { filters: filter('created_at', 'between', 'x;y') }],
    ['sort', { sort: 'password' }],
    ['sort', { sort: 'DROP TABLE' }],
    ['page', { page: 0 }],
  ])('bad list input is a VALIDATION_ERROR naming %s', async (field, query) => {
    const res = await callEndpointRaw(t.app, listAdminUsers, { as: admin, query });
    expect(res.status).toBe(400);
    expect(Object.keys(res.error().fields ?? {})).toContain(field);
  });

  it('details show profile, teams, sessions and recent operations', async () => {
    const user = await signUpUser(t.app, { name: 'Dee' });
    await setRole(user.userId, 'operator');
    const details = (id: string) => callEndpoint(t.app, getAdminUserDetails, { as: admin, params: { id } });
    const body = (await details(user.userId)).ok();
    expect(body.user).toMatchObject({ username: 'Dee', role: 'operator', role_name: 'Operator' });
    expect(body.teams).toEqual([expect.objectContaining({ personal: true, role: 'owner' })]);
    expect(body.sessions.length).toBe(1);
    expect(body.operations[0]).toMatchObject({
      action: 'user.role.update',
      before: { role: 'user' },
      after: { role: 'operator' },
    });
    expect((await details('no-such-user')).status).toBe(404);
  });

  it('changing a role writes an operation record with actor, before, after, IP and result, and bumps the permission version', async () => {
    const user = await signUpUser(t.app);
    const before = await readVersion(t.platform.db, 'permission');
    const res = await setRole(user.userId, 'admin');
    expect(res.ok().user.role).toBe('admin');
    const [record] = await records(user.userId);
    expect(record).toMatchObject({
      actorEmail: 'root@example.com',
      action: 'user.role.update',
      before: { role: 'user' },
      after: { role: 'admin' },
      result: 'success',
      ip: '127.0.0.1',
    });
    expect(await readVersion(t.platform.db, 'permission')).toBe(before + 1);
    // The new role takes effect on the next request.
    expect((await callEndpoint(t.app, listAdminUsers, { as: user })).status).toBe(200);
  });

  it('an unknown role is a VALIDATION_ERROR and changes nothing', async () => {
    const user = await signUpUser(t.app);
    const res = await setRole(user.userId, 'wizard');
    expect(res.status).toBe(400);
    expect(res.error().fields).toHaveProperty('role');
    const [row] = await t.platform.db
      .select({ role: users.role })
      .from(users)
      .where(eq(users.id, user.userId));
    expect(row?.role).toBe('user');
    const [record] = await records(user.userId);
    expect(record?.result).toBe('failure');
  });

  it('only a super admin grants super admin; an admin is refused', async () => {
    const promoter = await signUpUser(t.app);
    await t.platform.db.update(users).set({ role: 'admin' }).where(eq(users.id, promoter.userId));
    const target = await signUpUser(t.app);
    const res = await setRole(target.userId, 'super_admin', promoter);
    expect(res.status).toBe(403);
    expect((await setRole(target.userId, 'super_admin')).status).toBe(200);
    // An admin cannot demote or ban that super admin either.
    expect((await setRole(target.userId, 'user', promoter)).status).toBe(403);
    expect((await ban(target.userId, 'x', promoter)).status).toBe(403);
    expect((await setRole(target.userId, 'user')).status).toBe(200);
  });

  it('an admin cannot take any action on a super admin: every action of the users API is refused and nothing happens', async () => {
    const actor = await signUpUser(t.app);
    await t.platform.db.update(users).set({ role: 'admin' }).where(eq(users.id, actor.userId));
    const target = await signUpUser(t.app);
    await t.platform.db.update(users).set({ role: 'super_admin' }).where(eq(users.id, target.userId));
    // Every action there is, read from the registry: a new one is covered the day it is added.
    const actions = t.platform.registry
      .all()
      .filter((e) => e.path.startsWith(`${listAdminUsers.path}/{id}/`) && e.method !== 'GET');
    expect(actions.map((e) => e.id).sort()).toEqual(
      [banAdminUser, resetAdminUserPassword, signOutAdminUser, unbanAdminUser, setAdminUserRole]
        .map((e) => e.id)
        .sort(),
    );
    const mailsBefore = await mailsTo(target.email);
    for (const action of actions) {
      // One body that fits every action (each reads what it needs), sent through the registry's own endpoint.
      const res = await callEndpointRaw(t.app, action, {
        as: actor,
        params: { id: target.userId },
        body: { role: 'user', reason: 'Because' },
      });
      expect([action.id, res.status, res.error().error_code]).toEqual([action.id, 403, 'FORBIDDEN']);
    }
    // The super admin is untouched: still signed in, same role, not banned, no mail sent.
    expect((await me(target)).status).toBe(200);
    const [after] = await t.platform.db.select().from(users).where(eq(users.id, target.userId));
    expect(after).toMatchObject({ role: 'super_admin', banned: false });
    expect(await mailsTo(target.email)).toBe(mailsBefore);
    await t.platform.db.update(users).set({ role: 'user' }).where(eq(users.id, target.userId));
  });

  it('the last super admin cannot be demoted', async () => {
    const [root] = await t.platform.db.select().from(users).where(eq(users.email, 'root@example.com'));
    const others = await t.platform.db.select().from(users).where(eq(users.role, 'super_admin'));
    expect(others.map((u) => u.email)).toEqual(['root@example.com']);
    const res = await setRole(root?.id ?? '', 'admin');
    expect(res.status).toBe(409);
    expect(res.error().msg).toBe('The last super admin cannot be removed or demoted');
  });

  it('a ban ends the sessions at once, refuses sign-in, and an unban lets the user back', async () => {
    const user = await signUpUser(t.app);
    const banned = await ban(user.userId, 'Spam');
    expect(banned.ok().user).toMatchObject({ banned: true, ban_reason: 'Spam' });
    expect((await me(user)).status).toBe(401);
    const refused = await signIn(user.email, user.password);
    expect(refused.status).toBe(403);
    expect(refused.error().msg).toBe('This account is banned');

    const unbanned = await callEndpoint(t.app, unbanAdminUser, { as: admin, params: { id: user.userId } });
    expect(unbanned.ok().user.banned).toBe(false);
    const again = await signIn(user.email, user.password);
    expect(again.status).toBe(200);
    const actions = (await records(user.userId)).map((r) => r.action);
    expect(actions).toEqual(expect.arrayContaining(['user.ban', 'user.unban']));
  });

  it('a ban needs a reason', async () => {
    const user = await signUpUser(t.app);
    const res = await ban(user.userId, '  ');
    expect(res.status).toBe(400);
    expect(res.error().fields).toHaveProperty('reason');
  });

  it('force sign-out ends every session of the user', async () => {
    const user = await signUpUser(t.app);
    await signIn(user.email, user.password);
    const res = await callEndpoint(t.app, signOutAdminUser, { as: admin, params: { id: user.userId } });
    expect(res.ok()).toEqual({ revoked: 2 });
    expect((await me(user)).status).toBe(401);
  });

  it('reset password mails a single-use link that sets a new password', async () => {
    const user = await signUpUser(t.app, { email: 'reset.me@example.com' });
    const res = await callEndpoint(t.app, resetAdminUserPassword, { as: admin, params: { id: user.userId } });
    expect(res.ok()).toEqual({ sent: true, reason: null });
    const mail = smtp.inbox.find((m) => m.to.includes('reset.me@example.com'));
    const token = /reset-password\?token=([\w-]+)/.exec(mailText(mail?.raw ?? ''))?.[1] ?? '';
    expect(token).toBeTruthy();

    const reset = (newPassword: string) =>
      callEndpoint(t.app, postResetPassword, { body: { token, newPassword } });
    expect((await reset('brand-new-pass-9')).status).toBe(200);
    const reused = await reset('another-pass-9');
    expect(reused.status).toBe(400);
    expect(reused.error().fields).toHaveProperty('token');
    expect((await signIn(user.email, 'brand-new-pass-9')).status).toBe(200);
  });
});

describe('admin users without SMTP', () => {
  it('reset password answers plainly that nothing was sent, and why, in the admin’s language', async () => {
    const t = await createTestApp();
    const admin = await signInAdmin(t.app);
    const user = await signUpUser(t.app);
    const res = await callEndpoint(t.app, resetAdminUserPassword, { as: admin, params: { id: user.userId } });
    expect(res.ok()).toEqual({
      sent: false,
      reason: 'This server cannot send e-mail yet: an administrator has to set up mail first.',
    });
    // In the admin's language, as every message of the console.
    const chinese = await callEndpoint(t.app, resetAdminUserPassword, {
      as: admin,
      params: { id: user.userId },
      headers: { 'accept-language': 'zh-CN' },
    });
    expect(chinese.ok().reason).toMatch(/[\u4e00-\u9fff]/);
    await t.close();
  });
});
