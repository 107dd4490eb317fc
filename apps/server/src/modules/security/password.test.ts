import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUpUser, type TestApp } from '../../test/test-app';
import { bearer, signIn } from './security-test-kit';

const URL = '/api/account/security/password';

describe('changing the password', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const change = (headers: Record<string, string>, payload: object, extra: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: URL, headers: { ...headers, ...extra }, payload });

  it('the confirmation must match: the spec text on confirm_password, in English and Chinese', async () => {
    const user = await signUpUser(t.app);
    const payload = {
      current_password: user.password,
      new_password: 'brand-new-pass-1',
      confirm_password: 'other-1234',
    };
    const en = await change(user.auth, payload);
    expect(en.statusCode).toBe(400);
    expect(en.json()).toMatchObject({
      error_code: 'VALIDATION_ERROR',
      fields: { confirm_password: 'The two passwords do not match' },
    });
    const zh = await change(user.auth, payload, { 'accept-language': 'zh-CN' });
    expect(zh.json().fields.confirm_password).toBe('两次输入的密码不一致');
    // Nothing changed.
    expect((await signIn(t.app, user.email, user.password)).statusCode).toBe(200);
  });

  it.each([
    ['current_password', { new_password: 'brand-new-pass-1', confirm_password: 'brand-new-pass-1' }],
    [
      'current_password',
      { current_password: '', new_password: 'brand-new-pass-1', confirm_password: 'brand-new-pass-1' },
    ],
    ['new_password', { current_password: 'x', new_password: 'short', confirm_password: 'short' }],
    [
      'new_password',
      { current_password: 'x', new_password: 'y'.repeat(129), confirm_password: 'y'.repeat(129) },
    ],
    ['confirm_password', { current_password: 'x', new_password: 'brand-new-pass-1' }],
  ])('bad input is a VALIDATION_ERROR naming %s', async (field, payload) => {
    const user = await signUpUser(t.app);
    const res = await change(user.auth, payload);
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fields)).toContain(field);
    expect((await signIn(t.app, user.email, user.password)).statusCode).toBe(200);
  });

  it('a wrong current password, or the same password again, is refused on its field', async () => {
    const user = await signUpUser(t.app);
    const wrong = await change(user.auth, {
      current_password: 'not-the-password',
      new_password: 'brand-new-pass-1',
      confirm_password: 'brand-new-pass-1',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields).toEqual({ current_password: 'The current password is wrong' });
    const same = await change(user.auth, {
      current_password: user.password,
      new_password: user.password,
      confirm_password: user.password,
    });
    expect(same.json().fields).toEqual({
      new_password: 'The new password must be different from the current one',
    });
    expect((await signIn(t.app, user.email, user.password)).statusCode).toBe(200);
  });

  it('the new password signs in, the old one fails; other sessions end, this one stays', async () => {
    const user = await signUpUser(t.app);
    const elsewhere = (await signIn(t.app, user.email, user.password)).json().token as string;
    const res = await change(user.auth, {
      current_password: user.password,
      new_password: 'brand-new-pass-1',
      confirm_password: 'brand-new-pass-1',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ sessions_revoked: 1 });

    const me = (headers: Record<string, string>) =>
      t.app.inject({ method: 'GET', url: '/api/user/basic-infos', headers });
    expect((await me(user.auth)).statusCode).toBe(200);
    expect((await me(bearer(elsewhere))).statusCode).toBe(401);
    expect((await signIn(t.app, user.email, user.password)).statusCode).toBe(401);
    expect((await signIn(t.app, user.email, 'brand-new-pass-1')).statusCode).toBe(200);
  });
});
