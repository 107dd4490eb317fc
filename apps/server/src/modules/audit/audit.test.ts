import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverErrors } from '../../db/schema';
import { createTestApp, signInAdmin, signUpUser, type TestApp } from '../../test/test-app';

describe('operation records and server errors', () => {
  let t: TestApp;
  let admin: { auth: Record<string, string> };
  beforeAll(async () => {
    t = await createTestApp();
    admin = await signInAdmin(t.app);
  });
  afterAll(() => t.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: admin.auth });

  it('records successes and refusals, filterable by action and result', async () => {
    const user = await signUpUser(t.app);
    await t.app.inject({
      method: 'PUT',
      url: `/api/admin/users/${user.userId}/role`,
      headers: admin.auth,
      payload: { role: 'operator' },
    });
    await t.app.inject({
      method: 'PUT',
      url: `/api/admin/users/${user.userId}/role`,
      headers: admin.auth,
      payload: { role: 'nope' },
    });
    const filters = encodeURIComponent(
      JSON.stringify([{ field: 'target_id', operator: 'eq', value: user.userId }]),
    );
    const res = await get(`/api/admin/operation-records?filters=${filters}`);
    expect(res.json().items.map((r: { result: string }) => r.result)).toEqual(['failure', 'success']);
    expect(res.json().items[0].error).toContain('VALIDATION_ERROR');

    const failures = encodeURIComponent(
      JSON.stringify([
        { field: 'target_id', operator: 'eq', value: user.userId },
        { field: 'result', operator: 'eq', value: 'failure' },
      ]),
    );
    expect((await get(`/api/admin/operation-records?filters=${failures}`)).json().total).toBe(1);
  });

  it('finds a server error by the req_id the user saw', async () => {
    await t.platform.db.insert(serverErrors).values([
      {
        reqId: 'req-one',
        method: 'GET',
        url: '/api/x',
        route: '/api/x',
        status: 500,
        message: 'boom one',
        stack: 'at x',
      },
      {
        reqId: 'req-two',
        method: 'GET',
        url: '/api/y',
        route: '/api/y',
        status: 500,
        message: 'boom two',
        stack: 'at y',
      },
    ]);
    const res = await get('/api/admin/server-errors?q=req-two');
    expect(res.json().items).toEqual([
      expect.objectContaining({ req_id: 'req-two', route: '/api/y', stack: 'at y' }),
    ]);
    expect((await get('/api/admin/server-errors?q=boom')).json().total).toBe(2);
  });
});
