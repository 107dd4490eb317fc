import { STREAM_END, subscribeAdminEditing, subscribeMessages } from '@app/contract/events/subscriber';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callEndpoint, callEndpointRaw, endpointUrl } from '../../test/call-endpoint';
import { createTestApp, signInAdmin, signUpUser, type TestApp } from '../../test/test-app';

/** The user's stream as the web opens it: its URL built from the contract. */
const userStream = (timeout: number) =>
  endpointUrl(subscribeMessages, { params: { topic: 'user_basic' }, query: { timeout } });
const editingStream = (timeout: number) => endpointUrl(subscribeAdminEditing, { query: { timeout } });

interface Frame {
  id: string | undefined;
  data: string;
}

/**
 * Opens a stream over real HTTP (fetch, not inject: the frames arrive while the test publishes)
 * and reads frames until END (or the connection closes). `path` comes from the contract.
 */
async function readStream(
  base: string,
  path: string,
  headers: Record<string, string>,
  onOpen?: () => Promise<void>,
): Promise<{ status: number; frames: Frame[] }> {
  const response = await fetch(`${base}${path}`, { headers });
  if (response.status !== 200 || !response.body) return { status: response.status, frames: [] };
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  const frames: Frame[] = [];
  let buffer = '';
  const opened = onOpen?.();
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    let end = buffer.indexOf('\n\n');
    while (end >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const id = /^id: (.*)$/m.exec(block)?.[1];
      const data = /^data: (.*)$/m.exec(block)?.[1] ?? '';
      frames.push({ id, data });
      end = buffer.indexOf('\n\n');
    }
  }
  await opened;
  return { status: 200, frames };
}

const payloads = (frames: Frame[]) =>
  frames.filter((f) => f.data !== STREAM_END).map((f) => JSON.parse(f.data));
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe(`event stream (${subscribeMessages.id})`, () => {
  let t: TestApp;
  let base: string;

  beforeAll(async () => {
    t = await createTestApp();
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  it('delivers a message to its user only, then ends with END carrying the last id', async () => {
    const ada = await signUpUser(t.app);
    const bob = await signUpUser(t.app);
    const events = t.platform.events;
    const [adaStream, bobStream] = await Promise.all([
      readStream(base, userStream(1), ada.auth, async () => {
        await pause(200);
        await events.publish('user_basic', ada.userId, { msgs_unread: { total: 1, msgs: [] } });
      }),
      readStream(base, userStream(1), bob.auth),
    ]);
    expect(payloads(adaStream.frames)).toEqual([{ msgs_unread: { total: 1, msgs: [] } }]);
    expect(payloads(bobStream.frames)).toEqual([]);
    const last = adaStream.frames.at(-1);
    expect(last?.data).toBe(STREAM_END);
    // END repeats the id of the message before it, so a reconnect starts after it.
    expect(last?.id).toBe(adaStream.frames[0]?.id);
  });

  it('replays after Last-Event-ID what was published between two connections, in order', async () => {
    const ada = await signUpUser(t.app);
    const first = await readStream(base, userStream(0.3), ada.auth);
    const cursor = first.frames.at(-1)?.id;
    expect(first.frames.map((f) => f.data)).toEqual([STREAM_END]);
    expect(cursor).toMatch(/^\d+$/);

    // Published while the client is away.
    await t.platform.events.publish('user_basic', ada.userId, { pop_up_msg_close: { id: 'n-1' } });
    await t.platform.events.publish('user_basic', null, { pop_up_msg_close: { id: 'n-2' } });

    const second = await readStream(base, userStream(0.3), {
      ...ada.auth,
      'last-event-id': cursor as string,
    });
    expect(payloads(second.frames)).toEqual([
      { pop_up_msg_close: { id: 'n-1' } },
      { pop_up_msg_close: { id: 'n-2' } },
    ]);

    // From the END's id on, nothing is replayed twice.
    const third = await readStream(base, userStream(0.3), {
      ...ada.auth,
      'last-event-id': second.frames.at(-1)?.id as string,
    });
    expect(payloads(third.frames)).toEqual([]);
  });

  it('an idle tab reconnecting at the head costs no read of stored messages; one behind is replayed', async () => {
    const ada = await signUpUser(t.app);
    const events = t.platform.events;
    const first = await readStream(base, userStream(0.2), ada.auth);
    let cursor = first.frames.at(-1)?.id as string;
    const readsBefore = events.storeReads;
    for (let i = 0; i < 5; i += 1) {
      const again = await readStream(base, userStream(0.2), {
        ...ada.auth,
        'last-event-id': cursor,
      });
      expect(again.frames.map((f) => f.data)).toEqual([STREAM_END]);
      cursor = again.frames.at(-1)?.id as string;
    }
    expect(events.storeReads).toBe(readsBefore);

    // A message published while away: the cursor is behind the head, so the store is read.
    await events.publish('user_basic', ada.userId, { pop_up_msg_close: { id: 'away' } });
    for (let i = 0; i < 50 && events.head <= Number(cursor); i += 1) await pause(10);
    const behind = await readStream(base, userStream(0.2), {
      ...ada.auth,
      'last-event-id': cursor,
    });
    expect(payloads(behind.frames)).toEqual([{ pop_up_msg_close: { id: 'away' } }]);
    expect(events.storeReads).toBe(readsBefore + 1);
  });

  it('announces nothing published in a transaction that rolled back', async () => {
    const ada = await signUpUser(t.app);
    const stream = await readStream(base, userStream(0.8), ada.auth, async () => {
      await pause(150);
      await t.platform.db
        .transaction(async (tx) => {
          await t.platform.events.publish('user_basic', ada.userId, { pop_up_msg_close: { id: 'gone' } }, tx);
          throw new Error('roll back');
        })
        .catch(() => undefined);
      await t.platform.events.publish('user_basic', ada.userId, { pop_up_msg_close: { id: 'kept' } });
    });
    expect(payloads(stream.frames)).toEqual([{ pop_up_msg_close: { id: 'kept' } }]);
  });

  it('carries a payload too large for NOTIFY by its id', async () => {
    const ada = await signUpUser(t.app);
    const big = {
      msgs_unread: {
        total: 1,
        msgs: [{ id: 'm', level: 'other', title: 'x', body: 'y'.repeat(20_000), creation_time: 1 }],
      },
    };
    const stream = await readStream(base, userStream(1), ada.auth, async () => {
      await pause(150);
      await t.platform.events.publish('user_basic', ada.userId, big);
    });
    expect(payloads(stream.frames)).toEqual([big]);
  });

  it('shows editing presence of an admin page only to users who may open that page', async () => {
    const admin = await signInAdmin(t.app);
    const user = await signUpUser(t.app);
    const presence = {
      route: '/admin/user/details',
      key: 'u-1',
      editing: [{ user_id: 'x', username: 'Root', avatar_url: null }],
    };
    const publish = async () => {
      await pause(200);
      await t.platform.events.publish('adm_data_editing', null, presence);
    };
    const [adminStream, userStream] = await Promise.all([
      readStream(base, editingStream(1), admin.auth, publish),
      readStream(base, editingStream(1), user.auth),
    ]);
    expect(payloads(adminStream.frames)).toEqual([presence]);
    expect(payloads(userStream.frames)).toEqual([]);
  });

  it('refuses an unknown topic, a bad timeout and a missing token', async () => {
    const ada = await signUpUser(t.app);
    // A topic the contract does not know, sent on purpose.
    const unknown = await callEndpointRaw(t.app, subscribeMessages, {
      as: ada,
      params: { topic: 'everything' },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.error().fields).toHaveProperty('topic');
    const badTimeout = await callEndpoint(t.app, subscribeMessages, {
      as: ada,
      params: { topic: 'user_basic' },
      query: { timeout: 0 },
    });
    expect(badTimeout.status).toBe(400);
    expect(badTimeout.error().fields).toHaveProperty('timeout');
    const anonymous = await callEndpoint(t.app, subscribeMessages, { params: { topic: 'user_basic' } });
    expect(anonymous.status).toBe(401);
    expect(anonymous.error().error_code).toBe('BEARER_TOKEN_ERROR');
  });
});
