import { postSignIn } from '@app/contract/auth/sign-in';
import {
  closePopUpNotice,
  createNotice,
  deleteNotice,
  listAdminNotices,
  listCurrentNotices,
  listPopUpNotices,
} from '@app/contract/messages/notices';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BusMessage } from '../../platform/event-bus';
import { type Caller, callEndpoint } from '../../test/call-endpoint';
import { createTestApp, signInAdmin, signUpUser, type TestApp } from '../../test/test-app';

const now = () => Math.floor(Date.now() / 1000);

describe('notices and pop-ups', () => {
  let t: TestApp;
  let admin: Caller;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await signInAdmin(t.app);
  });
  afterAll(() => t.close());

  async function signInAgain(email: string, password: string): Promise<Caller> {
    const { token } = (await callEndpoint(t.app, postSignIn, { body: { email, password } })).ok();
    return { auth: { authorization: `Bearer ${token}` } };
  }

  it('a pop-up shows until closed; closed on one device it is closed on every device, which hears of it', async () => {
    const created = (
      await callEndpoint(t.app, createNotice, {
        as: admin,
        body: {
          level: 'important',
          title: 'New pricing',
          body: 'Plans change on 1 December.',
          pop_up: true,
          start_time: now() - 60,
          end_time: now() + 3600,
        },
      })
    ).ok();
    expect(created).toMatchObject({ status: 'active', closed_count: 0 });
    const id = created.id;

    const user = await signUpUser(t.app);
    const phone = await signInAgain(user.email, user.password);
    const popUps = async (as: Caller) =>
      (await callEndpoint(t.app, listPopUpNotices, { as })).ok().items.map((n) => n.id);
    const close = (as: Caller) => callEndpoint(t.app, closePopUpNotice, { as, params: { id } });
    expect(await popUps(user)).toContain(id);
    expect(await popUps(phone)).toContain(id);

    const heard: BusMessage[] = [];
    const stop = t.platform.events.subscribe('user_basic', user.userId, (m) => heard.push(m));
    expect((await close(user)).ok()).toEqual({ closed: true });
    expect(await popUps(user)).not.toContain(id);
    expect(await popUps(phone)).not.toContain(id);
    await expect.poll(() => heard.map((m) => m.payload)).toEqual([{ pop_up_msg_close: { id } }]);
    // Closing again announces nothing new.
    await close(phone);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(heard).toHaveLength(1);
    stop();

    // Others still see it; the admin list counts the close.
    const other = await signUpUser(t.app);
    expect(await popUps(other)).toContain(id);
    const list = (await callEndpoint(t.app, listAdminNotices, { as: admin })).ok();
    expect(list.items.find((n) => n.id === id)).toMatchObject({ closed_count: 1 });
  });

  it('shows a notice only within its time window', async () => {
    const scheduled = await callEndpoint(t.app, createNotice, {
      as: admin,
      body: {
        level: 'other',
        title: 'Later',
        body: 'Not yet',
        pop_up: true,
        start_time: now() + 3600,
        end_time: null,
      },
    });
    expect(scheduled.ok().status).toBe('scheduled');
    const ended = await callEndpoint(t.app, createNotice, {
      as: admin,
      body: {
        level: 'other',
        title: 'Over',
        body: 'Done',
        pop_up: false,
        start_time: now() - 7200,
        end_time: now() - 3600,
      },
    });
    expect(ended.ok().status).toBe('ended');
    const user = await signUpUser(t.app);
    const current = (await callEndpoint(t.app, listCurrentNotices, { as: user }))
      .ok()
      .items.map((n) => n.title);
    expect(current).not.toContain('Later');
    expect(current).not.toContain('Over');
  });

  it('refuses an end before the start, naming end_time; users cannot publish; unknown ids are not found', async () => {
    const bad = await callEndpoint(t.app, createNotice, {
      as: admin,
      body: { level: 'other', title: 'x', body: 'y', pop_up: false, start_time: now(), end_time: now() - 10 },
    });
    expect(bad.status).toBe(400);
    expect(bad.error().fields).toHaveProperty('end_time');
    const user = await signUpUser(t.app);
    const refused = await callEndpoint(t.app, createNotice, {
      as: user,
      body: { level: 'other', title: 'x', body: 'y', pop_up: false, start_time: now(), end_time: null },
    });
    expect(refused.status).toBe(403);
    expect((await callEndpoint(t.app, closePopUpNotice, { as: user, params: { id: 'nope' } })).status).toBe(
      404,
    );
    expect((await callEndpoint(t.app, deleteNotice, { as: admin, params: { id: 'nope' } })).status).toBe(404);
  });
});
