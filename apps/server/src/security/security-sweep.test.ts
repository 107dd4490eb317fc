import { PAGE_ROUTES } from '@app/contract/page-routes';
import { ADMIN_AREA, grantMatches, type Permission } from '@app/contract/permission-codes';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema';
import { seededRoles } from '../modules/permissions/roles.seed';
import { createTestApp, signUpUser, type TestApp } from '../test/test-app';

/**
 * Walks every API in the registry: admin APIs refuse an ordinary user (FORBIDDEN) and an
 * anonymous caller (BEARER_TOKEN_ERROR); an operator gets exactly what the operator role holds.
 * A new endpoint is swept the moment it is registered.
 */
/** Endpoints that need more than being signed in: a granted code, or the admin area. */
const restricted = (permission: Permission) => permission !== 'public' && permission !== 'signed_in';

describe('security sweep over every registered API', () => {
  let t: TestApp;
  let user: Awaited<ReturnType<typeof signUpUser>>;
  let operator: Awaited<ReturnType<typeof signUpUser>>;

  beforeAll(async () => {
    t = await createTestApp();
    user = await signUpUser(t.app);
    operator = await signUpUser(t.app);
    await t.platform.db.update(users).set({ role: 'operator' }).where(eq(users.id, operator.userId));
  });
  afterAll(() => t.close());

  const call = (endpoint: { method: string; path: string }, headers: Record<string, string>) =>
    t.app.inject({
      method: endpoint.method as 'GET',
      // Streams close after `timeout` idle seconds; a short one keeps the sweep quick.
      url: `${endpoint.path.replace(/\{(\w+)\??\}/g, 'sweep-id')}${endpoint.path.includes('/subscriber/') ? '?timeout=0.1' : ''}`,
      headers,
      ...(endpoint.method === 'GET' ? {} : { payload: {} }),
    });

  it('has admin APIs to sweep', () => {
    const admin = t.platform.registry.all().filter((e) => e.permission.startsWith('admin.'));
    expect(admin.length).toBeGreaterThan(10);
  });

  it('every admin API refuses an ordinary user with FORBIDDEN and a stranger with BEARER_TOKEN_ERROR', async () => {
    const failures: string[] = [];
    for (const endpoint of t.platform.registry.all().filter((e) => restricted(e.permission))) {
      const asUser = await call(endpoint, user.auth);
      if (asUser.statusCode !== 403 || asUser.json().error_code !== 'FORBIDDEN') {
        failures.push(`${endpoint.id} as user: ${asUser.statusCode}`);
      }
      const anonymous = await call(endpoint, {});
      if (anonymous.statusCode !== 401 || anonymous.json().error_code !== 'BEARER_TOKEN_ERROR') {
        failures.push(`${endpoint.id} anonymous: ${anonymous.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('every signed-in API refuses a stranger with BEARER_TOKEN_ERROR', async () => {
    const failures: string[] = [];
    for (const endpoint of t.platform.registry.all().filter((e) => e.permission === 'signed_in')) {
      const anonymous = await call(endpoint, {});
      if (anonymous.json().error_code !== 'BEARER_TOKEN_ERROR') failures.push(endpoint.id);
    }
    expect(failures).toEqual([]);
  });

  it('an operator gets exactly what the operator role holds', async () => {
    const grants = seededRoles().find((role) => role.code === 'operator')?.grants ?? [];
    const holds = (code: Permission) => grants.some((grant) => grantMatches(grant, code));
    const adminPages = PAGE_ROUTES.filter((page) => page.path.startsWith('/admin'));
    const failures: string[] = [];
    for (const endpoint of t.platform.registry.all().filter((e) => restricted(e.permission))) {
      const held =
        endpoint.permission === ADMIN_AREA
          ? adminPages.some((page) => holds(page.permission))
          : holds(endpoint.permission);
      const res = await call(endpoint, operator.auth);
      const refused = res.statusCode === 403;
      if (held === refused) failures.push(`${endpoint.id}: held=${held} status=${res.statusCode}`);
    }
    expect(failures).toEqual([]);
  });
});
