import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUpUser, type TestApp } from '../../test/test-app';

describe('view settings', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const url = '/api/account/view/settings';
  const key = { route: '/admin/user/users', type: 'columns' };

  it('saves per user and route; another user never sees it', async () => {
    const ann = await signUpUser(t.app);
    const bob = await signUpUser(t.app);
    const values = { email: { show: false }, role: { show: true } };
    const put = await t.app.inject({ method: 'PUT', url, headers: ann.auth, payload: { ...key, values } });
    expect(put.statusCode).toBe(200);
    const mine = await t.app.inject({
      method: 'GET',
      url: `${url}?route=${key.route}&type=columns`,
      headers: ann.auth,
    });
    expect(mine.json()).toEqual({ ...key, values });
    const theirs = await t.app.inject({
      method: 'GET',
      url: `${url}?route=${key.route}&type=columns`,
      headers: bob.auth,
    });
    expect(theirs.json().values).toEqual({});
    await t.app.inject({
      method: 'PUT',
      url,
      headers: ann.auth,
      payload: { ...key, values: { email: { show: true } } },
    });
    const again = await t.app.inject({
      method: 'GET',
      url: `${url}?route=${key.route}&type=columns`,
      headers: ann.auth,
    });
    expect(again.json().values).toEqual({ email: { show: true } });
  });

  it.each([
    ['route', { route: 'no-slash', type: 'columns', values: {} }],
    ['type', { route: '/x', type: 'Bad Type', values: {} }],
    ['values', { route: '/x', type: 'columns', values: { big: 'x'.repeat(21_000) } }],
    ['values', { route: '/x', type: 'columns', values: [1, 2] }],
  ])('bad input is a VALIDATION_ERROR naming %s', async (field, payload) => {
    const user = await signUpUser(t.app);
    const res = await t.app.inject({ method: 'PUT', url, headers: user.auth, payload });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fields)).toContain(field);
  });
});
