import { registerEditing } from '@app/contract/admin/editing/register';
import type { EndpointBody } from '@app/contract/define-endpoint';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { editingPresence, users } from '../../db/schema';
import type { BusMessage } from '../../platform/event-bus';
import { type Caller, callEndpoint, callEndpointRaw } from '../../test/call-endpoint';
import { createTestApp, signInAdmin, signUpUser, type TestApp } from '../../test/test-app';
import { expirePresence } from './presence.service';

describe(`editing presence (${registerEditing.id})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const register = (
    as: Caller,
    opt: EndpointBody<typeof registerEditing>['opt'],
    key = 'u-1',
    route = '/admin/user/details',
  ) => callEndpoint(t.app, registerEditing, { as, body: { route, key, opt } });

  async function secondAdmin() {
    const other = await signUpUser(t.app, { name: 'Grace' });
    await t.platform.db.update(users).set({ role: 'admin' }).where(eq(users.id, other.userId));
    return other;
  }

  it('two admins on the same record see each other; others hear of arrivals and departures', async () => {
    const root = await signInAdmin(t.app);
    const grace = await secondAdmin();
    const heard: BusMessage[] = [];
    const stop = t.platform.events.subscribe('adm_data_editing', grace.userId, (m) => heard.push(m));

    const first = (await register(root, 'enter')).ok();
    expect(first.editing.map((e) => e.username)).toHaveLength(1);
    const second = (await register(grace, 'enter')).ok();
    expect(second.editing.map((e) => e.username)).toEqual([first.editing[0]?.username, 'Grace']);
    // A heartbeat changes nobody's view: no announcement.
    await register(root, 'heartbeat');
    await register(root, 'leave');
    await expect.poll(() => heard.length).toBe(3);
    expect(heard.map((m) => (m.payload as { editing: unknown[] }).editing.length)).toEqual([1, 2, 1]);
    expect(heard[2]?.payload).toMatchObject({
      route: '/admin/user/details',
      key: 'u-1',
      editing: [{ username: 'Grace' }],
    });
    stop();
  });

  it("one of a user's two tabs leaving keeps them present; the last one leaving is announced", async () => {
    const root = await signInAdmin(t.app);
    const grace = await secondAdmin();
    const heard: BusMessage[] = [];
    const stop = t.platform.events.subscribe('adm_data_editing', grace.userId, (m) => heard.push(m));
    await register(root, 'enter', 'u-2');
    await register(root, 'enter', 'u-2');
    const afterOne = await register(root, 'leave', 'u-2');
    expect(afterOne.ok().editing).toHaveLength(1);
    const afterBoth = await register(root, 'leave', 'u-2');
    expect(afterBoth.ok().editing).toEqual([]);
    await expect
      .poll(() => heard.map((m) => (m.payload as { editing: unknown[] }).editing.length))
      .toEqual([1, 0]);
    stop();
  });

  it('a presence without heartbeats expires, and the page hears who is left', async () => {
    const grace = await secondAdmin();
    await register(grace, 'enter', 'u-9');
    await t.platform.db
      .update(editingPresence)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(editingPresence.userId, grace.userId));
    const heard: BusMessage[] = [];
    const stop = t.platform.events.subscribe('adm_data_editing', grace.userId, (m) => heard.push(m));
    expect(await expirePresence(t.platform)).toBe(1);
    await expect
      .poll(() => heard.map((m) => m.payload))
      .toEqual([{ route: '/admin/user/details', key: 'u-9', editing: [] }]);
    stop();
  });

  it('refuses users who may not open the page, non-admin routes and a bad opt, naming the field', async () => {
    const user = await signUpUser(t.app);
    expect((await register(user, 'enter')).status).toBe(403);
    const root = await signInAdmin(t.app);
    const notAdmin = await register(root, 'enter', 'x', '/chat');
    expect(notAdmin.status).toBe(400);
    expect(notAdmin.error().fields).toHaveProperty('route');
    // An opt the contract does not know, sent on purpose.
    const badOpt = await callEndpointRaw(t.app, registerEditing, {
      as: root,
      body: { route: '/admin/user/details', key: 'u-1', opt: 'dance' },
    });
    expect(badOpt.status).toBe(400);
    expect(badOpt.error().fields).toHaveProperty('opt');
  });
});
