import { postChangePassword } from '@app/contract/account/security/password';
import type { EndpointBody } from '@app/contract/define-endpoint';
import { getBasicInfos } from '@app/contract/user/get-basic-infos';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, callEndpoint, callEndpointRaw } from '../../test/call-endpoint';
import { createTestApp, signUpUser, type TestApp } from '../../test/test-app';
import { bearer, signIn } from './security-test-kit';

describe('changing the password', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const change = (
    as: Caller,
    body: EndpointBody<typeof postChangePassword>,
    headers: Record<string, string> = {},
  ) => callEndpoint(t.app, postChangePassword, { as, body, headers });

  it('the confirmation must match: the spec text on confirm_password, in English and Chinese', async () => {
    const user = await signUpUser(t.app);
    const body = {
      current_password: user.password,
      new_password: 'brand-new-pass-1',
      confirm_password: 'other-1234',
    };
    const en = await change(user, body);
    expect(en.status).toBe(400);
    expect(en.error()).toMatchObject({
      error_code: 'VALIDATION_ERROR',
      fields: { confirm_password: 'The two passwords do not match' },
    });
    const zh = await change(user, body, { 'accept-language': 'zh-CN' });
    expect(zh.error().fields?.confirm_password).toBe('两次输入的密码不一致');
    // Nothing changed.
    expect((await signIn(t.app, user.email, user.password)).status).toBe(200);
  });

  // Bodies the contract refuses (missing or out-of-range fields), sent on purpose.
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
  ])('bad input is a VALIDATION_ERROR naming %s', async (field, body) => {
    const user = await signUpUser(t.app);
    const res = await callEndpointRaw(t.app, postChangePassword, { as: user, body });
    expect(res.status).toBe(400);
    expect(Object.keys(res.error().fields ?? {})).toContain(field);
    expect((await signIn(t.app, user.email, user.password)).status).toBe(200);
  });

  it('a wrong current password, or the same password again, is refused on its field', async () => {
    const user = await signUpUser(t.app);
    const wrong = await change(user, {
      current_password: 'not-the-password',
      new_password: 'brand-new-pass-1',
      confirm_password: 'brand-new-pass-1',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.error().fields).toEqual({ current_password: 'The current password is wrong' });
    const same = await change(user, {
      current_password: user.password,
      new_password: user.password,
      confirm_password: user.password,
    });
    expect(same.error().fields).toEqual({
      new_password: 'The new password must be different from the current one',
    });
    expect((await signIn(t.app, user.email, user.password)).status).toBe(200);
  });

  it('the new password signs in, the old one fails; other sessions end, this one stays', async () => {
    const user = await signUpUser(t.app);
    const elsewhere = (await signIn(t.app, user.email, user.password)).ok().token;
    const res = await change(user, {
      current_password: user.password,
      new_password: 'brand-new-pass-1',
      confirm_password: 'brand-new-pass-1',
    });
    expect(res.ok()).toMatchObject({ sessions_revoked: 1 });

    const me = (as: Caller) => callEndpoint(t.app, getBasicInfos, { as });
    expect((await me(user)).status).toBe(200);
    expect((await me(bearer(elsewhere))).status).toBe(401);
    expect((await signIn(t.app, user.email, user.password)).status).toBe(401);
    expect((await signIn(t.app, user.email, 'brand-new-pass-1')).status).toBe(200);
  });
});
