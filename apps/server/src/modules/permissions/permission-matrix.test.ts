import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roleGrants, users } from '../../db/schema';
import { createTestApp, signInAdmin, signUpUser, type TestApp } from '../../test/test-app';

describe('permission matrix', () => {
  let t: TestApp;
  let admin: { auth: Record<string, string> };
  beforeAll(async () => {
    t = await createTestApp();
    admin = await signInAdmin(t.app);
  });
  afterAll(() => t.close());

  const setGrants = (role: string, codes: string[], held: boolean) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/admin/permissions/roles/${role}`,
      headers: admin.auth,
      payload: { codes, held },
    });

  it('lists every page route and every registered API with its code, and each role grants', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/permissions', headers: admin.auth });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.page_routes).toEqual(
      expect.arrayContaining([{ route: '/admin/user/users', code: 'admin.users.view' }]),
    );
    expect(body.apis.map((a: { api: string }) => a.api).sort()).toEqual(
      t.platform.registry
        .all()
        .map((e) => e.id)
        .sort(),
    );
    expect(body.grants.super_admin).toEqual(['*']);
    expect(body.roles.map((r: { code: string }) => r.code)).toContain('operator');
  });

  it('granting a code opens the API to the role at once; withdrawing closes it', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/api/admin/roles',
      headers: admin.auth,
      payload: { code: 'auditor', name: 'Auditor' },
    });
    const user = await signUpUser(t.app);
    await t.platform.db.update(users).set({ role: 'auditor' }).where(eq(users.id, user.userId));
    const list = () =>
      t.app.inject({ method: 'GET', url: '/api/admin/operation-records', headers: user.auth });
    expect((await list()).statusCode).toBe(403);

    const granted = await setGrants('auditor', ['admin.logs.read'], true);
    expect(granted.json().grants).toEqual(['admin.logs.read']);
    expect((await list()).statusCode).toBe(200);

    await setGrants('auditor', ['admin.logs.read'], false);
    expect((await list()).statusCode).toBe(403);
  });

  it('withdrawing a code held through a pattern keeps the rest of the pattern', async () => {
    const res = await setGrants('admin', ['admin.users.ban'], false);
    expect(res.statusCode).toBe(200);
    const grants = res.json().grants as string[];
    expect(grants).not.toContain('admin.users.*');
    expect(grants).toEqual(
      expect.arrayContaining(['admin.users.read', 'admin.users.update', 'admin.users.view']),
    );
    expect(grants).not.toContain('admin.users.ban');
    expect(grants).toContain('admin.teams.*');
  });

  it('the super admin role is not editable and unknown codes are refused', async () => {
    expect((await setGrants('super_admin', ['admin.users.read'], false)).statusCode).toBe(409);
    const unknown = await setGrants('operator', ['admin.nothing.here'], true);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fields).toHaveProperty('codes');
    const malformed = await setGrants('operator', ['not a code'], true);
    expect(malformed.statusCode).toBe(400);
    const rows = await t.platform.db.select().from(roleGrants).where(eq(roleGrants.roleCode, 'operator'));
    expect(rows.map((r) => r.grant)).not.toContain('admin.nothing.here');
  });
});
