import { listOperationRecords } from '@app/contract/admin/logs/list-operation-records';
import { getPermissionMatrix, setRoleGrants } from '@app/contract/admin/permissions/permissions';
import { createRole } from '@app/contract/admin/roles/roles';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roleGrants, users } from '../../db/schema';
import { type Caller, callEndpoint, callEndpointRaw } from '../../test/call-endpoint';
import { createTestApp, signInAdmin, signUpUser, type TestApp } from '../../test/test-app';

describe('permission matrix', () => {
  let t: TestApp;
  let admin: Caller;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await signInAdmin(t.app);
  });
  afterAll(() => t.close());

  const setGrants = (role: string, codes: string[], held: boolean) =>
    callEndpoint(t.app, setRoleGrants, { as: admin, params: { code: role }, body: { codes, held } });

  it('lists every page route and every registered API with its code, and each role grants', async () => {
    const body = (await callEndpoint(t.app, getPermissionMatrix, { as: admin })).ok();
    expect(body.page_routes).toEqual(
      expect.arrayContaining([{ route: '/admin/user/users', code: 'admin.users.read' }]),
    );
    expect(body.apis.map((a) => a.api).sort()).toEqual(
      t.platform.registry
        .all()
        .map((e) => e.id)
        .sort(),
    );
    expect(body.grants.super_admin).toEqual(['*']);
    expect(body.roles.map((r) => r.code)).toContain('operator');
  });

  it('granting a code opens the API to the role at once; withdrawing closes it', async () => {
    (await callEndpoint(t.app, createRole, { as: admin, body: { code: 'auditor', name: 'Auditor' } })).ok();
    const user = await signUpUser(t.app);
    await t.platform.db.update(users).set({ role: 'auditor' }).where(eq(users.id, user.userId));
    const list = () => callEndpoint(t.app, listOperationRecords, { as: user });
    expect((await list()).status).toBe(403);

    const granted = await setGrants('auditor', ['admin.logs.read'], true);
    expect(granted.ok().grants).toEqual(['admin.logs.read']);
    expect((await list()).status).toBe(200);

    await setGrants('auditor', ['admin.logs.read'], false);
    expect((await list()).status).toBe(403);
  });

  it('withdrawing a code held through a pattern keeps the rest of the pattern', async () => {
    const res = await setGrants('admin', ['admin.users.ban'], false);
    const { grants } = res.ok();
    expect(grants).not.toContain('admin.users.*');
    expect(grants).toEqual(expect.arrayContaining(['admin.users.read', 'admin.users.edit']));
    expect(grants).not.toContain('admin.users.ban');
    expect(grants).toContain('admin.teams.*');
  });

  it('the super admin role is not editable and unknown codes are refused', async () => {
    expect((await setGrants('super_admin', ['admin.users.read'], false)).status).toBe(409);
    const unknown = await setGrants('operator', ['admin.nothing.here'], true);
    expect(unknown.status).toBe(400);
    expect(unknown.error().fields).toHaveProperty('codes');
    // Not a code by the contract's pattern, sent on purpose.
    const malformed = await callEndpointRaw(t.app, setRoleGrants, {
      as: admin,
      params: { code: 'operator' },
      body: { codes: ['not a code'], held: true },
    });
    expect(malformed.status).toBe(400);
    const rows = await t.platform.db.select().from(roleGrants).where(eq(roleGrants.roleCode, 'operator'));
    expect(rows.map((r) => r.grant)).not.toContain('admin.nothing.here');
  });
});
