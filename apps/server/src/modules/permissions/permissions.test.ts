import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { readVersion } from '../../platform/versions';
import { createTestApp, signInAdmin, signUpUser, type TestApp } from '../../test/test-app';
import { seededRoles } from './roles.seed';

const URL = '/api/routes/permission/list';

describe('POST /api/routes/permission/list', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const ask = async (headers: Record<string, string>, page_routes: string[], apis: string[] = []) => {
    const res = await t.app.inject({
      method: 'POST',
      url: URL,
      headers,
      payload: { page_routes, apis, from: 'web' },
    });
    expect(res.statusCode).toBe(200);
    return res.json() as {
      page_routes: { route: string; access: boolean; code: string }[];
      apis: { api: string; access: boolean; code: string }[];
      version: number;
    };
  };
  const codes = (list: { code: string }[]) => list.map((entry) => entry.code);

  it('signed out: public pages are OK, login-required and admin pages are BEARER_TOKEN_ERROR', async () => {
    const res = await ask({}, ['/login', '/sign-up', '/403', '/chat', '/chat/42', '/admin']);
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
    const res = await ask(user.auth, [
      '/chat',
      '/chat/abc?x=1',
      '/account/project',
      '/account/project/7',
      '/admin',
      '/admin/user/users',
    ]);
    expect(codes(res.page_routes)).toEqual(['OK', 'OK', 'OK', 'OK', 'FORBIDDEN', 'FORBIDDEN']);
  });

  it('the super admin opens every admin page', async () => {
    const admin = await signInAdmin(t.app);
    const res = await ask(admin.auth, [
      '/admin',
      '/admin/user/roles',
      '/admin/permission',
      '/admin/ai-toolkit/workflows',
    ]);
    expect(codes(res.page_routes)).toEqual(['OK', 'OK', 'OK', 'OK']);
  });

  it('an operator gets exactly the pages the operator role grants', async () => {
    const operator = await signUpUser(t.app);
    await t.platform.db.update(users).set({ role: 'operator' }).where(eq(users.id, operator.userId));
    const res = await ask(operator.auth, [
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
    const res = await ask(user.auth, ['/no/such/page'], ['GET /api/no-such-api']);
    expect(res.page_routes[0]).toMatchObject({ access: false, code: 'FORBIDDEN' });
    expect(res.apis[0]).toMatchObject({ access: false, code: 'FORBIDDEN' });
  });

  it('answers APIs by METHOD /path from the registered contracts', async () => {
    const user = await signUpUser(t.app);
    const res = await ask(user.auth, [], ['GET /api/user/basic-infos', 'get /api/healthy']);
    expect(res.apis).toEqual([
      { api: 'GET /api/user/basic-infos', access: true, code: 'OK' },
      { api: 'get /api/healthy', access: true, code: 'OK' },
    ]);
    const anonymous = await ask({}, [], ['GET /api/user/basic-infos']);
    expect(anonymous.apis[0]?.code).toBe('BEARER_TOKEN_ERROR');
  });

  it('answers the permission version that basic infos reports', async () => {
    const user = await signUpUser(t.app);
    const res = await ask(user.auth, ['/chat']);
    const infos = await t.app.inject({ method: 'GET', url: '/api/user/basic-infos', headers: user.auth });
    expect(res.version).toBe(await readVersion(t.platform.db, 'permission'));
    expect(infos.json().latest_permission_version).toBe(res.version);
  });

  it.each([
    ['page_routes', { page_routes: '/chat' }],
    ['page_routes.0', { page_routes: [''] }],
    ['apis', { apis: Array.from({ length: 501 }, () => 'GET /x') }],
    ['from', { from: 'x'.repeat(65) }],
  ])('bad input is a VALIDATION_ERROR naming %s', async (field, payload) => {
    const res = await t.app.inject({ method: 'POST', url: URL, payload });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fields)).toContain(field);
  });
});
