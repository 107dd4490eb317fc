import { createRole, deleteRole, listRoles, updateRole } from '@app/contract/admin/roles/roles';
import { getBasicInfos } from '@app/contract/user/get-basic-infos';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { readVersion } from '../../platform/versions';
import { type Caller, callEndpoint, callEndpointRaw } from '../../test/call-endpoint';
import { createTestApp, signInAdmin, signUpUser, type TestApp } from '../../test/test-app';

describe('admin roles', () => {
  let t: TestApp;
  let admin: Caller;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await signInAdmin(t.app);
  });
  afterAll(() => t.close());

  const roles = async () => (await callEndpoint(t.app, listRoles, { as: admin })).ok().items;
  const create = (code: string, name: string, as: Caller = admin) =>
    callEndpoint(t.app, createRole, { as, body: { code, name } });
  const rename = (code: string, name: string) =>
    callEndpoint(t.app, updateRole, { as: admin, params: { code }, body: { name } });
  const remove = (code: string) => callEndpoint(t.app, deleteRole, { as: admin, params: { code } });

  it('lists the seeded roles with how many users hold each', async () => {
    await signUpUser(t.app);
    const items = await roles();
    expect(items.map((r) => r.code)).toEqual(
      expect.arrayContaining(['super_admin', 'admin', 'operator', 'user']),
    );
    expect(items.find((r) => r.code === 'super_admin')?.users_count).toBe(1);
    expect(items.every((r) => r.is_system)).toBe(true);
  });

  it('creates, renames and deletes a role nobody holds, bumping the permission version', async () => {
    const before = await readVersion(t.platform.db, 'permission');
    const created = await create('analyst', 'Analyst');
    expect(created.ok().role).toMatchObject({
      code: 'analyst',
      name: 'Analyst',
      is_system: false,
      users_count: 0,
    });
    expect(await readVersion(t.platform.db, 'permission')).toBe(before + 1);

    expect((await rename('analyst', 'Data analyst')).ok().role.name).toBe('Data analyst');
    expect((await remove('analyst')).ok()).toEqual({ deleted: true });
    expect((await roles()).map((r) => r.code)).not.toContain('analyst');
  });

  it('a role in use or a seeded role cannot be deleted', async () => {
    await create('support', 'Support');
    const user = await signUpUser(t.app);
    await t.platform.db.update(users).set({ role: 'support' }).where(eq(users.id, user.userId));
    const inUse = await remove('support');
    expect(inUse.status).toBe(409);
    expect(inUse.error().msg).toBe('The role is in use and cannot be deleted');
    expect((await remove('operator')).status).toBe(409);
    expect((await remove('nope')).status).toBe(404);
  });

  it.each([
    ['code', { code: 'Bad Code', name: 'X' }],
    ['code', { code: 'x', name: 'X' }],
    ['name', { code: 'okay_code', name: '' }],
    ['name', { code: 'okay_code', name: 'n'.repeat(65) }],
  ])('bad input is a VALIDATION_ERROR naming %s and creates nothing', async (field, body) => {
    // Values the contract refuses, sent on purpose.
    const res = await callEndpointRaw(t.app, createRole, { as: admin, body });
    expect(res.status).toBe(400);
    expect(Object.keys(res.error().fields ?? {})).toContain(field);
    expect((await roles()).map((r) => r.code)).not.toContain('okay_code');
  });

  it('a rename shows in basic infos at once (role names are cached by permission version)', async () => {
    const user = await signUpUser(t.app);
    const roleName = async () => (await callEndpoint(t.app, getBasicInfos, { as: user })).ok().role_name;
    expect(await roleName()).toBe('User');
    await rename('user', 'Member');
    expect(await roleName()).toBe('Member');
    await rename('user', 'User');
  });

  it('a duplicate code is a CONFLICT naming code', async () => {
    const res = await create('admin', 'Again');
    expect(res.status).toBe(409);
    expect(res.error().fields).toHaveProperty('code');
  });

  it('an admin cannot manage roles (role editing is for super admins)', async () => {
    const user = await signUpUser(t.app);
    await t.platform.db.update(users).set({ role: 'admin' }).where(eq(users.id, user.userId));
    expect((await create('x_y', 'X', user)).status).toBe(403);
  });
});
