import { getAdminDashboard } from '@app/contract/admin/dashboard/dashboard';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callEndpoint } from '../../test/call-endpoint';
import { createTestApp, signInAdmin, signUpUser, type TestApp } from '../../test/test-app';

describe('admin dashboard', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('counts users, active sessions and today sign-ups in the caller time zone, empty days included', async () => {
    await signUpUser(t.app);
    await signUpUser(t.app);
    const admin = await signInAdmin(t.app);
    const res = await callEndpoint(t.app, getAdminDashboard, {
      as: admin,
      query: { days: 7 },
      headers: { 'x-tz-offset': '14' },
    });
    const body = res.ok();
    expect(body.users_total).toBe(3);
    expect(body.active_sessions).toBeGreaterThanOrEqual(3);
    expect(body.signups_per_day).toHaveLength(7);
    const todayThere = new Date(Date.now() + 14 * 3600 * 1000).toISOString().slice(0, 10);
    expect(body.signups_per_day.at(-1)).toEqual({ date: todayThere, count: 3 });
    expect(body.signups_per_day[0]?.count).toBe(0);
  });

  it('days outside 7..365 is a VALIDATION_ERROR naming days', async () => {
    const admin = await signInAdmin(t.app);
    const res = await callEndpoint(t.app, getAdminDashboard, { as: admin, query: { days: 3 } });
    expect(res.status).toBe(400);
    expect(res.error().fields).toHaveProperty('days');
  });
});
