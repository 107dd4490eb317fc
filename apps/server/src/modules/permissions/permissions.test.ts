import { postPermissionList } from '@app/contract/permissions/list-permissions';
import { getBasicInfos } from '@app/contract/user/get-basic-infos';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { readVersion } from '../../platform/versions';
import { type Caller, callEndpoint, callEndpointRaw } from '../../test/call-endpoint';
import { createTestApp, signInAdmin, signUpUser, type TestApp } from '../../test/test-app';
import { seededRoles } from './roles.seed';

describe(`${postPermissionList.id}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const ask = async (as: Caller | null, page_routes: string[], apis: string[] = []) =>
    (await callEndpoint(t.app, postPermissionList, { as, body: { page_routes, apis, from: 'web' } })).ok();
  const codes = (list: { code: string }[]) => list.map((entry) => entry.code);

  it('signed out: public pages are OK, login-required and admin pages are BEARER_TOKEN_ERROR', async () => {
    const res = await ask(null, ['/login', '/sign-up', '/403', '/chat', '/account/project/42', '/admin']);
    expect(codes(res.page_routes)).toEqual([
      'OK',
      'OK',
      'OK',
      'BEARER_TOKEN_ERROR',
      'BEARER_TOKEN_ERROR',
      'BEARER_TOKEN_ERROR',
    ]);
    expect(res.page_routes[0]).toEqual({ route: '/login', access: true, code: 'OK' });
  });

  it('an ordinary user opens /chat but gets FORBIDDEN on admin pages', async () => {
    const user = await signUpUser(t.app);
    const res = await ask(user, [
      '/chat',
      '/chat?x=1',
      '/account/project',
      '/account/project/7',
      '/admin',
      '/admin/user/users',
    ]);
    expect(codes(res.page_routes)).toEqual(['OK', 'OK', 'OK', 'OK', 'FORBIDDEN', 'FORBIDDEN']);
  });

  it('the super admin opens every admin page', async () => {
    const admin = await signInAdmin(t.app);
    const res = await ask(admin, ['/admin', '/admin/user/roles', '/admin/permission', '/admin/financial']);
    expect(codes(res.page_routes)).toEqual(['OK', 'OK', 'OK', 'OK']);
  });

  it('an operator gets exactly the pages the operator role grants', async () => {
    const operator = await signUpUser(t.app);
    await t.platform.db.update(users).set({ role: 'operator' }).where(eq(users.id, operator.userId));
    const res = await ask(operator, [
      '/admin',
      '/admin/user/users',
      '/admin/order',
      '/admin/sys-logs/server-error',
      '/admin/user/roles',
      '/admin/permission',
      '/admin/usm/plan',
      '/admin/sys-settings/foreign-keys',
    ]);
    expect(codes(res.page_routes)).toEqual([
      'OK',
      'OK',
      'OK',
      'OK',
      'FORBIDDEN',
      'FORBIDDEN',
      'FORBIDDEN',
      'FORBIDDEN',
    ]);
  });

  it('an admin has every admin area except role and permission editing', () => {
    const admin = seededRoles().find((role) => role.code === 'admin');
    expect(admin?.grants).toContain('admin.users.*');
    expect(admin?.grants).not.toContain('admin.roles.*');
    expect(admin?.grants).not.toContain('admin.permissions.*');
  });

  it('unknown pages and APIs are refused', async () => {
    const user = await signUpUser(t.app);
    const res = await ask(user, ['/no/such/page'], ['GET /api/no-such-api']);
    expect(res.page_routes[0]).toMatchObject({ access: false, code: 'FORBIDDEN' });
    expect(res.apis[0]).toMatchObject({ access: false, code: 'FORBIDDEN' });
  });

  it('a spec page that is not built is no page: even the super admin is refused it', async () => {
    const admin = await signInAdmin(t.app);
    const res = await ask(admin, ['/admin/ai-toolkit/workflows', '/admin/ai-toolkit/smart-capture']);
    expect(codes(res.page_routes)).toEqual(['FORBIDDEN', 'FORBIDDEN']);
  });

  it('answers APIs by METHOD /path from the registered contracts', async () => {
    const user = await signUpUser(t.app);
    const res = await ask(user, [], [getBasicInfos.id, 'get /api/healthy']);
    expect(res.apis).toEqual([
      { api: getBasicInfos.id, access: true, code: 'OK' },
      { api: 'get /api/healthy', access: true, code: 'OK' },
    ]);
    const anonymous = await ask(null, [], [getBasicInfos.id]);
    expect(anonymous.apis[0]?.code).toBe('BEARER_TOKEN_ERROR');
  });

  it('answers the permission version that basic infos reports', async () => {
    const user = await signUpUser(t.app);
    const res = await ask(user, ['/chat']);
    const infos = await callEndpoint(t.app, getBasicInfos, { as: user });
    expect(res.version).toBe(await readVersion(t.platform.db, 'permission'));
    expect(infos.ok().latest_permission_version).toBe(res.version);
  });

  it.each([
    ['page_routes', { page_routes: '/chat' }],
    ['page_routes.0', { page_routes: [''] }],
    ['apis', { apis: Array.from({ length: 501 }, () => 'GET /x') }],
    ['from', { from: 'x'.repeat(65) }],
  ])('bad input is a VALIDATION_ERROR naming %s', async (field, body) => {
    // Values the contract refuses, sent on purpose.
    const res = await callEndpointRaw(t.app, postPermissionList, { body });
    expect(res.status).toBe(400);
    expect(Object.keys(res.error().fields ?? {})).toContain(field);
  });
});
