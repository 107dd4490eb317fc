import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpUser } from '../../test/test-app';
import { bearer, googlePerson, googleSignIn, type SocialTestApp, socialTestApp } from './social.test-kit';

describe('a first password for an account made by Google sign-in', () => {
  let s: SocialTestApp;
  beforeAll(async () => {
    s = await socialTestApp();
  });
  afterAll(() => s.close());

  const call = (url: string, token: string, payload?: object) =>
    s.t.app.inject({
      method: payload ? 'POST' : 'GET',
      url,
      headers: bearer(token),
      ...(payload ? { payload } : {}),
    });

  it('has no password at first, sets one (the two must match), then signs in with it', async () => {
    const person = googlePerson({ email: 'lin@example.com', name: 'Lin' });
    const signedIn = await googleSignIn(s, person);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const token = signedIn.json().token as string;
    expect((await call('/api/account/security', token)).json().has_password).toBe(false);

    const mismatch = await call('/api/account/security/password/set', token, {
      new_password: 'lin-password-1',
      confirm_password: 'lin-password-2',
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().fields).toEqual({ confirm_password: 'The two passwords do not match' });
    expect((await call('/api/account/security', token)).json().has_password).toBe(false);

    const set = await call('/api/account/security/password/set', token, {
      new_password: 'lin-password-1',
      confirm_password: 'lin-password-1',
    });
    expect(set.statusCode, set.body).toBe(200);
    expect((await call('/api/account/security', token)).json().has_password).toBe(true);

    const byPassword = await s.t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: 'lin@example.com', password: 'lin-password-1' },
    });
    expect(byPassword.statusCode, byPassword.body).toBe(200);

    // A second "first" password is refused: it must be changed, proving the current one.
    const again = await call('/api/account/security/password/set', token, {
      new_password: 'lin-password-9',
      confirm_password: 'lin-password-9',
    });
    expect(again.statusCode).toBe(409);
  });

  it('an account made with a password is told to change it instead', async () => {
    const user = await signUpUser(s.t.app);
    expect((await call('/api/account/security', user.token)).json().has_password).toBe(true);
    const refused = await call('/api/account/security/password/set', user.token, {
      new_password: 'another-pass-1',
      confirm_password: 'another-pass-1',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().msg).toBe('This account already has a password: change it instead');
  });
});
