import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BusMessage } from '../../platform/event-bus';
import { createTestApp, signInAdmin, signUpUser, type TestApp } from '../../test/test-app';

const now = () => Math.floor(Date.now() / 1000);

describe('notices and pop-ups', () => {
  let t: TestApp;
  let admin: { auth: Record<string, string> };
  beforeAll(async () => {
    t = await createTestApp();
    admin = await signInAdmin(t.app);
  });
  afterAll(() => t.close());

  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    headers: Record<string, string>,
    payload?: object,
  ) => t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

  async function signInAgain(email: string, password: string) {
    const res = await call('POST', '/api/auth/sign-in/email', {}, { email, password });
    return { authorization: `Bearer ${res.json().token}` };
  }

  it('a pop-up shows until closed; closed on one device it is closed on every device, which hears of it', async () => {
    const created = await call('POST', '/api/admin/msg/notices', admin.auth, {
      level: 'important',
      title: 'New pricing',
      body: 'Plans change on 1 December.',
      pop_up: true,
      start_time: now() - 60,
      end_time: now() + 3600,
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).toMatchObject({ status: 'active', closed_count: 0 });
    const id = created.json().id;

    const user = await signUpUser(t.app);
    const phone = await signInAgain(user.email, user.password);
    const popUps = async (headers: Record<string, string>) =>
      (await call('GET', '/api/account/notices/pop-up', headers))
        .json()
        .items.map((n: { id: string }) => n.id);
    expect(await popUps(user.auth)).toContain(id);
    expect(await popUps(phone)).toContain(id);

    const heard: BusMessage[] = [];
    const stop = t.platform.events.subscribe('user_basic', user.userId, (m) => heard.push(m));
    expect((await call('POST', `/api/account/notices/${id}/close`, user.auth)).json()).toEqual({
      closed: true,
    });
    expect(await popUps(user.auth)).not.toContain(id);
    expect(await popUps(phone)).not.toContain(id);
    await expect.poll(() => heard.map((m) => m.payload)).toEqual([{ pop_up_msg_close: { id } }]);
    // Closing again announces nothing new.
    await call('POST', `/api/account/notices/${id}/close`, phone);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(heard).toHaveLength(1);
    stop();

    // Others still see it; the admin list counts the close.
    const other = await signUpUser(t.app);
    expect(await popUps(other.auth)).toContain(id);
    const list = (await call('GET', '/api/admin/msg/notices', admin.auth)).json();
    expect(list.items.find((n: { id: string }) => n.id === id)).toMatchObject({ closed_count: 1 });
  });

  it('shows a notice only within its time window', async () => {
    const scheduled = await call('POST', '/api/admin/msg/notices', admin.auth, {
      level: 'other',
      title: 'Later',
      body: 'Not yet',
      pop_up: true,
      start_time: now() + 3600,
      end_time: null,
    });
    expect(scheduled.json().status).toBe('scheduled');
    const ended = await call('POST', '/api/admin/msg/notices', admin.auth, {
      level: 'other',
      title: 'Over',
      body: 'Done',
      pop_up: false,
      start_time: now() - 7200,
      end_time: now() - 3600,
    });
    expect(ended.json().status).toBe('ended');
    const user = await signUpUser(t.app);
    const current = (await call('GET', '/api/account/notices', user.auth))
      .json()
      .items.map((n: { title: string }) => n.title);
    expect(current).not.toContain('Later');
    expect(current).not.toContain('Over');
  });

  it('refuses an end before the start, naming end_time; users cannot publish; unknown ids are not found', async () => {
    const bad = await call('POST', '/api/admin/msg/notices', admin.auth, {
      level: 'other',
      title: 'x',
      body: 'y',
      pop_up: false,
      start_time: now(),
      end_time: now() - 10,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toHaveProperty('end_time');
    const user = await signUpUser(t.app);
    const refused = await call('POST', '/api/admin/msg/notices', user.auth, {
      level: 'other',
      title: 'x',
      body: 'y',
      pop_up: false,
      start_time: now(),
      end_time: null,
    });
    expect(refused.statusCode).toBe(403);
    expect((await call('POST', '/api/account/notices/nope/close', user.auth)).statusCode).toBe(404);
    expect((await call('DELETE', '/api/admin/msg/notices/nope', admin.auth)).statusCode).toBe(404);
  });
});
