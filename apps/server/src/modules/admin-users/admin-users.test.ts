import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operationRecords, users } from '../../db/schema';
import { readVersion } from '../../platform/versions';
import { mailText, startSmtpServer } from '../../test/smtp';
import { createTestApp, signInAdmin, signUpUser, type TestApp } from '../../test/test-app';

describe('admin users', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let admin: { auth: Record<string, string> };
  const base = '/api/admin/users';

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp({ SMTP_URL: smtp.url });
    admin = await signInAdmin(t.app);
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const get = (url: string, headers = admin.auth) => t.app.inject({ method: 'GET', url, headers });
  const send = (method: 'POST' | 'PUT', url: string, payload: object = {}, headers = admin.auth) =>
    t.app.inject({ method, url, headers, payload });
  const records = (targetId: string) =>
    t.platform.db
      .select()
      .from(operationRecords)
      .where(and(eq(operationRecords.targetType, 'user'), eq(operationRecords.targetId, targetId)));

  it('lists users with paging, search and filters', async () => {
    const ann = await signUpUser(t.app, { name: 'Ann Search', email: 'ann.search@example.com' });
    await signUpUser(t.app, { name: 'Bob Other' });
    const page = await get(`${base}?page=1&page_size=10&q=ann.search`);
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ total: 1, page: 1, page_size: 10 });
    expect(page.json().items[0]).toMatchObject({
      id: ann.userId,
      email: 'ann.search@example.com',
      role: 'user',
      banned: false,
    });

    const admins = await get(
      `${base}?filters=${encodeURIComponent(JSON.stringify([{ field: 'role', operator: 'eq', value: 'super_admin' }]))}`,
    );
    expect(admins.json().items.map((u: { role: string }) => u.role)).toEqual(['super_admin']);
    const from = Math.floor(Date.now() / 1000) - 3600;
    const recent = await get(
      `${base}?filters=${encodeURIComponent(JSON.stringify([{ field: 'created_at', operator: 'between', value: `${from};${from + 7200}` }]))}`,
    );
    expect(recent.json().total).toBeGreaterThanOrEqual(3);
  });

  it('custom page size 1 becomes 2; a negative size is made absolute', async () => {
    await signUpUser(t.app);
    expect((await get(`${base}?page_size=1`)).json().page_size).toBe(2);
    expect((await get(`${base}?page_size=1`)).json().items).toHaveLength(2);
    expect((await get(`${base}?page_size=-20`)).json().page_size).toBe(20);
    expect((await get(`${base}?page_size=7.9`)).json().page_size).toBe(7);
  });

  it.each([
    ['filters', `filters=${encodeURIComponent('not json')}`],
    [
      'filters',
      `filters=${encodeURIComponent(JSON.stringify([{ field: 'password', operator: 'eq', value: 'x' }]))}`,
    ],
    [
      'filters',
      `filters=${encodeURIComponent(JSON.stringify([{ field: 'banned', operator: 'eq', value: 'maybe' }]))}`,
    ],
    [
      'filters',
      `filters=${encodeURIComponent(JSON.stringify([{ field: 'created_at', operator: 'between', value: 'x;y' }]))}`,
    ],
    ['sort', 'sort=password'],
    ['sort', 'sort=DROP TABLE'],
    ['page', 'page=0'],
  ])('bad list input is a VALIDATION_ERROR naming %s', async (field, query) => {
    const res = await get(`${base}?${query}`);
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fields)).toContain(field);
  });

  it('details show profile, teams, sessions and recent operations', async () => {
    const user = await signUpUser(t.app, { name: 'Dee' });
    await send('PUT', `${base}/${user.userId}/role`, { role: 'operator' });
    const res = await get(`${base}/${user.userId}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.user).toMatchObject({ username: 'Dee', role: 'operator', role_name: 'Operator' });
    expect(body.teams).toEqual([expect.objectContaining({ personal: true, role: 'owner' })]);
    expect(body.sessions.length).toBe(1);
    expect(body.operations[0]).toMatchObject({
      action: 'user.role.update',
      before: { role: 'user' },
      after: { role: 'operator' },
    });
    expect((await get(`${base}/no-such-user`)).statusCode).toBe(404);
  });

  it('changing a role writes an operation record with actor, before, after, IP and result, and bumps the permission version', async () => {
    const user = await signUpUser(t.app);
    const before = await readVersion(t.platform.db, 'permission');
    const res = await send('PUT', `${base}/${user.userId}/role`, { role: 'admin' });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.role).toBe('admin');
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
    expect((await get(base, user.auth)).statusCode).toBe(200);
  });

  it('an unknown role is a VALIDATION_ERROR and changes nothing', async () => {
    const user = await signUpUser(t.app);
    const res = await send('PUT', `${base}/${user.userId}/role`, { role: 'wizard' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toHaveProperty('role');
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
    const res = await send('PUT', `${base}/${target.userId}/role`, { role: 'super_admin' }, promoter.auth);
    expect(res.statusCode).toBe(403);
    expect((await send('PUT', `${base}/${target.userId}/role`, { role: 'super_admin' })).statusCode).toBe(
      200,
    );
    // An admin cannot demote or ban that super admin either.
    expect(
      (await send('PUT', `${base}/${target.userId}/role`, { role: 'user' }, promoter.auth)).statusCode,
    ).toBe(403);
    expect(
      (await send('POST', `${base}/${target.userId}/ban`, { reason: 'x' }, promoter.auth)).statusCode,
    ).toBe(403);
    expect((await send('PUT', `${base}/${target.userId}/role`, { role: 'user' })).statusCode).toBe(200);
  });

  it('the last super admin cannot be demoted', async () => {
    const [root] = await t.platform.db.select().from(users).where(eq(users.email, 'root@example.com'));
    const others = await t.platform.db.select().from(users).where(eq(users.role, 'super_admin'));
    expect(others.map((u) => u.email)).toEqual(['root@example.com']);
    const res = await send('PUT', `${base}/${root?.id}/role`, { role: 'admin' });
    expect(res.statusCode).toBe(409);
    expect(res.json().msg).toBe('The last super admin cannot be removed or demoted');
  });

  it('a ban ends the sessions at once, refuses sign-in, and an unban lets the user back', async () => {
    const user = await signUpUser(t.app);
    const banned = await send('POST', `${base}/${user.userId}/ban`, { reason: 'Spam' });
    expect(banned.json().user).toMatchObject({ banned: true, ban_reason: 'Spam' });
    expect((await get('/api/user/basic-infos', user.auth)).statusCode).toBe(401);
    const signIn = await send(
      'POST',
      '/api/auth/sign-in/email',
      { email: user.email, password: user.password },
      {},
    );
    expect(signIn.statusCode).toBe(403);
    expect(signIn.json().msg).toBe('This account is banned');

    expect((await send('POST', `${base}/${user.userId}/unban`)).json().user.banned).toBe(false);
    const again = await send(
      'POST',
      '/api/auth/sign-in/email',
      { email: user.email, password: user.password },
      {},
    );
    expect(again.statusCode).toBe(200);
    const actions = (await records(user.userId)).map((r) => r.action);
    expect(actions).toEqual(expect.arrayContaining(['user.ban', 'user.unban']));
  });

  it('a ban needs a reason', async () => {
    const user = await signUpUser(t.app);
    const res = await send('POST', `${base}/${user.userId}/ban`, { reason: '  ' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toHaveProperty('reason');
  });

  it('force sign-out ends every session of the user', async () => {
    const user = await signUpUser(t.app);
    await send('POST', '/api/auth/sign-in/email', { email: user.email, password: user.password }, {});
    const res = await send('POST', `${base}/${user.userId}/sign-out`);
    expect(res.json()).toEqual({ revoked: 2 });
    expect((await get('/api/user/basic-infos', user.auth)).statusCode).toBe(401);
  });

  it('reset password mails a single-use link that sets a new password', async () => {
    const user = await signUpUser(t.app, { email: 'reset.me@example.com' });
    const res = await send('POST', `${base}/${user.userId}/reset-password`);
    expect(res.json()).toEqual({ sent: true, reason: null });
    const mail = smtp.inbox.find((m) => m.to.includes('reset.me@example.com'));
    const token = /reset-password\?token=([\w-]+)/.exec(mailText(mail?.raw ?? ''))?.[1];
    expect(token).toBeTruthy();

    const reset = await send(
      'POST',
      '/api/auth/reset-password',
      { token, newPassword: 'brand-new-pass-9' },
      {},
    );
    expect(reset.statusCode).toBe(200);
    const reused = await send(
      'POST',
      '/api/auth/reset-password',
      { token, newPassword: 'another-pass-9' },
      {},
    );
    expect(reused.statusCode).toBe(400);
    expect(reused.json().fields).toHaveProperty('token');
    const signIn = await send(
      'POST',
      '/api/auth/sign-in/email',
      { email: user.email, password: 'brand-new-pass-9' },
      {},
    );
    expect(signIn.statusCode).toBe(200);
  });
});

describe('admin users without SMTP', () => {
  it('reset password answers plainly that nothing was sent', async () => {
    const t = await createTestApp();
    const admin = await signInAdmin(t.app);
    const user = await signUpUser(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/users/${user.userId}/reset-password`,
      headers: admin.auth,
      payload: {},
    });
    expect(res.json()).toEqual({ sent: false, reason: 'not sent: no SMTP configured' });
    await t.close();
  });
});
