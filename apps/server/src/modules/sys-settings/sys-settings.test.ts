import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUpUser, type TestApp } from '../../test/test-app';

const URL = '/api/account/sys-settings/notifications';

describe('notification settings: which message levels also go by e-mail', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const read = async (headers: Record<string, string>) =>
    (await t.app.inject({ method: 'GET', url: URL, headers })).json();
  const put = (headers: Record<string, string>, payload: object) =>
    t.app.inject({ method: 'PUT', url: URL, headers, payload });

  it('defaults without a saved row: important and warning by e-mail', async () => {
    const user = await signUpUser(t.app);
    expect(await read(user.auth)).toEqual({
      email: { important: true, warning: true, special: false, other: false },
    });
  });

  it('saves the levels given and keeps the others; per user', async () => {
    const user = await signUpUser(t.app);
    const other = await signUpUser(t.app);
    const first = await put(user.auth, { email: { special: true, important: false } });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ email: { important: false, warning: true, special: true, other: false } });
    const second = await put(user.auth, { email: { other: true } });
    expect(second.json()).toEqual({ email: { important: false, warning: true, special: true, other: true } });
    expect(await read(user.auth)).toEqual(second.json());
    expect((await read(other.auth)).email.important).toBe(true);
  });

  it.each([
    ['email', {}],
    ['email', { email: 'all' }],
    ['email.important', { email: { important: 'yes' } }],
  ])('bad input is a VALIDATION_ERROR naming %s and changes nothing', async (field, payload) => {
    const user = await signUpUser(t.app);
    await put(user.auth, { email: { other: true } });
    const before = await read(user.auth);
    const res = await put(user.auth, payload);
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fields)).toEqual([field]);
    expect(await read(user.auth)).toEqual(before);
  });
});
