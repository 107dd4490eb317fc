import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInEvents } from '../../db/schema';
import { createTestApp, signUpUser, type TestApp } from '../../test/test-app';
import { bearer, signIn } from './security-test-kit';

const SESSIONS = '/api/account/security/sessions';

describe('active sessions and recent sign-ins', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: 'true' });
  });
  afterAll(() => t.close());

  const get = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });
  const me = (token: string) => get('/api/user/basic-infos', bearer(token));

  it('lists the sessions with the current one flagged', async () => {
    const user = await signUpUser(t.app);
    const laptop = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { 'user-agent': 'Laptop browser', 'x-forwarded-for': '203.0.113.9' },
      payload: { email: user.email, password: user.password },
    });
    const res = await get(SESSIONS, user.auth);
    expect(res.statusCode).toBe(200);
    const items = res.json().items as {
      current: boolean;
      user_agent: string | null;
      ip_address: string | null;
    }[];
    expect(items).toHaveLength(2);
    expect(items.filter((s) => s.current)).toHaveLength(1);
    expect(items).toContainEqual(
      expect.objectContaining({ current: false, user_agent: 'Laptop browser', ip_address: '203.0.113.9' }),
    );
    const fromLaptop = await get(SESSIONS, bearer(laptop.json().token));
    const current = (fromLaptop.json().items as { current: boolean; user_agent: string }[]).find(
      (s) => s.current,
    );
    expect(current?.user_agent).toBe('Laptop browser');
  });

  it('revokes one other session; not the current one, and never another user’s', async () => {
    const user = await signUpUser(t.app);
    const stranger = await signUpUser(t.app);
    const second = (await signIn(t.app, user.email, user.password)).json().token as string;
    const items = (await get(SESSIONS, user.auth)).json().items as { id: string; current: boolean }[];
    const current = items.find((s) => s.current);
    const other = items.find((s) => !s.current);
    if (!current || !other) throw new Error('expected two sessions');

    const self = await t.app.inject({
      method: 'DELETE',
      url: `${SESSIONS}/${current.id}`,
      headers: user.auth,
    });
    expect(self.statusCode).toBe(409);

    const strangers = (await get(SESSIONS, stranger.auth)).json().items as { id: string }[];
    const foreign = await t.app.inject({
      method: 'DELETE',
      url: `${SESSIONS}/${strangers[0]?.id}`,
      headers: user.auth,
    });
    expect(foreign.statusCode).toBe(404);
    expect((await me(stranger.token)).statusCode).toBe(200);

    const ok = await t.app.inject({ method: 'DELETE', url: `${SESSIONS}/${other.id}`, headers: user.auth });
    expect(ok.statusCode).toBe(200);
    expect((await me(second)).statusCode).toBe(401);
    expect((await me(user.token)).statusCode).toBe(200);
    const gone = await t.app.inject({ method: 'DELETE', url: `${SESSIONS}/${other.id}`, headers: user.auth });
    expect(gone.statusCode).toBe(404);
  });

  it('revoke-others ends every session but the caller’s', async () => {
    const user = await signUpUser(t.app);
    const others = [
      (await signIn(t.app, user.email, user.password)).json().token as string,
      (await signIn(t.app, user.email, user.password)).json().token as string,
    ];
    const res = await t.app.inject({
      method: 'POST',
      url: `${SESSIONS}/revoke-others`,
      headers: user.auth,
      payload: {},
    });
    expect(res.json()).toMatchObject({ revoked: 2 });
    for (const token of others) expect((await me(token)).statusCode).toBe(401);
    expect((await me(user.token)).statusCode).toBe(200);
    expect((await get(SESSIONS, user.auth)).json().items).toHaveLength(1);
  });

  it('recent sign-ins: successes and failures, newest first, at most 20, only the caller’s', async () => {
    const user = await signUpUser(t.app);
    const stranger = await signUpUser(t.app);
    await signIn(t.app, stranger.email, 'wrong-password-1');
    for (let i = 0; i < 21; i++) await signIn(t.app, user.email, 'wrong-password-1');
    await signIn(t.app, user.email, user.password);

    const res = await get('/api/account/security/sign-ins', user.auth);
    expect(res.statusCode).toBe(200);
    const items = res.json().items as {
      id: number;
      method: string;
      success: boolean;
      reason: string | null;
    }[];
    expect(items).toHaveLength(20);
    expect(items[0]).toMatchObject({ method: 'password', success: true, reason: null });
    expect(items[1]).toMatchObject({ method: 'password', success: false, reason: 'invalid_credentials' });
    expect(items.map((e) => e.id)).toEqual([...items.map((e) => e.id)].sort((a, b) => b - a));

    // An unknown address is recorded too (for admins), under no account.
    await signIn(t.app, 'nobody-here@example.com', 'whatever-1');
    const orphan = await t.platform.db
      .select()
      .from(signInEvents)
      .where(eq(signInEvents.email, 'nobody-here@example.com'));
    expect(orphan).toMatchObject([{ userId: null, success: false }]);
  });
});
