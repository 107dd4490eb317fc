import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInEvents, twoFactors, users } from '../../db/schema';
import { createTestApp, signUpUser, type TestApp } from '../../test/test-app';
import { bearer, signIn, totpCode, wrongTotpCode } from './security-test-kit';

const BASE = '/api/account/security/two-factor';

describe('two-factor authentication with an authenticator app', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const post = (url: string, headers: Record<string, string>, payload: object) =>
    t.app.inject({ method: 'POST', url, headers, payload });

  /** Enables and confirms two-factor for a new user; answers what the rest of a test needs. */
  async function userWithTwoFactor() {
    const user = await signUpUser(t.app);
    const enabled = await post(`${BASE}/enable`, user.auth, { password: user.password });
    const { secret, recovery_codes } = enabled.json() as { secret: string; recovery_codes: string[] };
    const confirmed = await post(`${BASE}/verify`, user.auth, { code: totpCode(secret) });
    expect(confirmed.statusCode).toBe(200);
    return { ...user, secret, recoveryCodes: recovery_codes, token: confirmed.json().token as string };
  }

  async function pendingSignIn(email: string, password: string): Promise<string> {
    const res = await signIn(t.app, email, password);
    expect(res.statusCode).toBe(200);
    return res.json().two_factor_token as string;
  }

  it('set-up needs the password; bad input changes nothing', async () => {
    const user = await signUpUser(t.app);
    for (const [payload, message] of [
      [{}, undefined],
      [{ password: '' }, 'Enter your password'],
      [{ password: 'not-my-password' }, 'The password is wrong'],
    ] as const) {
      const res = await post(`${BASE}/enable`, user.auth, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().error_code).toBe('VALIDATION_ERROR');
      expect(Object.keys(res.json().fields)).toEqual(['password']);
      if (message) expect(res.json().fields.password).toBe(message);
    }
    expect(await t.platform.db.select().from(twoFactors).where(eq(twoFactors.userId, user.userId))).toEqual(
      [],
    );
  });

  it('enable answers the otpauth URI and recovery codes; it is on only after the first code', async () => {
    const user = await signUpUser(t.app);
    const res = await post(`${BASE}/enable`, user.auth, { password: user.password });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const uri = new URL(body.totp_uri);
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.searchParams.get('issuer')).toBe('Marketing AI Workspace');
    expect(uri.searchParams.get('secret')).toBe(body.secret);
    expect(decodeURIComponent(uri.pathname)).toContain(user.email);
    expect(body.recovery_codes).toHaveLength(10);

    const overview = await t.app.inject({ method: 'GET', url: '/api/account/security', headers: user.auth });
    expect(overview.json()).toMatchObject({ two_factor_enabled: false, two_factor_pending: true });
    // Not on yet: sign-in still answers a token at once.
    expect((await signIn(t.app, user.email, user.password)).json()).toMatchObject({
      two_factor_required: false,
    });

    for (const code of ['12345', 'abcdef', wrongTotpCode(body.secret)]) {
      const bad = await post(`${BASE}/verify`, user.auth, { code });
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(bad.json().fields)).toEqual(['code']);
    }
    const [row] = await t.platform.db.select().from(users).where(eq(users.id, user.userId));
    expect(row?.twoFactorEnabled).toBe(false);

    const confirmed = await post(`${BASE}/verify`, user.auth, { code: totpCode(body.secret) });
    expect(confirmed.statusCode).toBe(200);
    const { token } = confirmed.json();
    expect(confirmed.json().two_factor_enabled).toBe(true);
    // The session is renewed: the cookie carries the new token, the old one stops working.
    expect(confirmed.cookies.find((c) => c.name === 'app_token')?.value).toBe(token);
    const oldToken = await t.app.inject({ method: 'GET', url: '/api/user/basic-infos', headers: user.auth });
    expect(oldToken.statusCode).toBe(401);
    const again = await t.app.inject({ method: 'GET', url: '/api/account/security', headers: bearer(token) });
    expect(again.json()).toMatchObject({
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

    const twice = await post(`${BASE}/enable`, bearer(token), { password: user.password });
    expect(twice.statusCode).toBe(409);
  });

  it('sign-in then asks for a code; verify-totp with a right code gives a working token', async () => {
    const user = await userWithTwoFactor();
    const res = await signIn(t.app, user.email, user.password);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      token: null,
      user: null,
      two_factor_required: true,
      two_factor_methods: ['totp', 'recovery_code'],
    });
    expect(body.two_factor_token).toMatch(/^[A-Za-z0-9%._~-]+$/);
    expect(res.cookies.find((c) => c.name === 'app_token')).toBeUndefined();

    const wrong = await post(
      '/api/auth/two-factor/verify-totp',
      {},
      {
        two_factor_token: body.two_factor_token,
        code: wrongTotpCode(user.secret),
      },
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields).toEqual({ code: 'The code is wrong' });

    const ok = await post(
      '/api/auth/two-factor/verify-totp',
      {},
      {
        two_factor_token: body.two_factor_token,
        code: totpCode(user.secret),
      },
    );
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user).toMatchObject({ id: user.userId, email: user.email });
    expect(ok.cookies.find((c) => c.name === 'app_token')?.value).toBe(ok.json().token);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/user/basic-infos',
      headers: bearer(ok.json().token),
    });
    expect(me.statusCode).toBe(200);

    // A pending sign-in is used up once it succeeded.
    const replay = await post(
      '/api/auth/two-factor/verify-totp',
      {},
      {
        two_factor_token: body.two_factor_token,
        code: totpCode(user.secret),
      },
    );
    expect(replay.statusCode).toBe(401);
    expect(replay.json().msg).toBe('Your sign-in has expired, please sign in again');

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
    for (const [payload, field] of [
      [{ code: '123456' }, 'two_factor_token'],
      [{ two_factor_token: 'abc; better-auth.session_token=x', code: '123456' }, 'two_factor_token'],
      [{ two_factor_token: 'a'.repeat(20), code: '12 456' }, 'code'],
    ] as const) {
      const res = await post('/api/auth/two-factor/verify-totp', {}, payload);
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().fields)).toEqual([field]);
    }
    const forged = await post(
      '/api/auth/two-factor/verify-totp',
      {},
      {
        two_factor_token: `2fa-${'x'.repeat(20)}.forged`,
        code: '123456',
      },
    );
    expect(forged.statusCode).toBe(401);
  });

  it('five wrong codes end the pending sign-in', async () => {
    const user = await userWithTwoFactor();
    const pending = await pendingSignIn(user.email, user.password);
    const wrong = wrongTotpCode(user.secret);
    for (let i = 0; i < 5; i++) {
      const res = await post(
        '/api/auth/two-factor/verify-totp',
        {},
        { two_factor_token: pending, code: wrong },
      );
      expect(res.statusCode).toBe(400);
    }
    const locked = await post(
      '/api/auth/two-factor/verify-totp',
      {},
      {
        two_factor_token: pending,
        code: totpCode(user.secret),
      },
    );
    expect(locked.statusCode).toBe(401);
  });

  it('a recovery code signs in once; regenerating replaces the codes', async () => {
    const user = await userWithTwoFactor();
    const [first, second] = user.recoveryCodes;
    const ok = await post(
      '/api/auth/two-factor/verify-backup-code',
      {},
      {
        two_factor_token: await pendingSignIn(user.email, user.password),
        code: first,
      },
    );
    expect(ok.statusCode).toBe(200);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/account/security',
      headers: bearer(ok.json().token),
    });
    expect(me.json().recovery_codes_left).toBe(9);

    const reused = await post(
      '/api/auth/two-factor/verify-backup-code',
      {},
      {
        two_factor_token: await pendingSignIn(user.email, user.password),
        code: first,
      },
    );
    expect(reused.statusCode).toBe(400);
    expect(reused.json().fields).toEqual({ code: 'The recovery code is wrong' });

    const badPassword = await post(`${BASE}/recovery-codes`, bearer(user.token), { password: 'nope-nope-1' });
    expect(badPassword.statusCode).toBe(400);
    expect(Object.keys(badPassword.json().fields)).toEqual(['password']);
    const renewed = await post(`${BASE}/recovery-codes`, bearer(user.token), { password: user.password });
    expect(renewed.statusCode).toBe(200);
    expect(renewed.json().recovery_codes).toHaveLength(10);
    const old = await post(
      '/api/auth/two-factor/verify-backup-code',
      {},
      {
        two_factor_token: await pendingSignIn(user.email, user.password),
        code: second,
      },
    );
    expect(old.statusCode).toBe(400);

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
    const wrong = await post(`${BASE}/disable`, bearer(user.token), { password: 'wrong-password-1' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields).toEqual({ password: 'The password is wrong' });
    expect((await signIn(t.app, user.email, user.password)).json().two_factor_required).toBe(true);

    const off = await post(`${BASE}/disable`, bearer(user.token), { password: user.password });
    expect(off.statusCode).toBe(200);
    expect(off.json().two_factor_enabled).toBe(false);
    expect(off.cookies.find((c) => c.name === 'app_token')?.value).toBe(off.json().token);
    const overview = await t.app.inject({
      method: 'GET',
      url: '/api/account/security',
      headers: bearer(off.json().token),
    });
    expect(overview.json()).toMatchObject({ two_factor_enabled: false, two_factor_pending: false });
    const signedIn = await signIn(t.app, user.email, user.password);
    expect(signedIn.json()).toMatchObject({ two_factor_required: false });
    expect(signedIn.json().token).toEqual(expect.any(String));

    const again = await post(`${BASE}/disable`, bearer(off.json().token), { password: user.password });
    expect(again.statusCode).toBe(409);
  });

  it("better-auth's own two-factor and profile endpoints are closed; the account area owns them", async () => {
    const user = await signUpUser(t.app);
    for (const url of ['/api/auth/two-factor/enable', '/api/auth/update-user', '/api/auth//update-user']) {
      const res = await post(url, user.auth, {
        password: user.password,
        image: 'https://evil.example/x.png',
      });
      expect(res.statusCode).toBe(404);
    }
    const [row] = await t.platform.db.select().from(users).where(eq(users.id, user.userId));
    expect(row?.image).toBeNull();
  });
});
