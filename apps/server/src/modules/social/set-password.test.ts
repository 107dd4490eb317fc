import { postSetPassword } from '@app/contract/account/security/password';
import { getSecurityOverview } from '@app/contract/account/security/security-overview';
import { postSignIn } from '@app/contract/auth/sign-in';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callEndpoint } from '../../test/call-endpoint';
import { signUpUser } from '../../test/test-app';
import { bearer, googlePerson, googleSignIn, type SocialTestApp, socialTestApp } from './social.test-kit';

describe('a first password for an account made by Google sign-in', () => {
  let s: SocialTestApp;
  beforeAll(async () => {
    s = await socialTestApp();
  });
  afterAll(() => s.close());

  const hasPassword = async (token: string | null) =>
    (await callEndpoint(s.t.app, getSecurityOverview, { as: bearer(token) })).ok().has_password;
  const setPassword = (token: string | null, body: { new_password: string; confirm_password: string }) =>
    callEndpoint(s.t.app, postSetPassword, { as: bearer(token), body });

  it('has no password at first, sets one (the two must match), then signs in with it', async () => {
    const person = googlePerson({ email: 'lin@example.com', name: 'Lin' });
    const { token } = (await googleSignIn(s, person)).ok();
    expect(await hasPassword(token)).toBe(false);

    const mismatch = await setPassword(token, {
      new_password: 'lin-password-1',
      confirm_password: 'lin-password-2',
    });
    expect(mismatch.status).toBe(400);
    expect(mismatch.error().fields).toEqual({ confirm_password: 'The two passwords do not match' });
    expect(await hasPassword(token)).toBe(false);

    const set = await setPassword(token, {
      new_password: 'lin-password-1',
      confirm_password: 'lin-password-1',
    });
    expect(set.status, set.text).toBe(200);
    expect(await hasPassword(token)).toBe(true);

    const byPassword = await callEndpoint(s.t.app, postSignIn, {
      body: { email: 'lin@example.com', password: 'lin-password-1' },
    });
    expect(byPassword.status, byPassword.text).toBe(200);

    // A second "first" password is refused: it must be changed, proving the current one.
    const again = await setPassword(token, {
      new_password: 'lin-password-9',
      confirm_password: 'lin-password-9',
    });
    expect(again.status).toBe(409);
  });

  it('an account made with a password is told to change it instead', async () => {
    const user = await signUpUser(s.t.app);
    expect(await hasPassword(user.token)).toBe(true);
    const refused = await setPassword(user.token, {
      new_password: 'another-pass-1',
      confirm_password: 'another-pass-1',
    });
    expect(refused.status).toBe(409);
    expect(refused.error().msg).toBe('This account already has a password: change it instead');
  });
});
