import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { readVersion } from '../../platform/versions';
import { createTestApp, signInAdmin, signUpUser, type TestApp } from '../../test/test-app';

describe('admin roles', () => {
  let t: TestApp;
  let admin: { auth: Record<string, string> };
  beforeAll(async () => {
    t = await createTestApp();
    admin = await signInAdmin(t.app);
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: admin.auth, ...(payload ? { payload } : {}) });

  it('lists the seeded roles with how many users hold each', async () => {
    await signUpUser(t.app);
    const { items } = (await call('GET', '/api/admin/roles')).json() as {
      items: { code: string; users_count: number; is_system: boolean }[];
    };
    expect(items.map((r) => r.code)).toEqual(
      expect.arrayContaining(['super_admin', 'admin', 'operator', 'user']),
    );
    expect(items.find((r) => r.code === 'super_admin')?.users_count).toBe(1);
    expect(items.every((r) => r.is_system)).toBe(true);
  });

  it('creates, renames and deletes a role nobody holds, bumping the permission version', async () => {
    const before = await readVersion(t.platform.db, 'permission');
    const created = await call('POST', '/api/admin/roles', { code: 'analyst', name: 'Analyst' });
    expect(created.statusCode).toBe(200);
    expect(created.json().role).toMatchObject({
      code: 'analyst',
      name: 'Analyst',
      is_system: false,
      users_count: 0,
    });
    expect(await readVersion(t.platform.db, 'permission')).toBe(before + 1);

    const renamed = await call('PATCH', '/api/admin/roles/analyst', { name: 'Data analyst' });
    expect(renamed.json().role.name).toBe('Data analyst');
    expect((await call('DELETE', '/api/admin/roles/analyst')).json()).toEqual({ deleted: true });
    expect(
      (await call('GET', '/api/admin/roles')).json().items.map((r: { code: string }) => r.code),
    ).not.toContain('analyst');
  });

  it('a role in use or a seeded role cannot be deleted', async () => {
    await call('POST', '/api/admin/roles', { code: 'support', name: 'Support' });
    const user = await signUpUser(t.app);
    await t.platform.db.update(users).set({ role: 'support' }).where(eq(users.id, user.userId));
    const inUse = await call('DELETE', '/api/admin/roles/support');
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().msg).toBe('The role is in use and cannot be deleted');
    expect((await call('DELETE', '/api/admin/roles/operator')).statusCode).toBe(409);
    expect((await call('DELETE', '/api/admin/roles/nope')).statusCode).toBe(404);
  });

  it.each([
    ['code', { code: 'Bad Code', name: 'X' }],
    ['code', { code: 'x', name: 'X' }],
    ['name', { code: 'okay_code', name: '' }],
    ['name', { code: 'okay_code', name: 'n'.repeat(65) }],
  ])('bad input is a VALIDATION_ERROR naming %s and creates nothing', async (field, payload) => {
    const res = await call('POST', '/api/admin/roles', payload);
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fields)).toContain(field);
    expect(
      (await call('GET', '/api/admin/roles')).json().items.map((r: { code: string }) => r.code),
    ).not.toContain('okay_code');
  });

  it('a rename shows in basic infos at once (role names are cached by permission version)', async () => {
    const user = await signUpUser(t.app);
    const infos = () => t.app.inject({ method: 'GET', url: '/api/user/basic-infos', headers: user.auth });
    expect((await infos()).json().role_name).toBe('User');
    await call('PATCH', '/api/admin/roles/user', { name: 'Member' });
    expect((await infos()).json().role_name).toBe('Member');
    await call('PATCH', '/api/admin/roles/user', { name: 'User' });
  });

  it('a duplicate code is a CONFLICT naming code', async () => {
    const res = await call('POST', '/api/admin/roles', { code: 'admin', name: 'Again' });
    expect(res.statusCode).toBe(409);
    expect(res.json().fields).toHaveProperty('code');
  });

  it('an admin cannot manage roles (role editing is for super admins)', async () => {
    const user = await signUpUser(t.app);
    await t.platform.db.update(users).set({ role: 'admin' }).where(eq(users.id, user.userId));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/roles',
      headers: user.auth,
      payload: { code: 'x_y', name: 'X' },
    });
    expect(res.statusCode).toBe(403);
  });
});
