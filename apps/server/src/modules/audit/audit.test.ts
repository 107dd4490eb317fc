import { listOperationRecords } from '@app/contract/admin/logs/list-operation-records';
import { listServerErrors } from '@app/contract/admin/logs/list-server-errors';
import { setAdminUserRole } from '@app/contract/admin/users/user-actions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverErrors } from '../../db/schema';
import { type Caller, callEndpoint } from '../../test/call-endpoint';
import { createTestApp, signInAdmin, signUpUser, type TestApp } from '../../test/test-app';

describe('operation records and server errors', () => {
  let t: TestApp;
  let admin: Caller;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await signInAdmin(t.app);
  });
  afterAll(() => t.close());

  const records = async (filters: unknown[]) =>
    (
      await callEndpoint(t.app, listOperationRecords, {
        as: admin,
        query: { filters: JSON.stringify(filters) },
      })
    ).ok();
  const errors = async (q: string) =>
    (await callEndpoint(t.app, listServerErrors, { as: admin, query: { q } })).ok();

  it('records successes and refusals, filterable by action and result', async () => {
    const user = await signUpUser(t.app);
    const setRole = (role: string) =>
      callEndpoint(t.app, setAdminUserRole, { as: admin, params: { id: user.userId }, body: { role } });
    await setRole('operator');
    await setRole('nope');
    const res = await records([{ field: 'target_id', operator: 'eq', value: user.userId }]);
    expect(res.items.map((r) => r.result)).toEqual(['failure', 'success']);
    expect(res.items[0]?.error).toContain('VALIDATION_ERROR');

    const failures = await records([
      { field: 'target_id', operator: 'eq', value: user.userId },
      { field: 'result', operator: 'eq', value: 'failure' },
    ]);
    expect(failures.total).toBe(1);
  });

  it('finds a server error by the req_id the user saw', async () => {
    // Rows as the error handler writes them; their URLs are data here, not calls.
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
    expect((await errors('req-two')).items).toEqual([
      expect.objectContaining({ req_id: 'req-two', route: '/api/y', stack: 'at y' }),
    ]);
    expect((await errors('boom')).total).toBe(2);
  });
});
