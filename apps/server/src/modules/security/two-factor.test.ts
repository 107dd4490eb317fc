import { getSecurityOverview } from '@app/contract/account/security/security-overview';
import {
  postConfirmTwoFactor,
  postDisableTwoFactor,
  postEnableTwoFactor,
  postRegenerateRecoveryCodes,
} from '@app/contract/account/security/two-factor';
import { postVerifyRecoveryCode, postVerifyTotp } from '@app/contract/auth/two-factor';
import { getBasicInfos } from '@app/contract/user/get-basic-infos';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInEvents, twoFactors, users } from '../../db/schema';
import { type Caller, callEndpoint, callEndpointRaw } from '../../test/call-endpoint';
import { createTestApp, signUpUser, type TestApp } from '../../test/test-app';
import { bearer, signIn, totpCode, wrongTotpCode } from './security-test-kit';

describe('two-factor authentication with an authenticator app', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const enable = (as: Caller, password: string) =>
    callEndpoint(t.app, postEnableTwoFactor, { as, body: { password } });
  const confirm = (as: Caller, code: string) =>
    callEndpoint(t.app, postConfirmTwoFactor, { as, body: { code } });
  const disable = (as: Caller, password: string) =>
    callEndpoint(t.app, postDisableTwoFactor, { as, body: { password } });
  const verifyTotp = (twoFactorToken: string, code: string) =>
    callEndpoint(t.app, postVerifyTotp, { body: { two_factor_token: twoFactorToken, code } });
  const verifyRecoveryCode = (twoFactorToken: string, code: string) =>
    callEndpoint(t.app, postVerifyRecoveryCode, { body: { two_factor_token: twoFactorToken, code } });
  const overview = async (as: Caller) => (await callEndpoint(t.app, getSecurityOverview, { as })).ok();

  /** Enables and confirms two-factor for a new user; answers what the rest of a test needs. */
  async function userWithTwoFactor() {
    const user = await signUpUser(t.app);
    const { secret, recovery_codes } = (await enable(user, user.password)).ok();
    const confirmed = (await confirm(user, totpCode(secret))).ok();
    return { ...user, secret, recoveryCodes: recovery_codes, token: confirmed.token };
  }

  async function pendingSignIn(email: string, password: string): Promise<string> {
    const token = (await signIn(t.app, email, password)).ok().two_factor_token;
    if (!token) throw new Error('no second factor asked');
    return token;
  }

  it('set-up needs the password; bad input changes nothing', async () => {
    const user = await signUpUser(t.app);
    for (const [body, message] of [
      [{}, undefined],
      [{ password: '' }, 'Enter your password'],
      [{ password: 'not-my-password' }, 'The password is wrong'],
    ] as const) {
      // `{}` is not what the contract lets a client send: on purpose.
      const res = await callEndpointRaw(t.app, postEnableTwoFactor, { as: user, body });
      expect(res.status).toBe(400);
      expect(res.error().error_code).toBe('VALIDATION_ERROR');
      expect(Object.keys(res.error().fields ?? {})).toEqual(['password']);
      if (message) expect(res.error().fields?.password).toBe(message);
    }
    expect(await t.platform.db.select().from(twoFactors).where(eq(twoFactors.userId, user.userId))).toEqual(
      [],
    );
  });

  it('enable answers the otpauth URI and recovery codes; it is on only after the first code', async () => {
    const user = await signUpUser(t.app);
    const body = (await enable(user, user.password)).ok();
    const uri = new URL(body.totp_uri);
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.searchParams.get('issuer')).toBe('Marketing AI Workspace');
    expect(uri.searchParams.get('secret')).toBe(body.secret);
    expect(decodeURIComponent(uri.pathname)).toContain(user.email);
    expect(body.recovery_codes).toHaveLength(10);

    expect(await overview(user)).toMatchObject({ two_factor_enabled: false, two_factor_pending: true });
    // Not on yet: sign-in still answers a token at once.
    expect((await signIn(t.app, user.email, user.password)).ok()).toMatchObject({
      two_factor_required: false,
    });

    for (const code of ['12345', 'abcdef', wrongTotpCode(body.secret)]) {
      const bad = await confirm(user, code);
      expect(bad.status).toBe(400);
      expect(Object.keys(bad.error().fields ?? {})).toEqual(['code']);
    }
    const [row] = await t.platform.db.select().from(users).where(eq(users.id, user.userId));
    expect(row?.twoFactorEnabled).toBe(false);

    const confirmed = await confirm(user, totpCode(body.secret));
    const { token, two_factor_enabled } = confirmed.ok();
    expect(two_factor_enabled).toBe(true);
    // The session is renewed: the cookie carries the new token, the old one stops working.
    expect(confirmed.cookies.find((c) => c.name === 'app_token')?.value).toBe(token);
    const oldToken = await callEndpoint(t.app, getBasicInfos, { as: user });
    expect(oldToken.status).toBe(401);
    expect(await overview(bearer(token))).toMatchObject({
      two_factor_enabled: true,
      two_factor_pending: false,
      recovery_codes_left: 10,
    });
    // Renewing the session is not a sign-in.
    const events = await t.platform.db
      .select()
      .from(signInEvents)
      .where(eq(signInEvents.userId, user.userId))
      .orderBy(signInEvents.id);
    expect(events.map((e) => e.method)).toEqual(['sign_up', 'password']);

    const twice = await enable(bearer(token), user.password);
    expect(twice.status).toBe(409);
  });

  it('sign-in then asks for a code; verify-totp with a right code gives a working token', async () => {
    const user = await userWithTwoFactor();
    const res = await signIn(t.app, user.email, user.password);
    const body = res.ok();
    expect(body).toMatchObject({
      token: null,
      user: null,
      two_factor_required: true,
      two_factor_methods: ['totp', 'recovery_code'],
    });
    expect(body.two_factor_token).toMatch(/^[A-Za-z0-9%._~-]+$/);
    expect(res.cookies.find((c) => c.name === 'app_token')).toBeUndefined();
    const pending = body.two_factor_token ?? '';

    const wrong = await verifyTotp(pending, wrongTotpCode(user.secret));
    expect(wrong.status).toBe(400);
    expect(wrong.error().fields).toEqual({ code: 'The code is wrong' });

    const ok = await verifyTotp(pending, totpCode(user.secret));
    const signedIn = ok.ok();
    expect(signedIn.user).toMatchObject({ id: user.userId, email: user.email });
    expect(ok.cookies.find((c) => c.name === 'app_token')?.value).toBe(signedIn.token);
    const me = await callEndpoint(t.app, getBasicInfos, { as: bearer(signedIn.token) });
    expect(me.status).toBe(200);

    // A pending sign-in is used up once it succeeded.
    const replay = await verifyTotp(pending, totpCode(user.secret));
    expect(replay.status).toBe(401);
    expect(replay.error().msg).toBe('Your sign-in has expired, please sign in again');

    const events = await t.platform.db
      .select()
      .from(signInEvents)
      .where(eq(signInEvents.userId, user.userId))
      .orderBy(signInEvents.id);
    const totp = events.filter((e) => e.method === 'totp');
    expect(totp.map((e) => [e.success, e.reason])).toEqual([
      [false, 'invalid_code'],
      [true, null],
    ]);
  });

  it('bad verify-totp input is a VALIDATION_ERROR naming the field', async () => {
    for (const [body, field] of [
      [{ code: '123456' }, 'two_factor_token'],
      [{ two_factor_token: 'abc; better-auth.session_token=x', code: '123456' }, 'two_factor_token'],
      [{ two_factor_token: 'a'.repeat(20), code: '12 456' }, 'code'],
    ] as const) {
      // A body without the token is not what the contract lets a client send: on purpose.
      const res = await callEndpointRaw(t.app, postVerifyTotp, { body });
      expect(res.status).toBe(400);
      expect(Object.keys(res.error().fields ?? {})).toEqual([field]);
    }
    const forged = await verifyTotp(`2fa-${'x'.repeat(20)}.forged`, '123456');
    expect(forged.status).toBe(401);
  });

  it('five wrong codes end the pending sign-in', async () => {
    const user = await userWithTwoFactor();
    const pending = await pendingSignIn(user.email, user.password);
    const wrong = wrongTotpCode(user.secret);
    for (let i = 0; i < 5; i++) {
      expect((await verifyTotp(pending, wrong)).status).toBe(400);
    }
    const locked = await verifyTotp(pending, totpCode(user.secret));
    expect(locked.status).toBe(401);
  });

  it('a recovery code signs in once; regenerating replaces the codes', async () => {
    const user = await userWithTwoFactor();
    const [first = '', second = ''] = user.recoveryCodes;
    const ok = await verifyRecoveryCode(await pendingSignIn(user.email, user.password), first);
    const me = await overview(bearer(ok.ok().token));
    expect(me.recovery_codes_left).toBe(9);

    const reused = await verifyRecoveryCode(await pendingSignIn(user.email, user.password), first);
    expect(reused.status).toBe(400);
    expect(reused.error().fields).toEqual({ code: 'The recovery code is wrong' });

    const regenerate = (password: string) =>
      callEndpoint(t.app, postRegenerateRecoveryCodes, { as: bearer(user.token), body: { password } });
    const badPassword = await regenerate('nope-nope-1');
    expect(badPassword.status).toBe(400);
    expect(Object.keys(badPassword.error().fields ?? {})).toEqual(['password']);
    const renewed = await regenerate(user.password);
    expect(renewed.ok().recovery_codes).toHaveLength(10);
    const old = await verifyRecoveryCode(await pendingSignIn(user.email, user.password), second);
    expect(old.status).toBe(400);

    const events = await t.platform.db
      .select()
      .from(signInEvents)
      .where(eq(signInEvents.userId, user.userId))
      .orderBy(signInEvents.id);
    expect(events.filter((e) => e.method === 'recovery_code').map((e) => e.success)).toEqual([
      true,
      false,
      false,
    ]);
  });

  it('disable needs the password; afterwards sign-in answers a token again', async () => {
    const user = await userWithTwoFactor();
    const wrong = await disable(bearer(user.token), 'wrong-password-1');
    expect(wrong.status).toBe(400);
    expect(wrong.error().fields).toEqual({ password: 'The password is wrong' });
    expect((await signIn(t.app, user.email, user.password)).ok().two_factor_required).toBe(true);

    const off = await disable(bearer(user.token), user.password);
    const switched = off.ok();
    expect(switched.two_factor_enabled).toBe(false);
    expect(off.cookies.find((c) => c.name === 'app_token')?.value).toBe(switched.token);
    expect(await overview(bearer(switched.token))).toMatchObject({
      two_factor_enabled: false,
      two_factor_pending: false,
    });
    const signedIn = (await signIn(t.app, user.email, user.password)).ok();
    expect(signedIn).toMatchObject({ two_factor_required: false });
    expect(signedIn.token).toEqual(expect.any(String));

    const again = await disable(bearer(switched.token), user.password);
    expect(again.status).toBe(409);
  });

  it("better-auth's own two-factor and profile endpoints are closed; the account area owns them", async () => {
    const user = await signUpUser(t.app);
    // Literal paths on purpose: these are the auth library's routes, which no contract names.
    for (const url of ['/api/auth/two-factor/enable', '/api/auth/update-user', '/api/auth//update-user']) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: user.auth,
        payload: { password: user.password, image: 'https://evil.example/x.png' },
      });
      expect(res.statusCode).toBe(404);
    }
    const [row] = await t.platform.db.select().from(users).where(eq(users.id, user.userId));
    expect(row?.image).toBeNull();
  });
});
