import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInEvents, teamMembers, teams, users } from '../../db/schema';
import { createTestApp, signUpUser, type TestApp } from '../../test/test-app';

const SIGN_UP = '/api/auth/sign-up/email';
const SIGN_IN = '/api/auth/sign-in/email';

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

  it('sign-up creates the user, a personal team they own, and sets the app_token cookie', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: SIGN_UP,
      payload: { name: 'Mia', email: 'Mia@Example.com', password: 'long-enough-1' },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
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
    expect((await t.app.inject({ method: 'POST', url: SIGN_UP, payload })).statusCode).toBe(200);
    const again = await t.app.inject({
      method: 'POST',
      url: SIGN_UP,
      payload: { ...payload, email: 'DUP@example.com' },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
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
  ])('bad sign-up input is a VALIDATION_ERROR naming %s and creates nobody', async (field, payload) => {
    const before = await t.platform.db.select({ id: users.id }).from(users);
    const res = await t.app.inject({ method: 'POST', url: SIGN_UP, payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().error_code).toBe('VALIDATION_ERROR');
    expect(Object.keys(res.json().fields)).toContain(field);
    const after = await t.platform.db.select({ id: users.id }).from(users);
    expect(after.length).toBe(before.length);
  });

  it('sign-in returns a working token; a wrong password is UNAUTHORIZED', async () => {
    const user = await signUpUser(t.app);
    const ok = await t.app.inject({
      method: 'POST',
      url: SIGN_IN,
      payload: { email: user.email, password: user.password },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ two_factor_required: false, user: { id: user.userId } });
    const token = ok.json().token as string;
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/user/basic-infos',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(me.statusCode).toBe(200);

    const bad = await t.app.inject({
      method: 'POST',
      url: SIGN_IN,
      payload: { email: user.email, password: 'wrong-password' },
    });
    expect(bad.statusCode).toBe(401);
    expect(bad.json()).toMatchObject({ error_code: 'UNAUTHORIZED', msg: 'Invalid email or password' });
  });

  it('every sign-in attempt is recorded with its outcome, never with the password', async () => {
    const user = await signUpUser(t.app);
    await t.app.inject({
      method: 'POST',
      url: SIGN_IN,
      payload: { email: user.email, password: 'wrong-password' },
    });
    await t.app.inject({
      method: 'POST',
      url: SIGN_IN,
      payload: { email: user.email, password: user.password },
    });
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
    const res = await t.app.inject({
      method: 'POST',
      url: SIGN_IN,
      payload: { email: 'nope', password: '' },
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fields).sort()).toEqual(['email', 'password']);
  });

  it('POST /api/sign-out revokes the session and clears the cookie', async () => {
    const user = await signUpUser(t.app);
    const out = await t.app.inject({ method: 'POST', url: '/api/sign-out', headers: user.auth, payload: {} });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toMatchObject({ signed_out: true });
    const cleared = out.cookies.find((c) => c.name === 'app_token');
    expect(cleared?.value).toBe('');
    const me = await t.app.inject({ method: 'GET', url: '/api/user/basic-infos', headers: user.auth });
    expect(me.statusCode).toBe(401);
    expect(me.json().error_code).toBe('BEARER_TOKEN_ERROR');
  });

  it('signing out without a session is not an error', async () => {
    const out = await t.app.inject({ method: 'POST', url: '/api/sign-out', payload: {} });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toMatchObject({ signed_out: false });
  });

  it('no password or token ever reaches the logs', async () => {
    const user = await signUpUser(t.app);
    await t.app.inject({ method: 'GET', url: '/api/user/basic-infos', headers: user.auth });
    await t.app.inject({
      method: 'POST',
      url: SIGN_IN,
      payload: { email: user.email, password: user.password },
    });
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
    const payload = { email: 'nobody@example.com', password: 'whatever-1' };
    const headers = clientAddress();
    for (let i = 0; i < 3; i++) {
      expect((await t.app.inject({ method: 'POST', url: SIGN_IN, payload, headers })).statusCode).toBe(401);
    }
    const limited = await t.app.inject({ method: 'POST', url: SIGN_IN, payload, headers });
    expect(limited.statusCode).toBe(429);
    const body = limited.json();
    expect(body.error_code).toBe('RATE_LIMITED');
    expect(body._retry_.waiting_time).toBeGreaterThan(0);
    expect(body._retry_.waiting_time).toBeLessThanOrEqual(60);
  });

  it('sign-up is limited too', async () => {
    let last = 0;
    for (let i = 0; i < 4; i++) {
      last = (
        await t.app.inject({
          method: 'POST',
          url: SIGN_UP,
          payload: { name: 'x', email: 'bad', password: 'x' },
        })
      ).statusCode;
    }
    expect(last).toBe(429);
  });
});
