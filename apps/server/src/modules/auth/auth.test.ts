import { Writable } from 'node:stream';
import { postSignIn } from '@app/contract/auth/sign-in';
import { postSignOut } from '@app/contract/auth/sign-out';
import { postSignUp } from '@app/contract/auth/sign-up';
import { getBasicInfos } from '@app/contract/user/get-basic-infos';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInEvents, teamMembers, teams, users } from '../../db/schema';
import { type Caller, callEndpoint, callEndpointRaw } from '../../test/call-endpoint';
import { createTestApp, signUpUser, type TestApp } from '../../test/test-app';

describe('auth: sign-up, sign-in, sign-out', () => {
  let t: TestApp;
  const logLines: string[] = [];

  beforeAll(async () => {
    const stream = new Writable({
      write(chunk, _enc, done) {
        logLines.push(String(chunk));
        done();
      },
    });
    t = await createTestApp({}, { logger: { level: 'trace', stream } });
  });
  afterAll(() => t.close());

  const signUp = (body: { name: string; email: string; password: string }) =>
    callEndpoint(t.app, postSignUp, { body });
  const signIn = (email: string, password: string) =>
    callEndpoint(t.app, postSignIn, { body: { email, password } });
  const me = (as: Caller) => callEndpoint(t.app, getBasicInfos, { as });

  it('sign-up creates the user, a personal team they own, and sets the app_token cookie', async () => {
    const res = await signUp({ name: 'Mia', email: 'Mia@Example.com', password: 'long-enough-1' });
    const body = res.ok();
    expect(body.user).toMatchObject({ email: 'mia@example.com', name: 'Mia' });
    expect(body.token).toBeTruthy();
    const cookie = res.cookies.find((c) => c.name === 'app_token');
    expect(cookie?.value).toBe(body.token);
    expect(cookie?.path).toBe('/');

    const [user] = await t.platform.db.select().from(users).where(eq(users.id, body.user.id));
    expect(user?.role).toBe('user');
    const owned = await t.platform.db
      .select({ personal: teams.personal, role: teamMembers.role })
      .from(teamMembers)
      .innerJoin(teams, eq(teams.id, teamMembers.teamId))
      .where(eq(teamMembers.userId, body.user.id));
    expect(owned).toEqual([{ personal: true, role: 'owner' }]);
  });

  it('a second sign-up with the same e-mail is a CONFLICT naming the email field', async () => {
    const payload = { name: 'Dup', email: 'dup@example.com', password: 'long-enough-1' };
    expect((await signUp(payload)).status).toBe(200);
    const again = await signUp({ ...payload, email: 'DUP@example.com' });
    expect(again.status).toBe(409);
    expect(again.error()).toMatchObject({
      error_code: 'CONFLICT',
      fields: { email: 'The email already exists' },
    });
  });

  it.each([
    ['name', { email: 'a@example.com', password: 'long-enough-1' }],
    ['name', { name: '', email: 'a@example.com', password: 'long-enough-1' }],
    ['name', { name: 'x'.repeat(65), email: 'a@example.com', password: 'long-enough-1' }],
    ['email', { name: 'A', email: 'not-an-email', password: 'long-enough-1' }],
    ['password', { name: 'A', email: 'a@example.com', password: 'short' }],
    ['password', { name: 'A', email: 'a@example.com', password: 'x'.repeat(129) }],
  ])('bad sign-up input is a VALIDATION_ERROR naming %s and creates nobody', async (field, body) => {
    const before = await t.platform.db.select({ id: users.id }).from(users);
    // Bodies the contract refuses, sent on purpose.
    const res = await callEndpointRaw(t.app, postSignUp, { body });
    expect(res.status).toBe(400);
    expect(res.error().error_code).toBe('VALIDATION_ERROR');
    expect(Object.keys(res.error().fields ?? {})).toContain(field);
    const after = await t.platform.db.select({ id: users.id }).from(users);
    expect(after.length).toBe(before.length);
  });

  it('sign-in returns a working token; a wrong password is UNAUTHORIZED', async () => {
    const user = await signUpUser(t.app);
    const ok = (await signIn(user.email, user.password)).ok();
    expect(ok).toMatchObject({ two_factor_required: false, user: { id: user.userId } });
    expect((await me({ auth: { authorization: `Bearer ${ok.token}` } })).status).toBe(200);

    const bad = await signIn(user.email, 'wrong-password');
    expect(bad.status).toBe(401);
    expect(bad.error()).toMatchObject({ error_code: 'UNAUTHORIZED', msg: 'Invalid email or password' });
  });

  it('every sign-in attempt is recorded with its outcome, never with the password', async () => {
    const user = await signUpUser(t.app);
    await signIn(user.email, 'wrong-password');
    await signIn(user.email, user.password);
    const events = await t.platform.db
      .select()
      .from(signInEvents)
      .where(eq(signInEvents.userId, user.userId))
      .orderBy(signInEvents.id);
    expect(events.map((e) => [e.method, e.success, e.reason])).toEqual([
      ['sign_up', true, null],
      ['password', false, 'invalid_credentials'],
      ['password', true, null],
    ]);
    expect(JSON.stringify(events)).not.toContain('wrong-password');
  });

  it('bad sign-in input is a VALIDATION_ERROR naming the field', async () => {
    const res = await signIn('nope', '');
    expect(res.status).toBe(400);
    expect(Object.keys(res.error().fields ?? {}).sort()).toEqual(['email', 'password']);
  });

  it(`${postSignOut.id} revokes the session and clears the cookie`, async () => {
    const user = await signUpUser(t.app);
    const out = await callEndpoint(t.app, postSignOut, { as: user });
    expect(out.ok()).toMatchObject({ signed_out: true });
    const cleared = out.cookies.find((c) => c.name === 'app_token');
    expect(cleared?.value).toBe('');
    const after = await me(user);
    expect(after.status).toBe(401);
    expect(after.error().error_code).toBe('BEARER_TOKEN_ERROR');
  });

  it('signing out without a session is not an error', async () => {
    const out = await callEndpoint(t.app, postSignOut);
    expect(out.ok()).toMatchObject({ signed_out: false });
  });

  it('no password or token ever reaches the logs', async () => {
    const user = await signUpUser(t.app);
    await me(user);
    await signIn(user.email, user.password);
    const all = logLines.join('');
    expect(all.length).toBeGreaterThan(0);
    expect(all).not.toContain(user.password);
    expect(all).not.toContain(user.token);
  });
});

// With REDIS_URL (as in CI) the counters live in Redis, shared by every instance.
/** A fresh client address per test: Redis counters outlive the test database. */
function clientAddress(): Record<string, string> {
  return {
    'x-forwarded-for': `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
  };
}

const limiterStores: [string, Record<string, string>][] = [['in memory', {}]];
if (process.env.TEST_REDIS_URL) limiterStores.push(['in Redis', { REDIS_URL: process.env.TEST_REDIS_URL }]);

describe.each(limiterStores)('auth: rate limiting %s', (_label, env) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT_MAX: '3', TRUST_PROXY: 'true', ...env });
  });
  afterAll(() => t.close());

  it('the attempt after the limit is RATE_LIMITED with _retry_.waiting_time', async () => {
    const body = { email: 'nobody@example.com', password: 'whatever-1' };
    const headers = clientAddress();
    for (let i = 0; i < 3; i++) {
      expect((await callEndpoint(t.app, postSignIn, { body, headers })).status).toBe(401);
    }
    const limited = await callEndpoint(t.app, postSignIn, { body, headers });
    expect(limited.status).toBe(429);
    const refusal = limited.error();
    expect(refusal.error_code).toBe('RATE_LIMITED');
    expect(refusal._retry_?.waiting_time).toBeGreaterThan(0);
    expect(refusal._retry_?.waiting_time).toBeLessThanOrEqual(60);
  });

  it('sign-up is limited too', async () => {
    let last = 0;
    for (let i = 0; i < 4; i++) {
      last = (await callEndpoint(t.app, postSignUp, { body: { name: 'x', email: 'bad', password: 'x' } }))
        .status;
    }
    expect(last).toBe(429);
  });
});
