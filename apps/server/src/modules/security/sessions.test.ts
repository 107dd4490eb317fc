import {
  listActiveSessions,
  revokeActiveSession,
  revokeOtherSessions,
} from '@app/contract/account/security/sessions';
import { listRecentSignIns } from '@app/contract/account/security/sign-ins';
import { postSignIn } from '@app/contract/auth/sign-in';
import { getBasicInfos } from '@app/contract/user/get-basic-infos';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions as sessionRows, signInEvents } from '../../db/schema';
import { type Caller, callEndpoint } from '../../test/call-endpoint';
import { createTestApp, signUpUser, type TestApp } from '../../test/test-app';
import { bearer, signIn } from './security-test-kit';

describe('active sessions and recent sign-ins', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: 'true' });
  });
  afterAll(() => t.close());

  const sessions = async (as: Caller) => (await callEndpoint(t.app, listActiveSessions, { as })).ok().items;
  const me = (token: string | null) => callEndpoint(t.app, getBasicInfos, { as: bearer(token) });
  const revoke = (as: Caller, id: string) => callEndpoint(t.app, revokeActiveSession, { as, params: { id } });
  const tokenOf = async (email: string, password: string) =>
    (await signIn(t.app, email, password)).ok().token;

  it('"last active" moves with use, written at most once per five minutes per session', async () => {
    const user = await signUpUser(t.app);
    const [current] = await sessions(user);
    if (!current) throw new Error('no session');
    const tenMinutesAgo = new Date(Date.now() - 10 * 60_000);
    const setActivity = (at: Date) =>
      t.platform.db.update(sessionRows).set({ updatedAt: at }).where(eq(sessionRows.id, current.id));
    const activity = async () =>
      (await t.platform.db.select().from(sessionRows).where(eq(sessionRows.id, current.id)))[0]?.updatedAt;

    // Used ten minutes after it was last active: the next request records the use.
    await setActivity(tenMinutesAgo);
    t.platform.sessions.clear();
    const before = Date.now();
    await me(user.token);
    await expect.poll(async () => (await activity())?.getTime() ?? 0).toBeGreaterThanOrEqual(before - 1000);
    const shown = (await sessions(user)).find((s) => s.id === current.id);
    expect(shown?.last_active_at).toBeGreaterThanOrEqual(Math.floor(before / 1000) - 1);

    // Used again at once: nothing is written (the row keeps what the test put there).
    await setActivity(tenMinutesAgo);
    await me(user.token);
    await sessions(user);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await activity())?.getTime()).toBe(tenMinutesAgo.getTime());
  });

  it('lists the sessions with the current one flagged', async () => {
    const user = await signUpUser(t.app);
    const laptop = await callEndpoint(t.app, postSignIn, {
      headers: { 'user-agent': 'Laptop browser', 'x-forwarded-for': '203.0.113.9' },
      body: { email: user.email, password: user.password },
    });
    const items = await sessions(user);
    expect(items).toHaveLength(2);
    expect(items.filter((s) => s.current)).toHaveLength(1);
    expect(items).toContainEqual(
      expect.objectContaining({ current: false, user_agent: 'Laptop browser', ip_address: '203.0.113.9' }),
    );
    const fromLaptop = await sessions(bearer(laptop.ok().token));
    expect(fromLaptop.find((s) => s.current)?.user_agent).toBe('Laptop browser');
  });

  it('revokes one other session; not the current one, and never another user’s', async () => {
    const user = await signUpUser(t.app);
    const stranger = await signUpUser(t.app);
    const second = await tokenOf(user.email, user.password);
    const items = await sessions(user);
    const current = items.find((s) => s.current);
    const other = items.find((s) => !s.current);
    if (!current || !other) throw new Error('expected two sessions');

    expect((await revoke(user, current.id)).status).toBe(409);

    const [strangers] = await sessions(stranger);
    expect((await revoke(user, strangers?.id ?? '')).status).toBe(404);
    expect((await me(stranger.token)).status).toBe(200);

    expect((await revoke(user, other.id)).status).toBe(200);
    expect((await me(second)).status).toBe(401);
    expect((await me(user.token)).status).toBe(200);
    expect((await revoke(user, other.id)).status).toBe(404);
  });

  it('revoke-others ends every session but the caller’s', async () => {
    const user = await signUpUser(t.app);
    const others = [await tokenOf(user.email, user.password), await tokenOf(user.email, user.password)];
    const res = await callEndpoint(t.app, revokeOtherSessions, { as: user });
    expect(res.ok()).toMatchObject({ revoked: 2 });
    for (const token of others) expect((await me(token)).status).toBe(401);
    expect((await me(user.token)).status).toBe(200);
    expect(await sessions(user)).toHaveLength(1);
  });

  it('recent sign-ins: successes and failures, newest first, at most 20, only the caller’s', async () => {
    const user = await signUpUser(t.app);
    const stranger = await signUpUser(t.app);
    await signIn(t.app, stranger.email, 'wrong-password-1');
    for (let i = 0; i < 21; i++) await signIn(t.app, user.email, 'wrong-password-1');
    await signIn(t.app, user.email, user.password);

    const { items } = (await callEndpoint(t.app, listRecentSignIns, { as: user })).ok();
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
